import type { QueryClient } from '@tanstack/react-query';
import type { Candidate as WireCandidate, JobApplication as WireJobApplication } from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** A candidate (SPEC section 3), as the app sees it. */
export type Candidate = Camelize<WireCandidate>;

/** A job application with what its calls embed (candidate, status, job offer). */
export type CandidateJobApplication = Camelize<WireJobApplication>;

/** Cache keys of one candidate: its record and its job applications, under one prefix. */
export const candidateKeys = {
  all: ['candidates'] as const,
  detail: (id: number) => [...candidateKeys.all, 'detail', id] as const,
  jobApplications: (id: number) => [...candidateKeys.detail(id), 'job-applications'] as const,
};

/** A candidate the server answered after a change replaces the cached one. */
export function replaceCandidate(queryClient: QueryClient, candidate: Candidate): void {
  queryClient.setQueryData(candidateKeys.detail(candidate.id), candidate);
}
