import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LegalBasis } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { refetchAfterWrite } from '../../api/query-client';
import { i18n } from '../../i18n/i18n';

/**
 * POST /candidates/{id}/erase `{confirmation}` (issue 24, decision 193): the admin typed the full name. Every
 * cached list may show the candidate, so every query is refetched once it is gone. A failure toasts why (a
 * name that does not match reads so).
 */
export function useEraseCandidate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, confirmation }: { id: number; confirmation: string }) =>
      withErrorToast(
        () => call(routes.candidateErasures.eraseOne, { params: { id }, body: { confirmation } }),
        i18n.t('erasure.failed'),
      ),
    onSuccess: () => void refetchAfterWrite(queryClient),
  });
}

export type ErasureProgress = { id: number; total: number; done: number; erased: number; finished: boolean };

/** How often a bulk erasure's progress is read while the server erases. */
export const ERASURE_PROGRESS_EVERY_MS = 500;

export type BulkErasureRequest = {
  selection:
    | { candidateIds: number[] }
    | {
        filters: {
          search?: string;
          /** "Search in CVs": the search's term also selects the candidates whose files hold it. */
          inCvs?: 'true';
          tags?: string[];
          source?: string;
          legalBasis?: LegalBasis;
        };
      };
  confirmation: string;
  onProgress?: (progress: ErasureProgress) => void;
};

/**
 * POST /candidate_erasures, then GET /candidate_erasures/{id} every ERASURE_PROGRESS_EVERY_MS until the queue
 * has handled every candidate (decision 193).
 */
export function useBulkErasure() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ selection, confirmation, onProgress }: BulkErasureRequest) => {
      const fail = i18n.t('erasure.bulkFailed');
      let progress = await withErrorToast(
        () => call(routes.candidateErasures.create, { body: { ...selection, confirmation } }),
        fail,
      );
      for (;;) {
        onProgress?.(progress);
        if (progress.finished) return progress;
        await new Promise((resolve) => setTimeout(resolve, ERASURE_PROGRESS_EVERY_MS));
        const id = progress.id;
        progress = await withErrorToast(
          () => call(routes.candidateErasures.progress, { params: { id } }),
          fail,
        );
      }
    },
    onSettled: () => void refetchAfterWrite(queryClient),
  });
}
