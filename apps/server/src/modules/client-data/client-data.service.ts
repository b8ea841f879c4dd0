import { asc } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { withTotal } from '../../db/page.ts';
import { userClientData } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import { findUserInLicence } from '../users/users.queries.ts';
import { assertCanWriteClientData } from './client-data.policy.ts';

/** A page of the licence's client-data records, by user id. Users without a record have none here. */
export async function listClientData(db: Db, licenceId: number, window: { limit: number; offset: number }) {
  const where = scoped(userClientData, licenceId);
  return withTotal(
    db
      .select()
      .from(userClientData)
      .where(where)
      .orderBy(asc(userClientData.userId))
      .limit(window.limit)
      .offset(window.offset),
    db.$count(userClientData, where),
  );
}

/** Creates or replaces the client-data record of a user of the caller's licence (admins only). */
export async function saveClientData(
  db: Db,
  caller: Caller,
  userId: number,
  fields: { sf_id: string | null },
) {
  if (!(await findUserInLicence(db, caller.licenceId, userId))) throw notFound('User');
  assertCanWriteClientData(caller);
  const now = new Date();
  const [row] = await db
    .insert(userClientData)
    .values({ userId, licenceId: caller.licenceId, sfId: fields.sf_id, updatedAt: now })
    .onConflictDoUpdate({
      target: userClientData.userId,
      set: { sfId: fields.sf_id, updatedAt: now },
      // The record of a user is keyed by the user, who belongs to one licence: never touch another's.
      setWhere: scoped(userClientData, caller),
    })
    .returning();
  if (!row) throw notFound('User');
  return row;
}
