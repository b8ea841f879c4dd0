import { Anchor, Badge, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCandidateJobApplications } from '../../../../shared/resources/candidates/get-candidate-job-applications';
import { candidateInOfferPath } from '../pipeline-url-state';
import { StatusSwatch } from '../status-swatch';

/**
 * The candidate's other job applications, those excluding the current job offer (SPEC section 2), each linking
 * to that offer with the candidate open.
 */
export function OtherApplications({ candidateId, jobOfferId }: { candidateId: number; jobOfferId: number }) {
  const { t } = useTranslation();
  const query = useCandidateJobApplications(candidateId);
  if (query.isPending)
    return query.fetchStatus === 'idle' ? null : <Loader size="xs" aria-label={t('common.loading')} />;
  const others = (query.data ?? []).filter((application) => application.jobOfferId !== jobOfferId);
  if (others.length === 0) {
    return (
      <Text size="sm" c="gray.8">
        {t('jobOffer.panel.noOtherApplication')}
      </Text>
    );
  }
  return (
    <Stack component="ul" gap={6} m={0} p={0} style={{ listStyle: 'none' }}>
      {others.map((application) => (
        <li key={application.id}>
          <Anchor
            component={Link}
            to={candidateInOfferPath(application.jobOfferId, candidateId)}
            size="sm"
            fw={600}
          >
            {application.jobOffer?.name}
          </Anchor>
          <Group gap="xs">
            <Text size="xs" c="gray.8">
              {application.jobOffer?.company?.name ?? t('jobOffer.noCompany')}
            </Text>
            <Badge
              size="xs"
              variant="outline"
              color="gray.8"
              tt="none"
              leftSection={<StatusSwatch color={application.status?.color} size={8} />}
            >
              {application.status?.name ?? t('jobOffer.noStatus')}
            </Badge>
          </Group>
        </li>
      ))}
    </Stack>
  );
}
