/**
 * Cache keys of a job offer's applications (its pipeline: the list's pages and the board's columns), everything
 * of one offer under one prefix so a write can reach it all. The offer itself is under `jobOfferKeys`.
 */
export const jobApplicationKeys = {
  all: ['job-applications'] as const,
  offer: (jobOfferId: number) => [...jobApplicationKeys.all, jobOfferId] as const,
  pages: (jobOfferId: number) => [...jobApplicationKeys.offer(jobOfferId), 'page'] as const,
  /** One page of the list, for the filters kept in its URL. */
  page: (jobOfferId: number, params: object) => [...jobApplicationKeys.pages(jobOfferId), params] as const,
  columns: (jobOfferId: number) => [...jobApplicationKeys.offer(jobOfferId), 'column'] as const,
  column: (jobOfferId: number, statusId: number, search: string) =>
    [...jobApplicationKeys.columns(jobOfferId), statusId, search] as const,
};
