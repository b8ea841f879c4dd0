import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import type { JobOfferFields } from '../../../shared/resources/job-offers/job-offer';
import { JOB_OFFER_EMBED } from '../../../shared/resources/job-offers/job-offer';
import type { JobOffer } from '../types';
import { replaceJobOffer } from './job-offers-cache';

export interface JobOfferUpdate {
  id: number;
  fields: Partial<JobOfferFields>;
}

/** PATCH /job_offers/{id} `{job_offer: {...}}`; a failure toasts 'The job offer could not be saved'. */
export const updateJobOffer = ({ id, fields }: JobOfferUpdate): Promise<JobOffer> =>
  withErrorToast(
    () =>
      call(routes.jobOffers.update, {
        params: { id },
        query: { embed: JOB_OFFER_EMBED },
        body: { jobOffer: fields },
      }),
    i18n.t('errors.jobOfferSave'),
  );

export function useUpdateJobOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateJobOffer,
    onSuccess: (offer) => replaceJobOffer(queryClient, offer),
  });
}
