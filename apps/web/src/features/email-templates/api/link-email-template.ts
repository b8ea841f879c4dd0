import { useMutation, useQueryClient } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import {
  emailTemplateKeys,
  type TemplatedJobOffer,
} from '../../../shared/resources/email-templates/email-template';

export interface TemplateLink {
  jobOfferId: number;
  emailTemplateId: number | null;
}

/**
 * PATCH /job_offers/{id} `{job_offer: {email_template_id}}`: links the template to the offer (SPEC section 4,
 * "Selecting a template links it to the job offer"); a failure toasts 'The job offer could not be saved'.
 */
export const linkEmailTemplate = ({
  jobOfferId,
  emailTemplateId,
}: TemplateLink): Promise<TemplatedJobOffer> =>
  withErrorToast(
    () =>
      call(routes.jobOffers.update, { params: { id: jobOfferId }, body: { jobOffer: { emailTemplateId } } }),
    i18n.t('errors.jobOfferSave'),
  );

export function useLinkEmailTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: linkEmailTemplate,
    onSuccess: (offer) => queryClient.setQueryData(emailTemplateKeys.jobOffer(offer.id), offer),
  });
}
