import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../../shared/api/notify-error';
import { cacheMutation } from '../../../shared/api/query-client';
import { JOB_OFFER_EMBED, type JobOfferFields } from '../../../shared/resources/job-offers/job-offer';
import type { JobOffer } from '../types';
import { prependJobOffer } from './job-offers-cache';

/** POST /job_offers `{job_offer: {...}}`; a failure toasts 'The job offer could not be saved'. */
export const createJobOffer = (fields: JobOfferFields): Promise<JobOffer> =>
  callOrToast(
    routes.jobOffers.create,
    { query: { embed: JOB_OFFER_EMBED }, body: { jobOffer: fields } },
    'errors.jobOfferSave',
  );

export const useCreateJobOffer = () => useMutation(cacheMutation(createJobOffer, prependJobOffer));
