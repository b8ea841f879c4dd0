import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { removeJobOffer } from './job-offers-cache';

/** DELETE /job_offers/{id} (its applications go with it); a failure toasts 'The job offer could not be deleted'. */
export const deleteJobOffer = (id: number): Promise<void> =>
  withErrorToast(() => call(routes.jobOffers.remove, { params: { id } }), i18n.t('errors.jobOfferDelete'));

export function useDeleteJobOffer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteJobOffer,
    onSuccess: (_result, id) => removeJobOffer(queryClient, id),
  });
}
