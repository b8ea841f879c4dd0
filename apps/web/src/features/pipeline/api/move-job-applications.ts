import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../../shared/api/notify-error';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { activityKeys } from '../../../shared/resources/activity/activity';
import { jobApplicationKeys } from '../../../shared/resources/job-applications/job-application-keys';
import type { Rejection } from '../../../shared/widgets/candidate-activity/rejection-prompt';
import type { JobApplication, PipelineStatus } from '../types';
import { moveLocally, refreshAfterWrite, restoreSnapshot, takeSnapshot } from './pipeline-cache';

export interface SelectionMove {
  jobOfferId: number;
  applications: JobApplication[];
  status: PipelineStatus;
  rejection?: Rejection | undefined;
}

/**
 * PATCH /job_offers/{id}/job_applications `{status_id, job_application_ids}`: the keyboard selection moved in
 * one transaction (issue 28); a failure toasts 'The job applications could not be updated'.
 */
export const moveJobApplications = ({ jobOfferId, applications, status, rejection }: SelectionMove) =>
  callOrToast(
    routes.jobApplications.moveAll,
    {
      params: { id: jobOfferId },
      query: {},
      body: {
        statusId: status.id,
        jobApplicationIds: applications.map((a) => a.id),
        ...(rejection ? { rejection } : {}),
      },
    },
    'errors.applicationsUpdate',
  );

/** The selection's move, shown at once (rows, cards and counts) and put back if the server refuses it. */
export function useMoveJobApplications(jobOfferId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (move: Omit<SelectionMove, 'jobOfferId'>) => moveJobApplications({ ...move, jobOfferId }),
    onMutate: async ({ applications, status }) => {
      await queryClient.cancelQueries({ queryKey: jobApplicationKeys.offer(jobOfferId) });
      const snapshot = takeSnapshot(queryClient, jobOfferId);
      for (const application of applications) {
        if (application.statusId !== status.id) moveLocally(queryClient, jobOfferId, application, status);
      }
      return { snapshot };
    },
    onError: (_error, _move, context) => {
      if (context) restoreSnapshot(queryClient, context.snapshot);
    },
    onSettled: (_moved, _error, { applications }) =>
      Promise.all(
        applications.map((application) => {
          void refetchAfterWrite(queryClient, { queryKey: activityKeys.candidate(application.candidateId) });
          return refreshAfterWrite(queryClient, jobOfferId, application.candidateId, 'keep');
        }),
      ),
  });
}
