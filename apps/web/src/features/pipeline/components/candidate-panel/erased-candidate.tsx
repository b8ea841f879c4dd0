import { Alert, CloseButton, Divider, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/i18n/format-date';
import type { Candidate } from '../../../../shared/resources/candidates/candidate';
import { OtherApplications } from './other-applications';
import { ThisApplication } from './this-application';

interface ErasedCandidateProps {
  candidate: Candidate;
  name: string;
  jobOfferId: number;
  onClose: () => void;
}

/**
 * The panel of an erased candidate (a tombstone, decision 193): what is left is counted, not named. It shows when
 * the erasure happened and the applications' statuses, and offers nothing to edit: the server refuses any write.
 */
export function ErasedCandidate({ candidate, name, jobOfferId, onClose }: ErasedCandidateProps) {
  const { t } = useTranslation();
  const erasedOn = formatDate(candidate.erasedAt ?? '');
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={2} size="h4">
          {name}
        </Title>
        <CloseButton aria-label={t('jobOffer.panel.close')} onClick={onClose} />
      </Group>
      <Alert color="gray">{t('jobOffer.panel.erased', { date: erasedOn })}</Alert>
      <ThisApplication candidateId={candidate.id} jobOfferId={jobOfferId} />
      <Divider />
      <Title order={3} size="h6">
        {t('jobOffer.panel.otherApplications')}
      </Title>
      <OtherApplications candidateId={candidate.id} jobOfferId={jobOfferId} />
    </Stack>
  );
}
