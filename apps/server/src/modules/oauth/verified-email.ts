import type { OAuthProvider } from '@vivier/contract';
import type { IDToken } from 'oauth4webapi';

const isTrue = (value: unknown) => value === true || value === 'true' || value === '1' || value === 1;

/**
 * The email address an ID token vouches for, or undefined. Vivier finds the user by email, so an address the
 * provider has not verified must not sign anyone in: anyone can put someone else's address on a new account.
 * - Google (and any token carrying it): `email_verified` must be true.
 * - Microsoft Entra never sends `email_verified` for work accounts; its optional claim `xms_edov` (email
 *   domain owner verified) says the tenant owns the address's domain. docs/oauth.md says how to add it.
 */
export function verifiedEmail(provider: OAuthProvider, claims: IDToken): string | undefined {
  const email = claims.email;
  if (typeof email !== 'string' || !email.includes('@')) return undefined;
  if (claims.email_verified !== undefined) return isTrue(claims.email_verified) ? email : undefined;
  if (provider === 'microsoft' && isTrue(claims.xms_edov)) return email;
  return undefined;
}
