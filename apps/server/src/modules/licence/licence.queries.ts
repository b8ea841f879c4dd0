import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { creditEvents, licences, users } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';

export async function findLicence(db: Db, licenceId: number) {
  const [row] = await db.select().from(licences).where(eq(licences.id, licenceId));
  return row;
}

/** The licence's users with the credits each has spent. */
export async function licenceUsersWithCredits(db: Db, licenceId: number) {
  const spent = db
    .select({ userId: creditEvents.userId, total: sql<number>`sum(${creditEvents.amount})::int`.as('total') })
    .from(creditEvents)
    .where(scoped(creditEvents, licenceId))
    .groupBy(creditEvents.userId)
    .as('spent');
  return db
    .select({
      id: users.id,
      first_name: users.firstName,
      last_name: users.lastName,
      email: users.email,
      role: users.role,
      credits_used: sql<number>`coalesce(${spent.total}, 0)::int`,
    })
    .from(users)
    .leftJoin(spent, eq(spent.userId, users.id))
    .where(scoped(users, licenceId))
    .orderBy(users.id);
}

/** Credits spent per user and per calendar month (UTC). */
export async function licenceStats(db: Db, licenceId: number) {
  const byUser = await db
    .select({
      user_id: creditEvents.userId,
      email: users.email,
      credits_used: sql<number>`sum(${creditEvents.amount})::int`,
    })
    .from(creditEvents)
    .leftJoin(users, eq(users.id, creditEvents.userId))
    .where(scoped(creditEvents, licenceId))
    .groupBy(creditEvents.userId, users.email)
    .orderBy(desc(sql`sum(${creditEvents.amount})`));
  const period = sql<string>`to_char(${creditEvents.createdAt} at time zone 'UTC', 'YYYY-MM')`;
  const byPeriod = await db
    .select({ period, credits_used: sql<number>`sum(${creditEvents.amount})::int` })
    .from(creditEvents)
    .where(scoped(creditEvents, licenceId))
    .groupBy(period)
    .orderBy(period);
  return { byUser, byPeriod };
}
