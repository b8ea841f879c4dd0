import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { JOB_OFFER_EMBED, type JobOffer } from './job-offer';
import { jobOfferKeys } from './job-offer-keys';

/** GET /job_offers/{id}; a failure toasts 'The job offer could not be fetched'. */
export const getJobOffer = (id: number): Promise<JobOffer> =>
  withErrorToast(
    () => call(routes.jobOffers.get, { params: { id }, query: { embed: JOB_OFFER_EMBED } }),
    i18n.t('errors.jobOfferFetch'),
  );

export const jobOfferQueryOptions = (id: number) =>
  queryOptions({ queryKey: jobOfferKeys.detail(id), queryFn: () => getJobOffer(id) });

/** One job offer with its status summary (the pipeline, copy and export screens, the offer's frame). */
export const useJobOffer = (id: number) =>
  useQuery({ ...jobOfferQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
