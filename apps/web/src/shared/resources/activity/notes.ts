import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call, callPage } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { refetchAfterWrite } from '../../api/query-client';
import { i18n } from '../../i18n/i18n';
import { jobApplicationKeys } from '../job-applications/job-application-keys';
import { activityKeys } from './activity';

/** GET /candidates/{id}/notes: the newest 100 notes (one application's when given). */
export const getNotes = (candidateId: number, jobApplicationId?: number) =>
  withErrorToast(
    () =>
      callPage(routes.notes.list, 1, 100, {
        params: { id: candidateId },
        query: jobApplicationId === undefined ? {} : { jobApplicationId },
      }),
    i18n.t('activity.fetchFailed'),
  );

export const useNotes = (candidateId: number, jobApplicationId?: number) =>
  useQuery({
    queryKey: activityKeys.notes(candidateId, { jobApplicationId }),
    queryFn: () => getNotes(candidateId, jobApplicationId),
  });

/**
 * Every write to a candidate's notes refreshes its activity (notes and timeline) and the application lists
 * showing the candidate (a card's notes count).
 */
function useNoteMutation<I, R>(run: (input: I) => Promise<R>, failure: string, candidateId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => withErrorToast(() => run(input), i18n.t(failure)),
    onSuccess: () =>
      Promise.all([
        refetchAfterWrite(queryClient, { queryKey: activityKeys.candidate(candidateId) }),
        refetchAfterWrite(queryClient, { queryKey: jobApplicationKeys.all }),
      ]),
  });
}

/** POST /candidates/{id}/notes. */
export const useCreateNote = (candidateId: number) =>
  useNoteMutation(
    (input: { content: string; jobApplicationId?: number | undefined }) =>
      call(routes.notes.create, {
        params: { id: candidateId },
        body: {
          content: input.content,
          ...(input.jobApplicationId === undefined ? {} : { jobApplicationId: input.jobApplicationId }),
        },
      }),
    'activity.notes.saveFailed',
    candidateId,
  );

/** PATCH /notes/{id}. */
export const useUpdateNote = (candidateId: number) =>
  useNoteMutation(
    (input: { id: number; content: string }) =>
      call(routes.notes.update, { params: { id: input.id }, body: { content: input.content } }),
    'activity.notes.saveFailed',
    candidateId,
  );

/** DELETE /notes/{id}. */
export const useDeleteNote = (candidateId: number) =>
  useNoteMutation(
    (id: number) => call(routes.notes.remove, { params: { id } }),
    'activity.notes.deleteFailed',
    candidateId,
  );
