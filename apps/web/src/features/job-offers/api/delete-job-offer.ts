import { useMutation } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callOrToast } from '../../../shared/api/notify-error';
import { cacheMutation } from '../../../shared/api/query-client';
import { removeJobOffer } from './job-offers-cache';

/** DELETE /job_offers/{id} (its applications go with it); a failure toasts 'The job offer could not be deleted'. */
export const deleteJobOffer = (id: number): Promise<void> =>
  callOrToast(routes.jobOffers.remove, { params: { id } }, 'errors.jobOfferDelete');

export const useDeleteJobOffer = () =>
  useMutation(cacheMutation(deleteJobOffer, (client, _result, id) => removeJobOffer(client, id)));
