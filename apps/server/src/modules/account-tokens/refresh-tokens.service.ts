import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { refreshTokens } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import { secretBox } from '../../lib/secret-box.ts';
import { hashToken, newSecretToken } from '../../lib/secret-token.ts';

/** A family (one sign-in) ends 30 days after the sign-in, however often it is refreshed (issue 7). */
export const SESSION_LIFETIME_MS = 30 * 24 * 3600 * 1000;
const invalid = () => new AppError('invalid_refresh_token', 'Could not refresh token');

/**
 * Starts a new family (a new sign-in) and returns its first refresh token; a rotation passes the family and
 * its end, which every token of the family shares.
 */
export async function issueRefreshToken(
  db: Db,
  userId: number,
  {
    family = randomUUID(),
    expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS),
  }: { family?: string; expiresAt?: Date } = {},
): Promise<string> {
  const token = newSecretToken();
  await db.insert(refreshTokens).values({ userId, family, tokenHash: hashToken(token), expiresAt });
  return token;
}

/**
 * The successor of a token, sealed under a key derived from the token itself: only someone who holds the
 * retired token can open it, and the database keeps neither in clear (tokens are stored hashed).
 */
const successorBox = (token: string) => secretBox(Buffer.from(token), 'refresh successor');

/**
 * Retires a refresh token and issues the next one of its family. Presented again within `reuseIntervalMs`
 * (config VIVIER_REFRESH_REUSE_SECONDS: a second tab refreshing at the same moment), it answers the same
 * successor. Presented after that, it has
 * been stolen or replayed: the whole family is revoked, which signs out both holders (DESIGN section 5).
 */
export async function rotateRefreshToken(
  db: Db,
  token: string,
  reuseIntervalMs: number,
): Promise<{ userId: number; token: string; family: string }> {
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)))
      .for('update');
    if (!row || row.revokedAt) return { kind: 'invalid' as const };
    if (row.retiredAt) {
      const successor =
        Date.now() - row.retiredAt.getTime() < reuseIntervalMs && row.successorSealed
          ? successorBox(token).open(row.successorSealed, row.family)
          : undefined;
      if (successor) return { kind: 'ok' as const, userId: row.userId, family: row.family, token: successor };
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.family, row.family), isNull(refreshTokens.revokedAt)));
      return { kind: 'reused' as const };
    }
    if (row.expiresAt.getTime() <= Date.now()) return { kind: 'invalid' as const };
    const next = await issueRefreshToken(tx, row.userId, { family: row.family, expiresAt: row.expiresAt });
    await tx
      .update(refreshTokens)
      .set({ retiredAt: new Date(), successorSealed: successorBox(token).seal(next, row.family) })
      .where(eq(refreshTokens.id, row.id));
    return { kind: 'ok' as const, userId: row.userId, family: row.family, token: next };
  });
  if (outcome.kind !== 'ok') throw invalid();
  return { userId: outcome.userId, token: outcome.token, family: outcome.family };
}

/**
 * Signs one session out (logout): the family of the token presented, whichever of its tokens it is, so a
 * copy of an older token is worthless too. An unknown token changes nothing.
 */
export async function revokeRefreshFamily(db: Db, token: string) {
  const [row] = await db
    .select({ family: refreshTokens.family })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(token)));
  if (!row) return;
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(refreshTokens.family, row.family), isNull(refreshTokens.revokedAt)));
}

/**
 * Rows that can never be used again: families past their end, and revoked ones. Retired tokens of a live
 * family stay until it ends: presenting one is how a replay is caught (rotateRefreshToken).
 */
export const deadRefreshTokens = (now: Date) =>
  or(lt(refreshTokens.expiresAt, now), isNotNull(refreshTokens.revokedAt));

/**
 * Signs a user out everywhere (after a password change), except the session `keep` when given: the one a
 * user changed their own password from.
 */
export async function revokeAllRefreshTokens(db: Db, userId: number, { keep }: { keep?: string } = {}) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keep ? ne(refreshTokens.family, keep) : undefined,
      ),
    );
}
