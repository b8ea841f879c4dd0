import type { ApplicationListParams } from '../types';

/** Cache keys of a job offer's pipeline: everything of one offer under one prefix, so a write can reach it all. */
export const pipelineKeys = {
  all: ['job-applications'] as const,
  offer: (jobOfferId: number) => [...pipelineKeys.all, jobOfferId] as const,
  pages: (jobOfferId: number) => [...pipelineKeys.offer(jobOfferId), 'page'] as const,
  page: (jobOfferId: number, params: ApplicationListParams) =>
    [...pipelineKeys.pages(jobOfferId), params] as const,
  columns: (jobOfferId: number) => [...pipelineKeys.offer(jobOfferId), 'column'] as const,
  column: (jobOfferId: number, statusId: number, search: string) =>
    [...pipelineKeys.columns(jobOfferId), statusId, search] as const,
};

/**
 * The offer itself lives under the job offers feature's keys (`['job-offers', 'detail', id]` and the index's
 * `['job-offers', 'list', …]`): the same cache entries, so a count moved here shows on the index too. The
 * shapes are the same wire type; the keys are restated because features do not import one another.
 */
export const jobOfferKeys = {
  detail: (id: number) => ['job-offers', 'detail', id] as const,
  lists: () => ['job-offers', 'list'] as const,
};
