import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCandidateJobApplications } from '../../../../shared/resources/candidates/get-candidate-job-applications';
import { ApplicationAnswers } from '../../../../shared/widgets/careers-application/application-answers';
import { SourceBadge } from '../../../../shared/widgets/careers-application/source-badge';

/**
 * The candidate's application to this offer as they made it on the careers site (issue 23): where they came
 * from and their answers to the offer's questions. Read from the candidate's applications, which the panel's
 * 'other job applications' list fetches anyway; nothing for an application a recruiter added.
 */
export function ThisApplication({ candidateId, jobOfferId }: { candidateId: number; jobOfferId: number }) {
  const { t } = useTranslation();
  const query = useCandidateJobApplications(candidateId);
  const application = query.data?.find((item) => item.jobOfferId === jobOfferId);
  if (!application || (application.source === null && application.answers.length === 0)) return null;
  return (
    <Stack gap="xs" data-testid="this-application">
      {application.source && (
        <Group gap={6}>
          <Text size="sm" c="gray.8">
            {t('applications.cameFrom')}
          </Text>
          <SourceBadge source={application.source} />
        </Group>
      )}
      <ApplicationAnswers answers={application.answers} />
    </Stack>
  );
}
