import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { type BodyOf, call } from '../../../shared/api/call';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { JOB_OFFER_EMBED, type JobOfferCopyResult } from '../../../shared/resources/job-offers/job-offer';
import { jobOfferKeys } from '../../../shared/resources/job-offers/job-offer-keys';

export type CopyResult = JobOfferCopyResult;

/** Where the candidates go: an existing offer, or a new one (SPEC section 2, Copy screen). */
export type CopyDestination = CopyBody['dest'];

type CopyBody = BodyOf<typeof routes.jobOffers.copy>;

/** The offer the candidates come from, and the copy's body. */
export type CopyRequest = CopyBody & { sourceId: number };

/**
 * POST /job_offers/{id}/copy `{from_status, dest}` (SPEC section 7). It toasts nothing itself: the copy screen
 * says 'Error during copy' (SPEC section 8, Copy), one toast for one failure.
 */
export const copyCandidates = ({ sourceId, fromStatus, dest }: CopyRequest): Promise<CopyResult> =>
  call(routes.jobOffers.copy, {
    params: { id: sourceId },
    query: { embed: JOB_OFFER_EMBED },
    body: { fromStatus, dest },
  });

/** The copy, then every job offer list and count refetched: the destination changed, or is new. */
export function useCopyCandidates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyCandidates,
    onSuccess: (result) => {
      queryClient.setQueryData(jobOfferKeys.detail(result.jobOffer.id), result.jobOffer);
      return refetchAfterWrite(queryClient, { queryKey: jobOfferKeys.all });
    },
  });
}
