import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { type RateLimitStore, rateLimiter } from '../../lib/rate-limit.ts';
import { findUserByEmail } from '../users/users.queries.ts';
import { verifyPassword } from './passwords.ts';

const WINDOW_SECONDS = 15 * 60;

export type LoginLimits = { maxPerAccount: number; maxPerAddress: number; store: RateLimitStore };

/**
 * Checks an email and password. Wrong password and unknown email fail alike, with one message. Failed
 * attempts are counted per account and per address over 15 minutes; past the limit the answer is 429.
 */
export async function checkCredentials(
  db: Db,
  limits: LoginLimits,
  { email, password, address }: { email: string; password: string; address: string },
) {
  const perAccount = rateLimiter(limits.store, { max: limits.maxPerAccount, windowSeconds: WINDOW_SECONDS });
  const perAddress = rateLimiter(limits.store, { max: limits.maxPerAddress, windowSeconds: WINDOW_SECONDS });
  const accountKey = `login:account:${email.trim().toLowerCase()}`;
  const addressKey = `login:address:${address}`;
  await perAccount.check(accountKey);
  await perAddress.check(addressKey);

  const user = await findUserByEmail(db, email);
  if (!(await verifyPassword(user?.passwordHash, password)) || !user) {
    await perAccount.hit(accountKey);
    await perAddress.hit(addressKey);
    throw new AppError(401, 'invalid_credentials', 'Failed to log in, please check your email and password');
  }
  await perAccount.reset(accountKey);
  return user;
}
