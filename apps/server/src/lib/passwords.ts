import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (OWASP's minimum: 19 MiB, 2 passes). */
export const hashPassword = (password: string) => hash(password);

// Verifying against a real hash when the email is unknown keeps both failures equally slow.
const unknownUserHash = hash('vivier-unknown-user-password');

export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    await verify(await unknownUserHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
