import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { emailTemplateKeys, type TemplatedJobOffer } from './email-template';

/** GET /job_offers/{id}: the offer and the template linked to it; a failure toasts 'The job offer could not be fetched'. */
export const getTemplatedJobOffer = (id: number): Promise<TemplatedJobOffer> =>
  withErrorToast(() => call(routes.jobOffers.get, { params: { id } }), i18n.t('errors.jobOfferFetch'));

/** Read fresh each time a dialog opens: another tab may have linked another template since. */
export const templatedJobOfferQueryOptions = (id: number) =>
  queryOptions({
    queryKey: emailTemplateKeys.jobOffer(id),
    queryFn: () => getTemplatedJobOffer(id),
    staleTime: 0,
  });

export const useTemplatedJobOffer = (id: number) => useQuery(templatedJobOfferQueryOptions(id));
