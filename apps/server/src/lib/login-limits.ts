import { verifyPassword } from './passwords.ts';
import { type RateLimitStore, rateLimiter } from './rate-limit.ts';

/** The window over which failed password guesses are counted. */
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export type LoginLimits = { maxPerAccount: number; maxPerAddress: number; store: RateLimitStore };

/** The counter of an account's failed password guesses, whichever door they came through. */
export const accountGuessesKey = (email: string) => `login:account:${email.trim().toLowerCase()}`;

/** The per-account counter of failed guesses (sign-in and the proof a signed-in person gives). */
export const accountGuesses = (limits: LoginLimits) =>
  rateLimiter(limits.store, { max: limits.maxPerAccount, windowSeconds: LOGIN_WINDOW_SECONDS });

/**
 * Checks a password a signed-in person offers as proof (changing their own password or email). A wrong one
 * counts against the account's sign-in failures, so a stolen access token cannot be used to guess the
 * password at leisure; past the limit the answer is 429 whatever the guess. A right one is not counted.
 */
export async function verifyPasswordGuess(
  limits: LoginLimits,
  email: string,
  passwordHash: string,
  password: string,
): Promise<boolean> {
  const attempt = await accountGuesses(limits).consume(accountGuessesKey(email));
  const right = await verifyPassword(passwordHash, password);
  if (right) await attempt.release();
  return right;
}
