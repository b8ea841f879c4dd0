import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobOfferCopyResult } from '@vivier/contract';
import type { Camelize } from '../../../shared/api/case';
import { mainService } from '../../../shared/api/services';
import { JOB_OFFER_EMBED, jobOfferResourceKeys } from '../../../shared/resources/job-offers/job-offer';

export type CopyResult = Camelize<JobOfferCopyResult>;

/** Where the candidates go: an existing offer, or a new one (SPEC section 2, Copy screen). */
export type CopyDestination = { id: number } | { name: string; companyId: number | null };

export interface CopyRequest {
  sourceId: number;
  fromStatus: number[];
  dest: CopyDestination;
}

/**
 * POST /job_offers/{id}/copy `{from_status, dest}` (SPEC section 7). It toasts nothing itself: the copy screen
 * says 'Error during copy' (SPEC section 8, Copy), one toast for one failure.
 */
export const copyCandidates = ({ sourceId, fromStatus, dest }: CopyRequest): Promise<CopyResult> =>
  mainService.post<CopyResult>(
    `/job_offers/${sourceId}/copy`,
    { fromStatus, dest },
    { query: { embed: JOB_OFFER_EMBED } },
  );

/** The copy, then every job offer list and count refetched: the destination changed, or is new. */
export function useCopyCandidates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyCandidates,
    onSuccess: (result) => {
      queryClient.setQueryData(jobOfferResourceKeys.detail(result.jobOffer.id), result.jobOffer);
      return queryClient.invalidateQueries({ queryKey: jobOfferResourceKeys.all });
    },
  });
}
