import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JobOfferInput } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import type { Camelize } from '../../../shared/api/case';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import type { JobOffer } from '../types';
import { JOB_OFFER_EMBED } from './get-job-offers';
import { prependJobOffer } from './job-offers-cache';

/**
 * The fields the offer form edits (SPEC section 3), as the contract's POST body has them, camelCased; the form
 * always sends all three. The creator becomes the manager.
 */
export type JobOfferFields = Camelize<
  Required<Pick<JobOfferInput['job_offer'], 'name' | 'company_id' | 'assigned_users'>>
>;

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
