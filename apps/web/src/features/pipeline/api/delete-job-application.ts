import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import type { JobApplication } from '../types';
import { refreshAfterWrite, removeLocally } from './pipeline-cache';

/** DELETE /job_applications/{id}; a failure toasts 'The job application could not be deleted'. */
export const deleteJobApplication = (application: JobApplication): Promise<void> =>
  withErrorToast(
    () => call(routes.jobApplications.remove, { params: { id: application.id } }),
    i18n.t('errors.applicationDelete'),
  );

/**
 * 'Delete' of a row or card (SPEC section 4): once the server agrees, the row goes, the count and its status
 * drop by one, and the page is fetched again to fill the gap.
 */
export function useDeleteJobApplication(jobOfferId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJobApplication,
    onSuccess: (_nothing, application) => {
      removeLocally(queryClient, jobOfferId, application);
      return refreshAfterWrite(queryClient, jobOfferId, application.candidateId, 'refetch');
    },
  });
}
