import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { passwordResetTokens } from '../../db/schema/index.ts';
import { hashToken, newSecretToken } from '../../lib/secret-token.ts';

export type LinkPurpose = 'reset' | 'confirm';

/** A reset link is good for an hour; a confirmation link, mailed when an admin creates the account, a week. */
const LIFETIME_MS: Record<LinkPurpose, number> = { reset: 3600 * 1000, confirm: 7 * 24 * 3600 * 1000 };

/** A new single-use link token for a user; only its hash is stored. */
export async function issueLinkToken(db: Db, userId: number, purpose: LinkPurpose): Promise<string> {
  const token = newSecretToken();
  await db.insert(passwordResetTokens).values({
    userId,
    purpose,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + LIFETIME_MS[purpose]),
  });
  return token;
}

/** The token is of this purpose, unused and within its lifetime. */
export const usableLink = (token: string, purpose: LinkPurpose, now: Date) =>
  and(
    eq(passwordResetTokens.tokenHash, hashToken(token)),
    eq(passwordResetTokens.purpose, purpose),
    isNull(passwordResetTokens.usedAt),
    gt(passwordResetTokens.expiresAt, now),
  );

/**
 * Spends every link of the user still outstanding: after a password is set (by a link, by the person, or by
 * an admin), an older link mailed before must not set it again (issue 18 section 3).
 */
export const spendOutstandingLinks = (db: Db, userId: number) =>
  db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
