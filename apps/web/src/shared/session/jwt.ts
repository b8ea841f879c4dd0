import type { SessionClaims } from './types';

function base64UrlDecode(segment: string): string {
  const base64 = segment
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Decodes the claims of an access token without verifying it: the server verifies every call; the client only
 * reads the expiry and who is signed in (DESIGN section 5). Throws on a malformed token.
 */
export function decodeClaims(jwt: string): SessionClaims {
  const payload = jwt.split('.')[1];
  if (!payload) throw new Error('Malformed token');
  const raw: unknown = JSON.parse(base64UrlDecode(payload));
  if (typeof raw !== 'object' || raw === null) throw new Error('Malformed token');
  const claims = raw as Record<string, unknown>;
  if (typeof claims.exp !== 'number') throw new Error('Token without expiry');
  return {
    sub: String(claims.sub ?? ''),
    email: String(claims.email ?? ''),
    firstName: String(claims.first_name ?? ''),
    lastName: String(claims.last_name ?? ''),
    role: claims.role === 'admin' ? 'admin' : 'user',
    licenseId: Number(claims.license_id),
    exp: claims.exp,
  };
}

/** True when the token expires within `marginMs` or is already past expiry (SPEC section 4: 2 seconds). */
export const expiresWithin = (claims: SessionClaims, marginMs: number, now: number = Date.now()): boolean =>
  claims.exp * 1000 - now <= marginMs;
