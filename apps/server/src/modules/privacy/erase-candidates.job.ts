import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { defineJob, type JobKind } from '../../jobs/job-kind.ts';
import { eraseCandidates } from './erasure.service.ts';

/** Candidates erased per transaction: one audit entry, one object job, a few statements over 500 ids. */
export const ERASE_BATCH = 500;

const Actor = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('user'), id: z.number().int(), label: z.string() }),
  z.strictObject({ kind: z.literal('token'), id: z.number().int(), label: z.string() }),
  z.strictObject({ kind: z.literal('system') }),
]);
const Payload = z.strictObject({
  licenceId: z.number().int().positive(),
  erasureId: z.number().int().positive(),
  actor: Actor,
  address: z.string().max(100).nullable(),
});
export type EraseCandidatesJob = JobKind<z.infer<typeof Payload>>;

/**
 * A bulk erasure (decision 193): the erasure's candidates a batch at a time, each batch in one transaction that
 * also moves the erasure's `done`, so a restart resumes after the last batch committed and erases nothing twice
 * (an erased candidate counts zero anyway). The web polls `GET /api/candidate_erasures/{id}`.
 */
export const eraseCandidatesJob = (): EraseCandidatesJob =>
  defineJob({
    name: 'privacy.erase_candidates',
    payload: Payload,
    maxAttempts: 5,
    async run({ licenceId, erasureId, actor, address }, context) {
      for (;;) {
        if (context.signal.aborted) throw new Error('stopped; the erasure resumes where it was');
        const step = await context.db.transaction(async (tx) => {
          const [erasure] = await rawRows<{ batch: number[] | null; done: number; total: number }>(
            tx,
            sql`select candidate_ids[done + 1 : done + ${ERASE_BATCH}] as batch, done, total
                from candidate_erasures where ${scopedSql(undefined, licenceId)} and id = ${erasureId}
                for update`,
          );
          if (!erasure || erasure.done >= erasure.total) return undefined;
          const batch = (erasure.batch ?? []).map(Number);
          // Never stuck: a batch shorter than the count says (it cannot be) ends the erasure.
          const moved = batch.length > 0 ? batch.length : erasure.total - erasure.done;
          const { erased } = await eraseCandidates(tx, {
            licenceId,
            candidateIds: batch,
            actor,
            address,
            reason: 'admin',
          });
          const [after] = await rawRows<{ done: number; total: number; erased: number }>(
            tx,
            sql`update candidate_erasures set done = done + ${moved}, erased = erased + ${erased},
                  finished_at = case when done + ${moved} >= total then now() end
                where ${scopedSql(undefined, licenceId)} and id = ${erasureId}
                returning done, total, erased`,
          );
          return after;
        });
        if (!step) break;
        await context.progress({ done: step.done, total: step.total, erased: step.erased });
      }
      return { erasureId };
    },
  });
