import { z } from 'zod';

const BodyId = z.number().int().positive().max(2_147_483_647);

/** The most candidates one bulk create may add. */
export const BULK_CREATE_MAX = 1_000;

/**
 * `POST /api/job_applications/bulk_create` (SPEC section 7): puts the candidates into the job offer at the
 * status, in one transaction. Both the offer and the status are required (SPEC section 5). The offer must be
 * one the caller sees (else 404) and may change (else 403); the status and every candidate must be the
 * licence's (else 422 `invalid_reference`, nothing written). Repeated ids count once.
 */
export const BulkCreateInput = z.strictObject({
  job_offer_id: BodyId,
  status_id: BodyId,
  candidates_ids: z.array(BodyId).min(1).max(BULK_CREATE_MAX),
});
export type BulkCreateInput = z.input<typeof BulkCreateInput>;

/** Answer (201): how many applications were created; `duplicates` lists candidates already in the offer. */
export const BulkCreateResult = z.object({ created: z.number(), duplicates: z.array(z.number()) });
export type BulkCreateResult = z.infer<typeof BulkCreateResult>;
