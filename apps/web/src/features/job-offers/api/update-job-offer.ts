import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import type { BodyOf } from '../../../shared/api/call';
import { callOrToast } from '../../../shared/api/notify-error';
import { cacheMutation } from '../../../shared/api/query-client';
import type { JobOfferFields } from '../../../shared/resources/job-offers/job-offer';
import { JOB_OFFER_EMBED } from '../../../shared/resources/job-offers/job-offer';
import type { JobOffer } from '../types';
import { replaceJobOffer } from './job-offers-cache';

export interface JobOfferUpdate {
  id: number;
  fields: Partial<JobOfferFields>;
}

/**
 * PATCH /job_offers/{id} `{job_offer: {...}}`, answered with the embeds every offer read has; a failure toasts
 * 'The job offer could not be saved'. The form's save and Archive / Unarchive both go through it.
 */
export const patchJobOffer = (
  id: number,
  jobOffer: BodyOf<typeof routes.jobOffers.update>['jobOffer'],
): Promise<JobOffer> =>
  callOrToast(
    routes.jobOffers.update,
    { params: { id }, query: { embed: JOB_OFFER_EMBED }, body: { jobOffer } },
    'errors.jobOfferSave',
  );

export const updateJobOffer = ({ id, fields }: JobOfferUpdate): Promise<JobOffer> =>
  patchJobOffer(id, fields);

export const useUpdateJobOffer = () => useMutation(cacheMutation(updateJobOffer, replaceJobOffer));
