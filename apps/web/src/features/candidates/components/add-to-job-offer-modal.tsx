import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../shared/notifications/toast';
import { useBulkCreateApplications } from '../../../shared/resources/job-applications/bulk-create';
import type { JobOfferOption } from '../../../shared/resources/job-offers/search-job-offers';
import { useCandidatesByIds } from '../api/get-candidates-by-ids';
import { registerCandidateDialogTexts } from './candidate-dialogs-i18n';
import { JobOfferPicker } from './job-offer-picker';
import { StatusPicker } from './status-picker';

registerCandidateDialogTexts();

/** How many selected names the modal spells out. */
const NAMES_SHOWN = 5;

export interface AddToJobOfferModalProps {
  opened: boolean;
  selectedIds: number[];
  onClose: () => void;
  /** After a successful add: the screen clears its selection. */
  onAdded: () => void;
}

/**
 * The add-to-job-offer flow (SPEC sections 2, 4 and 5): a job offer, then a status, then 'Validate', which
 * sends only when both are set; then the toast '{n} candidates successfully added to job offer' and a reset.
 */
export function AddToJobOfferModal({ opened, selectedIds, onClose, onAdded }: AddToJobOfferModalProps) {
  const { t } = useTranslation();
  const [offer, setOffer] = useState<JobOfferOption | null>(null);
  const [statusId, setStatusId] = useState<number | null>(null);
  const names = useCandidatesByIds(selectedIds, opened);
  const bulkCreate = useBulkCreateApplications();

  const reset = () => {
    setOffer(null);
    setStatusId(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const validate = async () => {
    if (!offer || statusId === null) return;
    try {
      const result = await bulkCreate.mutateAsync({
        jobOfferId: offer.id,
        statusId,
        candidatesIds: selectedIds,
      });
      showToast(t('candidates.added', { count: result.created }), 'success');
      if (result.duplicates.length > 0) {
        showToast(t('candidates.alreadyInOffer', { count: result.duplicates.length }), 'info');
      }
      reset();
      onAdded();
    } catch {
      // toasted by the call (SPEC section 8); the choices stay for another try
    }
  };

  const known = names.data ?? [];
  const listed = known.slice(0, NAMES_SHOWN).map((c) => c.fullName || t('candidates.card.unnamed'));
  const more = selectedIds.length - listed.length;
  return (
    <Modal opened={opened} onClose={close} title={t('candidates.bulk.title')} size="lg">
      <Stack>
        {listed.length > 0 && (
          <Text size="sm">
            {t('candidates.bulk.selection', { names: listed.join(', ') })}
            {more > 0 ? ` ${t('candidates.bulk.more', { count: more })}` : ''}
          </Text>
        )}
        <JobOfferPicker value={offer} onChange={setOffer} />
        <StatusPicker value={statusId} onChange={setStatusId} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          {offer && statusId !== null && (
            <Button onClick={() => void validate()} loading={bulkCreate.isPending}>
              {t('candidates.bulk.validate')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
