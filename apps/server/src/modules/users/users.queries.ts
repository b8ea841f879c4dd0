import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { users } from '../../db/schema/index.ts';

/** Emails compare without case everywhere: the unique index is on lower(email). */
export const emailEquals = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(emailEquals(email));
  return row;
}

/** One user of the caller's licence; another licence's user is as absent as a missing one. */
export async function findUserInLicence(db: Db, licenceId: number, userId: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.licenceId, licenceId), eq(users.id, userId)));
  return row;
}

export async function listUsersOfLicence(
  db: Db,
  licenceId: number,
  window: { limit: number; offset: number },
) {
  const where = eq(users.licenceId, licenceId);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(users).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** A user by id, whatever the licence: only for flows that start from a token the server issued. */
export async function findUserById(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  return row;
}
