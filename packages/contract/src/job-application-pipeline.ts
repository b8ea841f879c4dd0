import { z } from 'zod';
import { RejectionInput } from './activity.ts';
import { embedParam, Id, listQuery } from './common.ts';
import { SearchFilter } from './names.ts';

/**
 * Relations a job application call may embed: `embed[]=status&embed[]=candidate&embed[]=job_offer`, and
 * `activity`: the candidate's last event and notes count (issue 21), read in the same statement.
 */
const EMBEDS = ['status', 'candidate', 'job_offer', 'activity'] as const;
export const JobApplicationEmbed = z.enum(EMBEDS);
export type JobApplicationEmbed = z.infer<typeof JobApplicationEmbed>;

const embed = embedParam(EMBEDS);

/** The query of a call answering one job application: which relations to embed. */
export const JobApplicationEmbedQuery = z.strictObject({ embed });
export type JobApplicationEmbedQuery = z.input<typeof JobApplicationEmbedQuery>;

/** `filters[with_status_id]`: only the applications in this status of the licence's pipeline. */
const withStatusId = Id.optional();

/**
 * `GET /api/job_offers/{id}/job_applications`: a paginated `listOf(JobApplication)` of the offer, 10 per page
 * by default, sorted by the candidate's `updated_at`, newest first (SPEC section 9).
 * - `filters[with_status_id]`: only applications in that status.
 * - `filters[search]`: case-insensitive substring of the candidate's name (profile or manual data, first,
 *   last or both), one of their e-mails, or their title (profile or manual data).
 * - `embed[]=status`, `embed[]=candidate` (and `job_offer`).
 * The offer must be one the caller sees (else 404, as a missing one).
 */
export const JobApplicationListQuery = listQuery(10).extend({
  filters: z.strictObject({ with_status_id: withStatusId, search: SearchFilter.optional() }).optional(),
  embed,
});
export type JobApplicationListQuery = z.input<typeof JobApplicationListQuery>;

/** An id inside a JSON body: a JSON number, never a string coerced into one. */
const BodyId = z.number().int().positive().max(2_147_483_647);

/**
 * `PATCH /api/job_applications/{id}` body: the status to move the application to (SPEC section 4). Answers
 * the JobApplication (with what `embed[]` asks). A status of another licence, or none, answers 422
 * `{error: 'invalid_reference', message: 'Status not found'}`. Moving bumps the candidate's `updated_at`.
 * `DELETE /api/job_applications/{id}` answers 204; the candidate stays in the database.
 * Writes follow the job offer's rule (docs/decisions/020): 404 when the offer is hidden from the caller,
 * 403 when the caller is not its manager, an assigned user or an admin.
 */
export const JobApplicationStatusInput = z.strictObject({
  status_id: BodyId,
  /** Required when the status is marked rejected (issue 21): a reason of the licence, free text, or both. */
  rejection: RejectionInput.optional(),
});
export type JobApplicationStatusInput = z.input<typeof JobApplicationStatusInput>;

/**
 * `PATCH /api/job_offers/{id}/job_applications?filters[with_status_id]=X` with body `{status_id}`: moves every
 * application of the offer (only those in status X when given) to `status_id`, in one statement: all or
 * nothing. Applications already in `status_id` are left alone. Answers `{updated: n}`, how many moved.
 * An unknown or other-licence status (body or filter) answers 422 and moves nothing.
 */
export const JobApplicationsMoveQuery = z.strictObject({
  filters: z.strictObject({ with_status_id: withStatusId }).optional(),
});
export type JobApplicationsMoveQuery = z.input<typeof JobApplicationsMoveQuery>;

/** How many applications one keyboard selection may move at once (issue 28: `m` on the job offer screen). */
export const MOVE_SELECTION_MAX = 500;

/**
 * The bulk move's body: the status, and `job_application_ids` to move only those applications of the offer (a
 * selection made on the job offer screen, issue 28); ids of other offers or licences are left alone, so they
 * count for nothing in `updated`.
 */
export const JobApplicationsMoveInput = JobApplicationStatusInput.extend({
  job_application_ids: z.array(BodyId).min(1).max(MOVE_SELECTION_MAX).optional(),
});
export type JobApplicationsMoveInput = z.input<typeof JobApplicationsMoveInput>;

export const JobApplicationsMoved = z.object({ updated: z.number() });
export type JobApplicationsMoved = z.infer<typeof JobApplicationsMoved>;

/**
 * `GET /api/candidates/{id}/job_applications`: a paginated `listOf(JobApplication)` of the candidate, in the
 * job offers the caller sees, newest application first; `embed[]=job_offer` (and `status`).
 */
export const CandidateJobApplicationsQuery = listQuery(10).extend({ embed });
export type CandidateJobApplicationsQuery = z.input<typeof CandidateJobApplicationsQuery>;
