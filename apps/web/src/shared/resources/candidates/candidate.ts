import type { QueryClient } from '@tanstack/react-query';
import type {
  ImportLine,
  Candidate as WireCandidate,
  CandidateDraft as WireCandidateDraft,
  JobApplication as WireJobApplication,
  SearchedCandidate as WireSearchedCandidate,
} from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** A candidate (SPEC section 3), as the app sees it. */
export type Candidate = Camelize<WireCandidate>;

/** A card of the database's search: a candidate, with the matched sentence of its CV when searched in CVs. */
export type SearchedCandidate = Camelize<WireSearchedCandidate>;

/** A CV read into a draft candidate (issue 22, decision 188): detected fields and possible duplicates. */
export type CandidateDraft = Camelize<WireCandidateDraft>;

/** A line of an import's answer: a batch's rows, or the end. */
export type ImportProgressLine = Camelize<ImportLine>;

/** A job application with what its calls embed (candidate, status, job offer). */
export type CandidateJobApplication = Camelize<WireJobApplication>;

/**
 * Cache keys of candidates: the database's searches, a set read by id, one candidate's record and its job
 * applications, all under one prefix so a write can refresh them all.
 */
export const candidateKeys = {
  all: ['candidates'] as const,
  searches: () => [...candidateKeys.all, 'search'] as const,
  search: (params: object) => [...candidateKeys.searches(), params] as const,
  byIds: (ids: number[]) => [...candidateKeys.all, 'ids', ids] as const,
  detail: (id: number) => [...candidateKeys.all, 'detail', id] as const,
  jobApplications: (id: number) => [...candidateKeys.detail(id), 'job-applications'] as const,
  /** The licence's application sources with their counts (issue 23): refreshed with the candidates. */
  sources: () => [...candidateKeys.all, 'sources'] as const,
};

/** A candidate the server answered after a change replaces the cached one. */
export function replaceCandidate(queryClient: QueryClient, candidate: Candidate): void {
  queryClient.setQueryData(candidateKeys.detail(candidate.id), candidate);
}
