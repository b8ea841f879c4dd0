import { queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { call } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import type { JobOffer } from '../types';
import { JOB_OFFER_EMBED } from './get-job-offers';
import { jobOfferKeys } from './query-keys';

/** GET /job_offers/{id}; a failure toasts 'The job offer could not be fetched'. */
export const getJobOffer = (id: number): Promise<JobOffer> =>
  withErrorToast(
    () => call(routes.jobOffers.get, { params: { id }, query: { embed: JOB_OFFER_EMBED } }),
    i18n.t('errors.jobOfferFetch'),
  );

export const jobOfferQueryOptions = (id: number) =>
  queryOptions({ queryKey: jobOfferKeys.detail(id), queryFn: () => getJobOffer(id) });

export const useJobOffer = (id: number) =>
  useQuery({ ...jobOfferQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
