import type { JobOfferListParams } from '../types';

/** Cache keys of the job offers feature: every list under one prefix so a write can refresh them all. */
export const jobOfferKeys = {
  all: ['job-offers'] as const,
  lists: () => [...jobOfferKeys.all, 'list'] as const,
  list: (params: JobOfferListParams) => [...jobOfferKeys.lists(), params] as const,
  detail: (id: number) => [...jobOfferKeys.all, 'detail', id] as const,
};
