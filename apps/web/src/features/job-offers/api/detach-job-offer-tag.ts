import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withSilentFailure } from '../../../shared/api/silent-failure';
import { JOB_OFFER_EMBED } from '../../../shared/resources/job-offers/job-offer';
import type { JobOffer } from '../types';
import type { JobOfferTag } from './attach-job-offer-tag';
import { replaceJobOffer } from './job-offers-cache';

/** DELETE /job_offers/{id}/tags/{tagId}; a tag error is silent (SPEC section 8). */
export const detachJobOfferTag = ({ jobOfferId, tagId }: JobOfferTag): Promise<JobOffer> =>
  withSilentFailure(() =>
    call(routes.jobOffers.detachTag, {
      params: { id: jobOfferId, tagId },
      query: { embed: JOB_OFFER_EMBED },
    }),
  );

export function useDetachJobOfferTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: detachJobOfferTag,
    onSuccess: (offer) => replaceJobOffer(queryClient, offer),
  });
}
