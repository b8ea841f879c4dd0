import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { callPage } from '../../../shared/api/call';
import { withErrorToast } from '../../../shared/api/notify-error';
import { i18n } from '../../../shared/i18n/i18n';
import {
  JOB_OFFER_EMBED,
  type JobOffer,
  jobOfferResourceKeys,
} from '../../../shared/resources/job-offers/job-offer';

/** How many offers the destination picker offers for one search. */
const OFFERS_PER_SEARCH = 20;

/**
 * GET /job_offers?filters[search]=…&filters[archived]=false: the active offers a copy may go to, matched on
 * their name or their company's; a failure toasts 'The job offers could not be fetched'.
 */
export const searchJobOffers = async (search: string): Promise<JobOffer[]> =>
  (
    await withErrorToast(
      () =>
        callPage(routes.jobOffers.list, 1, OFFERS_PER_SEARCH, {
          query: {
            embed: JOB_OFFER_EMBED,
            filters: { search: search.trim() || undefined, archived: 'false' },
          },
        }),
      i18n.t('errors.jobOffersFetch'),
    )
  ).data;

export const copyTargetsQueryOptions = (search: string) =>
  queryOptions({
    queryKey: [...jobOfferResourceKeys.all, 'copy-targets', search.trim()] as const,
    queryFn: () => searchJobOffers(search),
  });

export const useCopyTargets = (search: string) =>
  useQuery({ ...copyTargetsQueryOptions(search), placeholderData: keepPreviousData });
