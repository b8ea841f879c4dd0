import type { SessionUser } from '../shared/session/types';

const base64Url = (value: object): string =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** An unsigned access token with the server's claims, expiring `expiresInS` seconds from now. */
export function makeJwt(expiresInS = 900, sub = '1'): string {
  const claims = {
    sub,
    email: 'ada@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    role: 'admin',
    license_id: 7,
    exp: Math.floor(Date.now() / 1000) + expiresInS,
  };
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.signature`;
}

/** Ada as the API answers a user (snake_case wire shape); login answers add `jwt` and `token`. */
export function wireUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 1,
    first_name: 'Ada',
    last_name: 'Lovelace',
    email: 'ada@example.com',
    role: 'admin',
    level: 'manager',
    sf_id: null,
    picture: null,
    license_id: 7,
    settings: { export: { type: null }, email_signature: { value: '' } },
    created_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A signed-in user as the store holds it. */
export function sessionUser(jwt = makeJwt(), token = 'refresh-1'): SessionUser {
  return {
    id: 1,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    role: 'admin',
    level: 'manager',
    sfId: null,
    picture: null,
    licenseId: 7,
    settings: { export: { type: null }, emailSignature: { value: '' } },
    createdAt: '2026-01-01T00:00:00.000Z',
    jwt,
    token,
    claims: {
      sub: '1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      role: 'admin',
      licenseId: 7,
      exp: JSON.parse(atob((jwt.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))).exp,
    },
  };
}

/** A JSON answer as fetch gives it. */
export const jsonResponse = (body: unknown, status = 200, headers: Record<string, string> = {}): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
