// TEMPORARY (h/retention): replaced by h/erasure's service at merge
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidates } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { type AuditActor, recordAudit } from '../audit/audit.service.ts';

export type EraseOptions = {
  licenceId: number;
  candidateIds: number[];
  actor: AuditActor;
  address?: string | null;
  reason: 'admin' | 'request' | 'retention';
  mode?: 'erase' | 'anonymise';
};

/**
 * Erases candidates of the licence in the caller's transaction: here only their rows (their contacts, tags,
 * applications, events, notes, files' rows and consents go with them by cascade). The real service also
 * clears files, indexes, sent mail and the outbox, and keeps anonymised applications in 'anonymise' mode.
 */
export async function eraseCandidates(tx: Db, options: EraseOptions): Promise<{ erased: number }> {
  const { licenceId, candidateIds } = options;
  if (candidateIds.length === 0) return { erased: 0 };
  const gone = await tx
    .delete(candidates)
    .where(and(scoped(candidates, licenceId), inArray(candidates.id, candidateIds)))
    .returning({ id: candidates.id });
  for (const { id } of gone) {
    await recordAudit(tx, {
      licenceId,
      actor: options.actor,
      address: options.address ?? null,
      action: 'candidate.erase',
      target: { kind: 'candidate', id },
      details: { reason: options.reason, mode: options.mode ?? 'erase' },
    });
  }
  return { erased: gone.length };
}

/** Whether the candidate is gone from the licence (erased, or never there). */
export async function isErased(db: Db, licenceId: number, candidateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: candidates.id })
    .from(candidates)
    .where(and(scoped(candidates, licenceId), eq(candidates.id, candidateId)));
  return row === undefined;
}
