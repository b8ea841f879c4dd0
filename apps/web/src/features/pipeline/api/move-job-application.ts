import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../../shared/api/notify-error';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { activityKeys } from '../../../shared/resources/activity/activity';
import { jobApplicationKeys } from '../../../shared/resources/job-applications/job-application-keys';
import type { Rejection } from '../../../shared/widgets/candidate-activity/rejection-prompt';
import type { JobApplication, PipelineStatus } from '../types';
import { APPLICATION_EMBED } from './get-job-applications';
import { moveLocally, refreshAfterWrite, restoreSnapshot, saveLocally, takeSnapshot } from './pipeline-cache';

export interface ApplicationMove {
  application: JobApplication;
  status: PipelineStatus;
  /** Why, when the status is marked rejected (issue 21). */
  rejection?: Rejection | undefined;
}

/** PATCH /job_applications/{id} `{status_id}`; a failure toasts 'The job applications could not be updated'. */
export const moveJobApplication = ({
  application,
  status,
  rejection,
}: ApplicationMove): Promise<JobApplication> =>
  callOrToast(
    routes.jobApplications.move,
    {
      params: { id: application.id },
      query: { embed: APPLICATION_EMBED },
      body: { statusId: status.id, ...(rejection ? { rejection } : {}) },
    },
    'errors.applicationsUpdate',
  );

/**
 * The status switcher and the board's drop (SPEC section 4): the counts move at once (one down, one up) and
 * the summary is saved; a refusal puts everything back.
 */
export function useMoveJobApplication(jobOfferId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveJobApplication,
    onMutate: async ({ application, status }) => {
      await queryClient.cancelQueries({ queryKey: jobApplicationKeys.offer(jobOfferId) });
      const snapshot = takeSnapshot(queryClient, jobOfferId);
      moveLocally(queryClient, jobOfferId, application, status);
      return { snapshot };
    },
    onSuccess: (saved) => saveLocally(queryClient, jobOfferId, saved),
    onError: (_error, _move, context) => {
      if (context) restoreSnapshot(queryClient, context.snapshot);
    },
    onSettled: (_saved, _error, { application }) => {
      void refetchAfterWrite(queryClient, { queryKey: activityKeys.candidate(application.candidateId) });
      return refreshAfterWrite(queryClient, jobOfferId, application.candidateId, 'keep');
    },
  });
}
