import { and, asc, eq, exists, getTableColumns, gt, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { namedStatements } from '../../db/named-statements.ts';
import { withTotal } from '../../db/page.ts';
import { licences, refreshTokens, userClientData, users } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Caller } from '../../http/caller.ts';
import { containsPattern } from '../../lib/like-pattern.ts';

/** Emails compare without case everywhere: the unique index is on (licence, lower(email)). */
export const emailEquals = (email: string) => sql`lower(${users.email}) = lower(${email.trim()})`;

/** A user with the Salesforce ID of their client-data record merged in, as every user answer shows it. */
const userWithClientData = { ...getTableColumns(users), sfId: userClientData.sfId };
export type UserRow = typeof users.$inferSelect & { sfId: string | null };

const selectUsers = (db: Db) =>
  db.select(userWithClientData).from(users).leftJoin(userClientData, eq(userClientData.userId, users.id));

async function findOne(db: Db, where: SQL | undefined): Promise<UserRow | undefined> {
  const [row] = await selectUsers(db).where(where);
  return row;
}

/**
 * Every account of an address, one per licence at most, with its organisation's name (sign-in and recovery:
 * one person may belong to several organisations; docs/decisions/136-accounts-per-licence.md).
 */
export async function findUsersByEmail(db: Db, email: string) {
  return db
    .select({ ...userWithClientData, licenceName: licences.name })
    .from(users)
    .innerJoin(licences, eq(licences.id, users.licenceId))
    .leftJoin(userClientData, eq(userClientData.userId, users.id))
    .where(emailEquals(email))
    .orderBy(asc(users.id));
}
export type UserWithLicence = Awaited<ReturnType<typeof findUsersByEmail>>[number];

/** The user of a licence with this address, if any (an address is unique within a licence). */
export const findUserByEmailInLicence = (db: Db, licenceId: number, email: string) =>
  findOne(db, and(scoped(users, licenceId), emailEquals(email)));

/** One user of the caller's licence; another licence's user is as absent as a missing one. */
export const findUserInLicence = (db: Db, licenceId: number, userId: number) =>
  findOne(db, and(scoped(users, licenceId), eq(users.id, userId)));

/** A user by id, whatever the licence: only for flows that start from a token the server issued. */
export const findUserById = (db: Db, userId: number) => findOne(db, eq(users.id, userId));

/** SPEC section 5: a case-insensitive substring of the email or of the 'first last' full name. */
function searchCondition(search: string) {
  const pattern = containsPattern(search);
  return or(ilike(users.email, pattern), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, pattern));
}

/** A page of the licence's users sorted by name, optionally those matching `search`. */
export async function listUsersOfLicence(
  db: Db,
  licenceId: number,
  { search, limit, offset }: { search?: string; limit: number; offset: number },
) {
  const where = and(scoped(users, licenceId), search ? searchCondition(search) : undefined);
  return withTotal(
    selectUsers(db)
      .where(where)
      .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id))
      .limit(limit)
      .offset(offset),
    db.$count(users, where),
  );
}

/**
 * The caller's lookup, prepared once per database handle, with or without the token's session (its refresh-token
 * family must still have a token that is neither revoked nor past its end).
 */
const activeCallerLookup = namedStatements(
  (inSession: boolean) => (inSession ? 'active_caller_in_session' : 'active_caller'),
  (db, inSession, name) =>
    db
      .select({
        userId: users.id,
        licenceId: users.licenceId,
        role: users.role,
        level: users.level,
        email: users.email,
      })
      .from(users)
      .where(
        and(
          eq(users.id, sql.placeholder('userId')),
          scoped(users, sql.placeholder('licenceId')),
          inSession
            ? exists(
                db
                  .select({ one: sql`1` })
                  .from(refreshTokens)
                  .where(
                    and(
                      eq(refreshTokens.family, sql.placeholder('session')),
                      eq(refreshTokens.userId, users.id),
                      isNull(refreshTokens.revokedAt),
                      gt(refreshTokens.expiresAt, sql`now()`),
                    ),
                  ),
              )
            : undefined,
        ),
      )
      // Named, so PostgreSQL parses it once per connection, and plans it once when its generic plan is as good (a
      // primary key's row); on every authenticated request (decision 248). The session's test reads
      // `refresh_tokens_family_idx`.
      .prepare(name),
);

/**
 * The caller a verified token names, as the database has them now: the same user in the same licence, with
 * their current role, level and email; undefined when the user is gone or has moved, or when the token's
 * session has ended (signed out, revoked by a password change or a replay): the token no longer holds. One
 * query.
 */
export async function findActiveCaller(
  db: Db,
  claimed: { userId: number; licenceId: number; session?: string },
): Promise<Caller | undefined> {
  const [row] = (await activeCallerLookup(db, Boolean(claimed.session)).execute({
    userId: claimed.userId,
    licenceId: claimed.licenceId,
    session: claimed.session ?? '',
  })) as Omit<Caller, 'session'>[];
  return row && claimed.session ? { ...row, session: claimed.session } : row;
}
