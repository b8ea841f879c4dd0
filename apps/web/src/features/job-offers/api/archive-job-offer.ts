import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { JOB_OFFER_EMBED } from '../../../shared/resources/job-offers/job-offer';
import type { JobOffer } from '../types';
import { removeJobOffer } from './job-offers-cache';

export interface ArchiveChange {
  id: number;
  archived: boolean;
}

/**
 * PATCH /job_offers/{id} `{job_offer: {archived}}`: Archive or Unarchive (SPEC section 4). A failure toasts
 * 'The job offer could not be saved'.
 */
export const setJobOfferArchived = ({ id, archived }: ArchiveChange): Promise<JobOffer> =>
  withErrorToast(
    () =>
      call(routes.jobOffers.update, {
        params: { id },
        query: { embed: JOB_OFFER_EMBED },
        body: { jobOffer: { archived } },
      }),
    i18n.t('errors.jobOfferSave'),
  );

export function useSetJobOfferArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setJobOfferArchived,
    onSuccess: (offer) => removeJobOffer(queryClient, offer.id, offer),
  });
}
