import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '../../../shared/api/http-client';
import { refetchAfterWrite } from '../../../shared/api/query-client';
import { jobOfferKeys } from '../../../shared/resources/job-offers/job-offer-keys';
import { JOB_OFFERS_PER_PAGE, type JobOffer, type JobOfferListParams } from '../types';

/**
 * Writes of the job offers feature show at once in the cached lists, then every list is marked stale so the
 * server's order and counts come back on the next fetch.
 */
function updateLists(
  queryClient: QueryClient,
  update: (page: Page<JobOffer>, params: JobOfferListParams) => Page<JobOffer>,
): void {
  for (const [key, page] of queryClient.getQueriesData<Page<JobOffer>>({ queryKey: jobOfferKeys.lists() })) {
    const params = key[2] as JobOfferListParams | undefined;
    if (page && params) queryClient.setQueryData(key, update(page, params));
  }
}

const refreshLists = (queryClient: QueryClient) =>
  refetchAfterWrite(queryClient, { queryKey: jobOfferKeys.lists() });

/** A saved offer replaces its old self wherever it is shown. */
export function replaceJobOffer(queryClient: QueryClient, offer: JobOffer): void {
  updateLists(queryClient, (page) => ({
    ...page,
    data: page.data.map((item) => (item.id === offer.id ? offer : item)),
  }));
  queryClient.setQueryData(jobOfferKeys.detail(offer.id), offer);
}

/** A created offer is put first in the first page of the lists it belongs to (SPEC section 4). */
export function prependJobOffer(queryClient: QueryClient, offer: JobOffer): Promise<void> {
  updateLists(queryClient, (page, params) =>
    params.page === 1 && params.archived === offer.archived
      ? {
          data: [offer, ...page.data.filter((item) => item.id !== offer.id)].slice(0, JOB_OFFERS_PER_PAGE),
          totalCount: page.totalCount + 1,
        }
      : page,
  );
  queryClient.setQueryData(jobOfferKeys.detail(offer.id), offer);
  return refreshLists(queryClient);
}

/**
 * An archived, unarchived or deleted offer leaves the lists it no longer matches: the index shows either active
 * or archived offers (SPEC section 2, "Archive/unarchive applies only when the archived filter matches").
 */
export function removeJobOffer(queryClient: QueryClient, id: number, stillMatches?: JobOffer): Promise<void> {
  updateLists(queryClient, (page, params) => {
    if (stillMatches && stillMatches.archived === params.archived) return page;
    const data = page.data.filter((item) => item.id !== id);
    return data.length === page.data.length ? page : { data, totalCount: Math.max(0, page.totalCount - 1) };
  });
  if (stillMatches) queryClient.setQueryData(jobOfferKeys.detail(id), stillMatches);
  else queryClient.removeQueries({ queryKey: jobOfferKeys.detail(id) });
  return refreshLists(queryClient);
}
