import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withErrorToast } from '../../../shared/api/notify-error';
import { mainService } from '../../../shared/api/services';
import { i18n } from '../../../shared/i18n/i18n';
import type { JobOffer } from '../types';
import { JOB_OFFER_EMBED } from './get-job-offers';
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
      mainService.patch<JobOffer>(
        `/job_offers/${id}`,
        { jobOffer: { archived } },
        { query: { embed: JOB_OFFER_EMBED } },
      ),
    i18n.t('errors.jobOfferSave'),
  );

export function useSetJobOfferArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setJobOfferArchived,
    onSuccess: (offer) => removeJobOffer(queryClient, offer.id, offer),
  });
}
