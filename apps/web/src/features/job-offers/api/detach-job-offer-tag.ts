import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { cacheMutation } from '../../../shared/api/query-client';
import { callSilently } from '../../../shared/api/silent-failure';
import { JOB_OFFER_EMBED } from '../../../shared/resources/job-offers/job-offer';
import type { JobOffer } from '../types';
import type { JobOfferTag } from './attach-job-offer-tag';
import { replaceJobOffer } from './job-offers-cache';

/** DELETE /job_offers/{id}/tags/{tagId}; a tag error is silent (SPEC section 8). */
export const detachJobOfferTag = ({ jobOfferId, tagId }: JobOfferTag): Promise<JobOffer> =>
  callSilently(routes.jobOffers.detachTag, {
    params: { id: jobOfferId, tagId },
    query: { embed: JOB_OFFER_EMBED },
  });

export const useDetachJobOfferTag = () => useMutation(cacheMutation(detachJobOfferTag, replaceJobOffer));
