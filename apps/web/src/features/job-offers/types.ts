export type { JobOffer, JobOfferStatusSummary } from '../../shared/resources/job-offers/job-offer';

/** The 'Mine' filter of the index (SPEC section 6). */
export type Owner = 'all' | 'mine';

/** What the index shows: one page of offers for the filters kept in the URL. */
export interface JobOfferListParams {
  page: number;
  search: string;
  owner: Owner;
  archived: boolean;
}

/** SPEC section 9: the index shows 10 offers per page. */
export const JOB_OFFERS_PER_PAGE = 10;
