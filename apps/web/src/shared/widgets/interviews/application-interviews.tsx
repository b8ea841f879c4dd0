import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCandidateJobApplications } from '../../resources/candidates/get-candidate-job-applications';
import { useApplicationInterviews } from '../../resources/interviews/get-interviews';
import type { Interview } from '../../resources/interviews/interview';
import { useCancelInterview } from '../../resources/interviews/schedule-interview';
import { formatWhen } from './format-when';
import { registerInterviewTexts } from './i18n';

registerInterviewTexts();

// The dialog and the scorecards load on first use (decision 084: what a screen does not show at first).
const ScheduleInterviewDialog = lazy(async () => ({
  default: (await import('./interview-dialogs')).ScheduleInterviewDialog,
}));
const InterviewScorecardsPanel = lazy(async () => ({
  default: (await import('./interview-dialogs')).InterviewScorecardsPanel,
}));

/**
 * "Interviews" of the candidate panel on the job offer screen (issue 27): this application's interviews, each
 * with its time in the organiser's and the candidate's zones side by side, the candidate's answer and the
 * scorecards; scheduling, rescheduling and cancelling.
 */
export function ApplicationInterviews({
  candidateId,
  jobOfferId,
}: {
  candidateId: number;
  jobOfferId: number;
}) {
  const { t } = useTranslation();
  const applications = useCandidateJobApplications(candidateId);
  const application = applications.data?.find((a) => a.jobOfferId === jobOfferId);
  const interviews = useApplicationInterviews(application?.id);
  const [dialog, setDialog] = useState<{ interview?: Interview } | null>(null);
  if (!application) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('interviews.title')}>
      <Group justify="space-between">
        <Title order={3} size="h6">
          {t('interviews.title')}
        </Title>
        <Button
          size="compact-xs"
          variant="light"
          leftSection={<IconCalendarPlus size={14} aria-hidden />}
          onClick={() => setDialog({})}
        >
          {t('interviews.schedule')}
        </Button>
      </Group>
      {interviews.data?.length === 0 && (
        <Text size="sm" c="gray.8">
          {t('interviews.none')}
        </Text>
      )}
      {interviews.data?.map((interview) => (
        <InterviewCard
          key={interview.id}
          interview={interview}
          candidateId={candidateId}
          onReschedule={() => setDialog({ interview })}
        />
      ))}
      {dialog && (
        <Suspense fallback={null}>
          <ScheduleInterviewDialog
            applicationId={application.id}
            candidateId={candidateId}
            interview={dialog.interview}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
    </Stack>
  );
}

function InterviewCard({
  interview,
  candidateId,
  onReschedule,
}: {
  interview: Interview;
  candidateId: number;
  onReschedule: () => void;
}) {
  const { t, i18n } = useTranslation();
  const cancel = useCancelInterview(candidateId);
  const [confirming, setConfirming] = useState(false);
  const [scorecards, setScorecards] = useState(false);
  const cancelled = interview.state === 'cancelled';
  const { ratings, count } = interview.scorecards;
  return (
    <Paper withBorder p="xs" radius="sm" data-testid="interview">
      <Stack gap={4}>
        <Group gap="xs">
          <Badge variant="light">{t(`interviews.kinds.${interview.kind}`)}</Badge>
          {cancelled ? (
            <Badge color="red" variant="light">
              {t('interviews.cancelled')}
            </Badge>
          ) : (
            <Badge color={interview.answer?.kind === 'accepted' ? 'green' : 'gray'} variant="light">
              {t(`interviews.answers.${interview.answer?.kind ?? 'none'}`)}
            </Badge>
          )}
        </Group>
        <Text size="sm">
          {t('interviews.organiserTime')}: {formatWhen(interview.startsAt, interview.timeZone, i18n.language)}
        </Text>
        <Text size="sm">
          {t('interviews.candidateTime')}:{' '}
          {formatWhen(interview.startsAt, interview.candidateTimeZone, i18n.language)}
        </Text>
        {interview.location && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {interview.location}
          </Text>
        )}
        <Text size="sm" c="gray.8">
          {t('interviews.with', { names: interview.interviewers.map((u) => u.name).join(', ') })}
        </Text>
        {interview.answer?.note && (
          <Text size="sm" fs="italic">
            “{interview.answer.note}”
          </Text>
        )}
        {count > 0 && (
          <Text size="sm">
            {t('interviews.scorecards.summary', {
              count,
              ratings: [4, 3, 2, 1]
                .filter((r) => (ratings[r - 1] ?? 0) > 0)
                .map((r) => `${ratings[r - 1]} × ${t(`interviews.scorecards.ratings.${r}`)}`)
                .join(', '),
            })}
          </Text>
        )}
        {confirming ? (
          <Group gap="xs">
            <Text size="sm">{t('interviews.confirmCancel')}</Text>
            <Button
              size="compact-xs"
              color="red"
              loading={cancel.isPending}
              onClick={() =>
                void cancel.mutateAsync(interview.id).then(
                  () => setConfirming(false),
                  () => {},
                )
              }
            >
              {t('interviews.cancel')}
            </Button>
            <Button size="compact-xs" variant="default" onClick={() => setConfirming(false)}>
              {t('interviews.keep')}
            </Button>
          </Group>
        ) : (
          <Group gap="xs">
            <Button size="compact-xs" variant="subtle" onClick={() => setScorecards((open) => !open)}>
              {t('interviews.scorecards.open')}
            </Button>
            {!cancelled && (
              <>
                <Button size="compact-xs" variant="subtle" onClick={onReschedule}>
                  {t('interviews.reschedule')}
                </Button>
                <Button size="compact-xs" variant="subtle" color="red" onClick={() => setConfirming(true)}>
                  {t('interviews.cancel')}
                </Button>
              </>
            )}
          </Group>
        )}
        {scorecards && (
          <Suspense fallback={null}>
            <InterviewScorecardsPanel interview={interview} candidateId={candidateId} />
          </Suspense>
        )}
      </Stack>
    </Paper>
  );
}
