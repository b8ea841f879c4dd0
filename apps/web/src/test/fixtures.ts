import type { JobOffer } from '@vivier/contract';
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

/** The licence's pipeline as a job offer's summary sends it: Applied, Interview, Hired. */
export const wireStatuses = [
  { id: 11, index: 0, name: 'Applied', color: '1c7ed6', candidates_count: 2 },
  { id: 12, index: 1, name: 'Interview', color: 'f08c00', candidates_count: 1 },
  { id: 13, index: 2, name: 'Hired', color: '2f9e44', candidates_count: 0 },
];

/** A job offer as the API answers it (snake_case), with its company, its manager and its status summary. */
export function wireJobOffer(overrides: Partial<JobOffer> = {}): JobOffer {
  return {
    id: 1,
    name: 'Backend developer',
    company_id: 5,
    company: { id: 5, name: 'Acme' },
    user_id: 1,
    user: { id: 1, first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' },
    created_at: '2026-11-22T10:00:00.000Z',
    archived: false,
    assigned_users: [],
    tags: [],
    candidates_count: 3,
    email_template_id: null,
    summary: { statuses: wireStatuses },
    description: '',
    city: null,
    country: null,
    workplace: 'on_site',
    contract_type: null,
    salary_min: null,
    salary_max: null,
    salary_currency: null,
    published: false,
    public_slug: null,
    published_at: null,
    ...overrides,
  };
}
