import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { JOB_OFFER_EMBED, type JobOfferFields } from '../../../shared/resources/job-offers/job-offer';
import type { JobOffer } from '../types';
import { prependJobOffer } from './job-offers-cache';

/** POST /job_offers `{job_offer: {...}}`; a failure toasts 'The job offer could not be saved'. */
export const createJobOffer = (fields: JobOfferFields): Promise<JobOffer> =>
  withErrorToast(
    () => call(routes.jobOffers.create, { query: { embed: JOB_OFFER_EMBED }, body: { jobOffer: fields } }),
    i18n.t('errors.jobOfferSave'),
  );

export function useCreateJobOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createJobOffer,
    onSuccess: (offer) => prependJobOffer(queryClient, offer),
  });
}
