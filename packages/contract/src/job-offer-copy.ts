import { z } from 'zod';
import { JobOffer } from './job-offers.ts';
import { Name } from './names.ts';

/** An id inside a JSON body: a JSON number, never a string or boolean coerced into one. */
const BodyId = z.number().int().positive().max(2_147_483_647);

/**
 * `POST /api/job_offers/{id}/copy` body (SPEC section 7: "dest, id, fromStatus").
 * - `from_status`: ids of the licence's statuses; the source offer's applications in those statuses are copied,
 *   each keeping its status (an unknown or other-licence status answers 422 `invalid_reference`).
 * - `dest`: EITHER `{id}`, an existing job offer the caller may edit (404 when they cannot see it, another
 *   licence's included; 403 when they see it but may not change it; 422 `same_job_offer` when it is the source),
 *   OR `{name, company_id?}`, a new job offer created with the caller as its manager (422 on an unknown company).
 *   Both shapes at once, or any other key in `dest`, is a 400.
 * - `id` (the source, as the former client sent it) is accepted and ignored: the path names the source.
 * Everything runs in one transaction: on any refusal nothing is created or copied.
 */
export const JobOfferCopyInput = z.strictObject({
  /** Sent by the spec's own client (SPEC section 7: "dest, id, fromStatus") and ignored on purpose. */
  id: z.unknown().optional().describe('Ignored: the path names the source job offer'),
  from_status: z.array(BodyId).min(1, { error: 'must list at least one status' }).max(100),
  dest: z.union([
    z.strictObject({ id: BodyId }),
    z.strictObject({ name: Name, company_id: BodyId.nullable().optional() }),
  ]),
});
export type JobOfferCopyInput = z.input<typeof JobOfferCopyInput>;

/**
 * The copy's result (SPEC section 7: "ok[], duplicates[], jobOffer"): `ok`, the candidates copied; `duplicates`,
 * the candidates of the selected statuses skipped because they already were in the destination (both ascending
 * candidate ids); `job_offer`, the destination after the copy (with `embed` as asked in the query string).
 */
export const JobOfferCopyResult = z.object({
  ok: z.array(z.number()),
  duplicates: z.array(z.number()),
  job_offer: JobOffer,
});
export type JobOfferCopyResult = z.infer<typeof JobOfferCopyResult>;
