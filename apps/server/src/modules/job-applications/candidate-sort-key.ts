import { sql } from 'drizzle-orm';

/**
 * The value of `job_applications.candidate_updated_at` for a new application: its candidate's `updated_at`, read
 * in the INSERT itself. Every insert of an application sets it so (e.g. `{ ..., candidateUpdatedAt:
 * candidateSortKey(candidateId) }`), or touches the candidate afterwards with `touchCandidates`; the column's
 * default (now) only stands in for it (docs/decisions/050-job-application-list-order.md).
 */
export const candidateSortKey = (candidateId: number) =>
  sql<Date>`(select c.updated_at from candidates c where c.id = ${candidateId})`;
