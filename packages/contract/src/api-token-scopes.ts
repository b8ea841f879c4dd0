/** API tokens' scopes without zod (`@vivier/contract/api-token-scopes`): the settings screen lists them. */

/**
 * What a token may reach (issue 25, decision 198), one name per resource of the route table: each group of
 * `routes/addresses.ts` that programs may call names one. Users are read only.
 */
export const API_TOKEN_RESOURCES = [
  'job_offers',
  'candidates',
  'applications',
  'notes',
  'files',
  'users',
  'webhooks',
] as const;
export type ApiTokenResource = (typeof API_TOKEN_RESOURCES)[number];

/** `<resource>:read` for GET, `<resource>:write` for the other methods; `users` has no write scope. */
export const API_SCOPES = [
  'job_offers:read',
  'job_offers:write',
  'candidates:read',
  'candidates:write',
  'applications:read',
  'applications:write',
  'notes:read',
  'notes:write',
  'files:read',
  'files:write',
  'users:read',
  'webhooks:read',
  'webhooks:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** The scope a route of `resource` needs for `method`: read for GET, write otherwise. */
export const scopeFor = (resource: ApiTokenResource, method: string) =>
  `${resource}:${method === 'GET' ? 'read' : 'write'}`;

/** What every token starts with, so secret scanners and people recognise one. */
export const API_TOKEN_PREFIX = 'viv_';
