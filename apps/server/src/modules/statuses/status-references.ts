import { and, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { statuses } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * Checks that every status id a body names is one of the licence's pipeline (another licence's reads as
 * missing) and answers them without repeats; otherwise a 422 `invalid_reference` naming the first unknown id,
 * before anything is written.
 */
export async function assertLicenceStatuses(db: Db, licenceId: number, ids: number[]) {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return wanted;
  const found = await db
    .select({ id: statuses.id })
    .from(statuses)
    .where(and(scoped(statuses, licenceId), inArray(statuses.id, wanted)));
  const known = new Set(found.map((s) => s.id));
  const missing = wanted.find((id) => !known.has(id));
  if (missing !== undefined) throw new AppError('invalid_reference', `Status ${missing} not found`);
  return wanted;
}
