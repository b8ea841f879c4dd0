import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkCreateResult } from '@vivier/contract';
import type { Camelize } from '../../api/case';
import { withErrorToast } from '../../api/notify-error';
import { mainService } from '../../api/services';
import { i18n } from '../../i18n/i18n';

export interface BulkCreateRequest {
  jobOfferId: number;
  statusId: number;
  candidatesIds: number[];
}

/**
 * POST /job_applications/bulk_create `{job_offer_id, status_id, candidates_ids}` (SPEC section 7): answers how
 * many were added and which were already in the offer. A failure toasts the generic 'Error during the process'.
 */
export const bulkCreateApplications = (request: BulkCreateRequest): Promise<Camelize<BulkCreateResult>> =>
  withErrorToast(
    () => mainService.post<Camelize<BulkCreateResult>>('/job_applications/bulk_create', request),
    i18n.t('errors.generic'),
  );

/** The mutation; job offers (their counts) and candidates (their order) are refetched after it. */
export function useBulkCreateApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkCreateApplications,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['job-offers'] }),
        queryClient.invalidateQueries({ queryKey: ['candidates'] }),
      ]),
  });
}
