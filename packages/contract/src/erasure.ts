import { z } from 'zod';
import { CandidateSearchQuery } from './candidate-search.ts';
import { Id } from './common.ts';

/** The most candidates one bulk erasure takes (its ids are stored with it, decision 193). */
export const BULK_ERASE_MAX = 100_000;

/**
 * `POST /api/candidates/{id}/erase` (issue 24, decision 193): an admin erases the person, for good. They type
 * the candidate's full name as the detail panel shows it (case and spaces aside); anything else is a 422
 * `confirmation_mismatch` and nothing is erased.
 */
export const CandidateEraseBody = z.strictObject({ confirmation: z.string().max(500) });
export type CandidateEraseBody = z.infer<typeof CandidateEraseBody>;

export const CandidateErased = z.object({ erased: z.number() });
export type CandidateErased = z.infer<typeof CandidateErased>;

/**
 * `POST /api/candidate_erasures`: erases, on the queue, the candidates named by `candidate_ids` or matching the
 * candidates search's `filters` (names, contacts and titles, tags, source, legal basis, and with `in_cvs` the
 * CVs' words; every match, not a page). The admin
 * types how many candidates that is (`confirmation`, e.g. "128"); another number is a 422
 * `confirmation_mismatch` whose message says how many there are now. Answers 202 with the erasure to follow.
 */
export const BulkEraseBody = z
  .strictObject({
    confirmation: z.string().max(20),
    candidate_ids: z.array(Id).min(1).max(BULK_ERASE_MAX).optional(),
    filters: CandidateSearchQuery.shape.filters,
  })
  .refine((body) => (body.candidate_ids === undefined) !== (body.filters === undefined), {
    error: 'give either candidate_ids or filters',
  });
export type BulkEraseBody = z.input<typeof BulkEraseBody>;

/** `GET /api/candidate_erasures/{id}`: how far a bulk erasure went; `finished` once every candidate was handled. */
export const CandidateErasure = z.object({
  id: z.number(),
  total: z.number(),
  done: z.number(),
  erased: z.number(),
  finished: z.boolean(),
  created_at: z.string(),
});
export type CandidateErasure = z.infer<typeof CandidateErasure>;
