import { channel } from 'node:diagnostics_channel';
import { hash, verify } from '@node-rs/argon2';

/**
 * Told of every password hash computed (nothing is published when nobody listens). The reset tests count them:
 * a made-up link must cost no hash (modules/password/reset.test.ts).
 */
export const passwordHashed = channel('vivier:password-hashed');

/**
 * argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes), ~60 ms a hash on this machine class.
 * The API test suites set VIVIER_TEST_FAST_PASSWORD_HASH=1 (vitest.config.ts): still argon2id, at 256 KiB and one
 * pass (under 1 ms), because thousands of sign-ins and new users made hashing a large part of the suite's time
 * (docs/decisions/160-test-suite-time.md). It is ignored when NODE_ENV is production; a hash records its own
 * parameters, so verifying never depends on the setting.
 */
const fastForTests = () =>
  process.env.VIVIER_TEST_FAST_PASSWORD_HASH === '1' && process.env.NODE_ENV !== 'production';

export const hashPassword = (password: string) => {
  if (passwordHashed.hasSubscribers) passwordHashed.publish(undefined);
  return hash(password, fastForTests() ? { memoryCost: 256, timeCost: 1 } : {});
};

// Verifying against a real hash when the email is unknown keeps both failures equally slow: one stand-in per
// setting, made on first use.
const standIns = new Map<boolean, Promise<string>>();
const standInHash = () => {
  const fast = fastForTests();
  let standIn = standIns.get(fast);
  if (!standIn) {
    standIn = hashPassword('vivier-unknown-user-password');
    standIns.set(fast, standIn);
  }
  return standIn;
};

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await standInHash(), password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
