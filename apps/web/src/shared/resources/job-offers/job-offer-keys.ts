/**
 * The job offers cache keys, the only place they are written: an offer read by the index, the pipeline, the
 * copy or the export screen is one cache entry, and a write reaches every list under `all`.
 */
export const jobOfferKeys = {
  all: ['job-offers'] as const,
  lists: () => [...jobOfferKeys.all, 'list'] as const,
  /** One page of the index, for the filters kept in its URL. */
  list: (params: object) => [...jobOfferKeys.lists(), params] as const,
  detail: (id: number) => [...jobOfferKeys.all, 'detail', id] as const,
  /** An offer's apply-form questions (issue 23). */
  questions: (id: number) => [...jobOfferKeys.all, 'questions', id] as const,
  /** The candidate database's 'Add to job offer' picker. */
  picker: (search: string) => [...jobOfferKeys.all, 'picker', search] as const,
  /** The copy dialog's destinations. */
  copyTargets: (search: string) => [...jobOfferKeys.all, 'copy-targets', search] as const,
};
