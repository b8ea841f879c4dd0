import type { CandidateSearchParams } from '../types';

/** Cache keys of the candidate database: every list under one prefix so a write can refresh them all. */
export const candidateKeys = {
  all: ['candidates'] as const,
  searches: () => [...candidateKeys.all, 'search'] as const,
  search: (params: CandidateSearchParams) => [...candidateKeys.searches(), params] as const,
  byIds: (ids: number[]) => [...candidateKeys.all, 'ids', ids] as const,
};
