import { channel } from 'node:diagnostics_channel';
import { hash, verify } from '@node-rs/argon2';

/**
 * Told of every password hash computed (nothing is published when nobody listens). The reset tests count them:
 * a made-up link must cost no hash (modules/password/reset.test.ts).
 */
export const passwordHashed = channel('vivier:password-hashed');

/** argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes), ~60 ms a hash on this machine class. */
const PRODUCTION = {};
/** Still argon2id, at 256 KiB and one pass: under 1 ms. Only the API test harness asks for it. */
const TEST = { memoryCost: 256, timeCost: 1 };
let parameters: typeof TEST | typeof PRODUCTION = PRODUCTION;

/**
 * The API test harness (src/test/harness.ts) hashes at test parameters: thousands of sign-ins and new users
 * made hashing a large part of the suite's time (docs/decisions/160-test-suite-time.md). Nothing else calls
 * this; a hash records its own parameters, so verifying never depends on it.
 */
export function useTestPasswordHashing(fast: boolean) {
  parameters = fast ? TEST : PRODUCTION;
}

export const hashPassword = (password: string) => {
  if (passwordHashed.hasSubscribers) passwordHashed.publish(undefined);
  return hash(password, parameters);
};

// Verifying against a real hash when the email is unknown keeps both failures equally slow: one stand-in per
// parameter set, made on first use.
const standIns = new Map<object, Promise<string>>();
const standInHash = () => {
  let standIn = standIns.get(parameters);
  if (!standIn) {
    standIn = hashPassword('vivier-unknown-user-password');
    standIns.set(parameters, standIn);
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
