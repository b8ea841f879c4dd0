import { queryOptions, useQuery } from '@tanstack/react-query';
import { withErrorToast } from '../../api/notify-error';
import { mainService } from '../../api/services';
import { i18n } from '../../i18n/i18n';
import { emailTemplateKeys, type TemplatedJobOffer } from './email-template';

/** GET /job_offers/{id}: the offer and the template linked to it; a failure toasts 'The job offer could not be fetched'. */
export const getTemplatedJobOffer = (id: number): Promise<TemplatedJobOffer> =>
  withErrorToast(
    () => mainService.get<TemplatedJobOffer>(`/job_offers/${id}`),
    i18n.t('errors.jobOfferFetch'),
  );

/** Read fresh each time a dialog opens: another tab may have linked another template since. */
export const templatedJobOfferQueryOptions = (id: number) =>
  queryOptions({
    queryKey: emailTemplateKeys.jobOffer(id),
    queryFn: () => getTemplatedJobOffer(id),
    staleTime: 0,
  });

export const useTemplatedJobOffer = (id: number) => useQuery(templatedJobOfferQueryOptions(id));
