import type { OAuthProvider } from '@vivier/contract';
import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { oauthAttempts } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/secret-token.ts';

/** Long enough to type a password and pass a second factor at the provider. */
const ATTEMPT_TTL_MS = 10 * 60 * 1000;

export type Attempt = { state: string; nonce: string; codeVerifier: string };

/** Keeps a new sign-in attempt until its callback, and drops the attempts nobody finished. */
export async function saveAttempt(db: Db, provider: OAuthProvider, attempt: Attempt): Promise<void> {
  await db.delete(oauthAttempts).where(lt(oauthAttempts.expiresAt, new Date()));
  await db.insert(oauthAttempts).values({
    provider,
    stateHash: hashToken(attempt.state),
    nonce: attempt.nonce,
    codeVerifier: attempt.codeVerifier,
    expiresAt: new Date(Date.now() + ATTEMPT_TTL_MS),
  });
}

/**
 * Takes the attempt a callback's `state` names, once: the row is deleted as it is read, in one statement, so
 * a second callback with the same state (a replayed code, a reloaded page, a second tab) finds nothing, even
 * when both arrive together. Undefined when unknown, expired, or started for another provider.
 */
export async function takeAttempt(
  db: Db,
  provider: OAuthProvider,
  state: string,
): Promise<Attempt | undefined> {
  const [row] = await db
    .delete(oauthAttempts)
    .where(and(eq(oauthAttempts.stateHash, hashToken(state)), eq(oauthAttempts.provider, provider)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return undefined;
  return { state, nonce: row.nonce, codeVerifier: row.codeVerifier };
}
