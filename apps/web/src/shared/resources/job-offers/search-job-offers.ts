import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { JobOffer as WireJobOffer } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { callPage } from '../../api/call';
import type { Camelize } from '../../api/case';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';

export type JobOfferOption = Camelize<WireJobOffer>;

/** How many offers a picker offers for one search. */
const OFFERS_PER_SEARCH = 20;

/**
 * GET /job_offers?filters[search]=…: the active offers whose name or company name matches, for pickers (the
 * candidate database's 'Add to job offer'); a failure toasts 'The job offers could not be fetched'.
 */
export const searchJobOffers = async (search: string): Promise<JobOfferOption[]> =>
  (
    await withErrorToast(
      () =>
        callPage(routes.jobOffers.list, 1, OFFERS_PER_SEARCH, {
          query: { embed: ['company'], filters: { search: search.trim() || undefined, archived: 'false' } },
        }),
      i18n.t('errors.jobOffersFetch'),
    )
  ).data;

export const jobOfferSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: ['job-offers', 'picker', search.trim()] as const,
    queryFn: () => searchJobOffers(search),
  });

export const useJobOfferSearch = (search: string, enabled: boolean) =>
  useQuery({ ...jobOfferSearchQueryOptions(search), enabled, placeholderData: keepPreviousData });
