import { useMutation } from '@tanstack/react-query';
import { cacheMutation } from '../../../shared/api/query-client';
import type { JobOffer } from '../types';
import { removeJobOffer } from './job-offers-cache';
import { patchJobOffer } from './update-job-offer';

export interface ArchiveChange {
  id: number;
  archived: boolean;
}

/**
 * PATCH /job_offers/{id} `{job_offer: {archived}}`: Archive or Unarchive (SPEC section 4). A failure toasts
 * 'The job offer could not be saved'.
 */
export const setJobOfferArchived = ({ id, archived }: ArchiveChange): Promise<JobOffer> =>
  patchJobOffer(id, { archived });

export const useSetJobOfferArchived = () =>
  useMutation(cacheMutation(setJobOfferArchived, (client, offer) => removeJobOffer(client, offer.id, offer)));
