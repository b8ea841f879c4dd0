import type { JobOffer as WireJobOffer, JobOfferStatusSummary as WireStatusSummary } from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** A job offer as the app sees it (SPEC section 3), for the features that read one but do not own it. */
export type JobOffer = Camelize<WireJobOffer>;
export type JobOfferStatusSummary = Camelize<WireStatusSummary>;

/**
 * The job offers cache keys. They are the job offers feature's own (`features/job-offers/api/query-keys.ts`):
 * one offer is one cache entry, so an offer read here and changed there stays one and the same.
 */
export const jobOfferResourceKeys = {
  all: ['job-offers'] as const,
  detail: (id: number) => ['job-offers', 'detail', id] as const,
};

/** The relations every job offer call asks for (as the job offers feature does): company, tags, manager. */
export const JOB_OFFER_EMBED = ['company', 'tags', 'user'];
