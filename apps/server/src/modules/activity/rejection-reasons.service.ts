import { and, asc, eq, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { rejectionReasons } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { forbidden } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';

/** The licence's rejection reasons, in order. */
export function listRejectionReasons(db: Db, caller: Caller) {
  return db
    .select({ id: rejectionReasons.id, name: rejectionReasons.name })
    .from(rejectionReasons)
    .where(scoped(rejectionReasons, caller))
    .orderBy(asc(rejectionReasons.position), asc(rejectionReasons.id));
}

/**
 * Replaces the licence's list (admins only, like the pipeline): entries with the id of a reason of the licence
 * rename it in place, others are added, the rest removed; events keep the name they were written with. One
 * transaction.
 */
export async function saveRejectionReasons(
  db: Db,
  caller: Caller,
  reasons: { id?: number | undefined; name: string }[],
) {
  if (caller.role !== 'admin') throw forbidden('Only an admin can change the rejection reasons');
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: rejectionReasons.id })
      .from(rejectionReasons)
      .where(scoped(rejectionReasons, caller))
      .for('update');
    const known = new Set(existing.map((r) => r.id));
    const kept = reasons.flatMap((r) => (r.id !== undefined && known.has(r.id) ? [r.id] : []));
    await tx
      .delete(rejectionReasons)
      .where(
        and(
          scoped(rejectionReasons, caller),
          kept.length > 0 ? notInArray(rejectionReasons.id, kept) : undefined,
        ),
      );
    for (const [position, reason] of reasons.entries()) {
      if (reason.id !== undefined && known.has(reason.id)) {
        await tx
          .update(rejectionReasons)
          .set({ name: reason.name, position })
          .where(and(scoped(rejectionReasons, caller), eq(rejectionReasons.id, reason.id)));
      } else {
        await tx
          .insert(rejectionReasons)
          .values({ licenceId: caller.licenceId, name: reason.name, position });
      }
    }
  });
  return listRejectionReasons(db, caller);
}
