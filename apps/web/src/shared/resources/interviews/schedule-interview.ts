import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../api/notify-error';
import { invalidatingMutation } from '../../api/query-client';
import { activityKeys } from '../activity/activity';
import { jobApplicationKeys } from '../job-applications/job-application-keys';
import { type InterviewInput, interviewKeys } from './interview';

/**
 * Writes of an interview (issue 27): schedule, reschedule, cancel. Each refreshes the interviews, the
 * candidate's timeline and the pipeline's cards (a card shows the next interview).
 */
const refreshed = (candidateId: number) => [
  interviewKeys.all,
  activityKeys.candidate(candidateId),
  jobApplicationKeys.all,
];

/** POST /job_applications/{id}/interviews. */
export const useScheduleInterview = (candidateId: number) =>
  useMutation(
    invalidatingMutation(
      (input: { applicationId: number; interview: InterviewInput }) =>
        callOrToast(
          routes.interviews.schedule,
          { params: { id: input.applicationId }, body: input.interview },
          'errors.interviewSave',
        ),
      ...refreshed(candidateId),
    ),
  );

/** PATCH /interviews/{id}. */
export const useRescheduleInterview = (candidateId: number) =>
  useMutation(
    invalidatingMutation(
      (input: { interviewId: number; interview: InterviewInput }) =>
        callOrToast(
          routes.interviews.reschedule,
          { params: { id: input.interviewId }, body: input.interview },
          'errors.interviewSave',
        ),
      ...refreshed(candidateId),
    ),
  );

/** POST /interviews/{id}/cancel. */
export const useCancelInterview = (candidateId: number) =>
  useMutation(
    invalidatingMutation(
      (interviewId: number) =>
        callOrToast(routes.interviews.cancel, { params: { id: interviewId } }, 'errors.interviewSave'),
      ...refreshed(candidateId),
    ),
  );
