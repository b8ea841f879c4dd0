import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callPage } from '../../api/call';
import { withErrorToast } from '../../api/notify-error';
import { i18n } from '../../i18n/i18n';
import { JOB_OFFER_EMBED, type JobOffer } from './job-offer';
import { jobOfferKeys } from './job-offer-keys';

/** An offer as a picker lists it. */
export type JobOfferOption = JobOffer;

/** How many offers a picker offers for one search. */
const OFFERS_PER_SEARCH = 20;

/**
 * GET /job_offers?filters[search]=…&filters[archived]=false: the active offers whose name or company name
 * matches, for pickers; a failure toasts 'The job offers could not be fetched'.
 */
export const searchJobOffers = async (search: string, embed: string[]): Promise<JobOfferOption[]> =>
  (
    await withErrorToast(
      () =>
        callPage(routes.jobOffers.list, 1, OFFERS_PER_SEARCH, {
          query: { embed, filters: { search: search.trim() || undefined, archived: 'false' } },
        }),
      i18n.t('errors.jobOffersFetch'),
    )
  ).data;

/** The candidate database's 'Add to job offer' picker: the offers with their company. */
export const jobOfferSearchQueryOptions = (search: string) =>
  queryOptions({
    queryKey: jobOfferKeys.picker(search.trim()),
    queryFn: () => searchJobOffers(search, ['company']),
  });

export const useJobOfferSearch = (search: string, enabled: boolean) =>
  useQuery({ ...jobOfferSearchQueryOptions(search), enabled, placeholderData: keepPreviousData });

/** The copy dialog's destinations: the offers read whole, as the copy answers one. */
export const copyTargetsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: jobOfferKeys.copyTargets(search.trim()),
    queryFn: () => searchJobOffers(search, JOB_OFFER_EMBED),
  });

export const useCopyTargets = (search: string) =>
  useQuery({ ...copyTargetsQueryOptions(search), placeholderData: keepPreviousData });
