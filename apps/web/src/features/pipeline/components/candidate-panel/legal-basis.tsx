import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../../shared/i18n/format-date';
import type { Candidate } from '../../../../shared/resources/candidates/candidate';
import { useLicenceUsers } from '../../../../shared/resources/users/get-licence-users';

/**
 * Why Vivier holds the candidate's data (issue 24, decision 195): consent given (on the apply form or the
 * retention link) and when, or legitimate interest, since when and by which user when known.
 */
export function LegalBasis({ candidate }: { candidate: Candidate }) {
  const { t } = useTranslation();
  const users = useLicenceUsers().data;
  const date = formatDate(candidate.legalBasisAt);
  const by = users?.find((user) => user.id === candidate.legalBasisBy);
  const text =
    candidate.legalBasis === 'consent'
      ? t('jobOffer.panel.consentOn', { date })
      : by
        ? t('jobOffer.panel.interestBy', { date, name: `${by.firstName} ${by.lastName}`.trim() || by.email })
        : t('jobOffer.panel.interestOn', { date });
  return (
    <Stack gap={4}>
      <Title order={3} size="h6">
        {t('jobOffer.panel.legalBasis')}
      </Title>
      <Text size="sm">{text}</Text>
    </Stack>
  );
}
