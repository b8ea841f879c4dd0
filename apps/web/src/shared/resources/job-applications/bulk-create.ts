import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BulkCreateResult } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { type BodyOf, call } from '../../api/call';
import type { Camelize } from '../../api/case';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { candidateKeys } from '../candidates/candidate';
import { jobOfferKeys } from '../job-offers/job-offer-keys';

export type BulkCreateRequest = BodyOf<typeof routes.jobApplications.bulkCreate>;

/**
 * POST /job_applications/bulk_create `{job_offer_id, status_id, candidates_ids}` (SPEC section 7): answers how
 * many were added and which were already in the offer. A failure toasts the generic 'Error during the process'.
 */
export const bulkCreateApplications = (request: BulkCreateRequest): Promise<Camelize<BulkCreateResult>> =>
  withErrorToast(() => call(routes.jobApplications.bulkCreate, { body: request }), i18n.t('errors.generic'));

/** The mutation; job offers (their counts) and candidates (their order) are refetched after it. */
export function useBulkCreateApplications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bulkCreateApplications,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: jobOfferKeys.all }),
        queryClient.invalidateQueries({ queryKey: candidateKeys.all }),
      ]),
  });
}
