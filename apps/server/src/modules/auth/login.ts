import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  accountGuesses,
  accountGuessesKey,
  LOGIN_WINDOW_SECONDS,
  type LoginLimits,
} from '../../lib/login-limits.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { rateLimiter, tooManyAttempts } from '../../lib/rate-limit.ts';
import { findUsersByEmail } from '../users/users.queries.ts';
import { recordFailedSignIn } from './session.ts';

export type { LoginLimits };

/**
 * Checks an email and password. Wrong password and unknown email fail alike, with one message. Failed
 * attempts are counted per account and per address over 15 minutes; past the limit the answer is 429.
 *
 * Each attempt is counted before the password is checked, in one atomic step per counter, so parallel
 * attempts cannot all slip under the limit; a refused attempt and a successful one are taken back.
 *
 * An address may have an account in several licences: the answer is every account the password opens (one
 * usually; several asks which organisation, docs/decisions/136-accounts-per-licence.md).
 * A wrong password is recorded in the audit log of each licence where the address has an account.
 */
export async function checkCredentials(
  db: Db,
  limits: LoginLimits,
  { email, password, address }: { email: string; password: string; address: string },
) {
  const perAccount = accountGuesses(limits);
  const perAddress = rateLimiter(limits.store, {
    max: limits.maxPerAddress,
    windowSeconds: LOGIN_WINDOW_SECONDS,
  });
  const accountKey = accountGuessesKey(email);
  const addressKey = `login:address:${address}`;
  const [account, fromAddress] = await Promise.all([
    perAccount.take(accountKey),
    perAddress.take(addressKey),
  ]);
  if (!account.allowed || !fromAddress.allowed) {
    await Promise.all([account.release(), fromAddress.release()]);
    throw tooManyAttempts(Math.max(account.retryAfter, fromAddress.retryAfter));
  }

  const accounts = await findUsersByEmail(db, email);
  // An unknown address is checked against a real hash too: both failures take as long.
  const checks = accounts.length
    ? await Promise.all(accounts.map((account) => verifyPassword(account.passwordHash, password)))
    : [await verifyPassword(undefined, password)];
  const opened = accounts.filter((_, index) => checks[index]);
  if (opened.length === 0) {
    // Each licence where the address has an account logs the refusal (decision 192); an unknown one, none.
    await recordFailedSignIn({ db }, accounts, { address, method: 'password', reason: 'wrong_password' });
    throw new AppError('invalid_credentials', 'Failed to log in, please check your email and password');
  }
  // A sign-in that worked is no attempt against either limit, and clears the account's failures.
  await Promise.all([perAccount.reset(accountKey), fromAddress.release()]);
  return opened;
}
