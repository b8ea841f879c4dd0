import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withSilentFailure } from '../../../shared/api/silent-failure';
import { JOB_OFFER_EMBED } from '../../../shared/resources/job-offers/job-offer';
import type { JobOffer } from '../types';
import { replaceJobOffer } from './job-offers-cache';

export interface JobOfferTag {
  jobOfferId: number;
  tagId: number;
}

/** POST /job_offers/{id}/tags/{tagId}; a tag error is silent (SPEC section 8). */
export const attachJobOfferTag = ({ jobOfferId, tagId }: JobOfferTag): Promise<JobOffer> =>
  withSilentFailure(() =>
    call(routes.jobOffers.attachTag, {
      params: { id: jobOfferId, tagId },
      query: { embed: JOB_OFFER_EMBED },
    }),
  );

export function useAttachJobOfferTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachJobOfferTag,
    onSuccess: (offer) => replaceJobOffer(queryClient, offer),
  });
}
