import { Button, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { notifyError } from '../../../shared/api/notify-error';
import { useSelectedStatuses } from '../../../shared/hooks/use-selected-statuses';
import { showToast } from '../../../shared/notifications/toast';
import type { JobOffer } from '../../../shared/resources/job-offers/job-offer';
import { JobOfferFrame } from '../../../shared/widgets/job-offer-frame/job-offer-frame';
import { StatusPicker } from '../../../shared/widgets/status-picker/status-picker';
import { useCopyCandidates } from '../api/copy-candidates';
import { registerCopyTexts } from '../i18n';
import { CopyDestination, destinationChoice } from './copy-destination';

registerCopyTexts();

/** Copy screen (/jobs/{jobId}/copy), SPEC sections 2 and 4. */
export function CopyScreen() {
  const { t } = useTranslation();
  const id = Number(useParams().jobId);
  return (
    <JobOfferFrame
      jobOfferId={id}
      title={t('screens.copy')}
      sourceLabel={t('jobOfferCopy.from')}
      loadingLabel={t('jobOfferCopy.loading')}
    >
      {(offer) => <CopyForm offer={offer} />}
    </JobOfferFrame>
  );
}

/**
 * Statuses to copy from, then an existing offer OR a new one, then Copy (disabled while no candidate is
 * selected). Without a destination: 'Please select a job offer or create a new one'. Success toasts
 * '{n} element(s) copied, {m} duplicate(s) excluded' and opens the destination; failure toasts 'Error during copy'.
 */
function CopyForm({ offer }: { offer: JobOffer }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [selected, setSelected] = useSelectedStatuses();
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [draft, setDraft] = useState<{ name: string; companyId: number | null }>({
    name: '',
    companyId: null,
  });
  const copy = useCopyCandidates();
  const statuses = offer.summary.statuses;
  const selectedCount = statuses
    .filter((status) => selected.includes(status.id))
    .reduce((sum, status) => sum + status.candidatesCount, 0);

  const submit = async () => {
    const choice = destinationChoice(selectedId, draft);
    if (choice.kind === 'none') {
      showToast(t('errors.copyNoTarget'), 'error');
      return;
    }
    const dest =
      choice.kind === 'select' ? { id: choice.id } : { name: choice.name, companyId: choice.companyId };
    try {
      const result = await copy.mutateAsync({ sourceId: offer.id, fromStatus: selected, dest });
      showToast(t('jobOfferCopy.copied', { n: result.ok.length, m: result.duplicates.length }), 'success');
      navigate(`/jobs/${result.jobOffer.id}`);
    } catch (error) {
      // The one toast of a failed copy: 'Error during copy', with the reason the error code gives.
      notifyError(error, t('errors.copyFailed'));
    }
  };

  return (
    <Stack
      component="form"
      aria-label={t('screens.copy')}
      gap="lg"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <StatusPicker
        label={t('jobOfferCopy.statuses')}
        statuses={statuses}
        value={selected}
        onChange={setSelected}
      />
      <CopyDestination
        sourceId={offer.id}
        selectedId={selectedId}
        onSelect={setSelectedId}
        draft={draft}
        onDraft={setDraft}
      />
      <Group>
        <Button type="submit" disabled={selectedCount === 0} loading={copy.isPending}>
          {t('jobOfferCopy.copy')}
        </Button>
        <Text size="sm" c="gray.8" aria-live="polite">
          {t('jobOfferCopy.selectedCount', { count: selectedCount })}
        </Text>
      </Group>
    </Stack>
  );
}
