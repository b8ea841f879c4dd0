import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callPage } from '../../../shared/api/call';
import type { Page } from '../../../shared/api/http-client';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import { JOB_OFFER_EMBED } from '../../../shared/resources/job-offers/job-offer';
import { jobOfferKeys } from '../../../shared/resources/job-offers/job-offer-keys';
import { JOB_OFFERS_PER_PAGE, type JobOffer, type JobOfferListParams } from '../types';

/** GET /job_offers: one page for the index's filters; a failure toasts 'The job offers could not be fetched'. */
export const getJobOffers = (params: JobOfferListParams): Promise<Page<JobOffer>> =>
  withErrorToast(
    () =>
      callPage(routes.jobOffers.list, params.page, JOB_OFFERS_PER_PAGE, {
        query: {
          embed: JOB_OFFER_EMBED,
          filters: {
            search: params.search.trim() || undefined,
            ownedByMe: params.owner === 'mine' ? 'true' : undefined,
            archived: params.archived ? 'true' : 'false',
          },
        },
      }),
    i18n.t('errors.jobOffersFetch'),
  );

export const jobOffersQueryOptions = (params: JobOfferListParams) =>
  queryOptions({ queryKey: jobOfferKeys.list(params), queryFn: () => getJobOffers(params) });

/**
 * The index's page of offers. The previous page stays on screen while the next one loads; one key is fetched
 * once at a time, so a fetch asked while the same one runs joins it (SPEC section 4, "Lists").
 */
export const useJobOffers = (params: JobOfferListParams) =>
  useQuery({ ...jobOffersQueryOptions(params), placeholderData: keepPreviousData });
