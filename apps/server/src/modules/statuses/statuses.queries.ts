import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { statuses } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

/** The licence's pipeline, in its order. */
export function listStatuses(db: Db, licenceId: number) {
  return db
    .select({
      id: statuses.id,
      name: statuses.name,
      index: statuses.index,
      color: statuses.color,
      rejected: statuses.rejected,
    })
    .from(statuses)
    .where(scoped(statuses, licenceId))
    .orderBy(asc(statuses.index), asc(statuses.id));
}
