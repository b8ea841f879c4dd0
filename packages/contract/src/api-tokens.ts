import { z } from 'zod';
import { API_SCOPES } from './api-token-scopes.ts';

export {
  API_SCOPES,
  API_TOKEN_PREFIX,
  API_TOKEN_RESOURCES,
  type ApiScope,
  type ApiTokenResource,
  scopeFor,
} from './api-token-scopes.ts';

export const ApiScopeName = z.enum(API_SCOPES);

/**
 * An API token as the licence's admins see it (issue 25, decision 198): never the token itself, which is shown
 * once on creation; `prefix` (its first 12 characters) tells tokens apart. `created_by` is the admin it acts
 * for; `last_used_at` / `last_used_address` its latest call (recorded at most once a minute).
 */
export const ApiToken = z.object({
  id: z.number(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(ApiScopeName),
  expires_at: z.string().nullable(),
  created_at: z.string(),
  created_by: z.number().nullable(),
  last_used_at: z.string().nullable(),
  last_used_address: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

/** `POST /api/api_tokens`: a name, one or more scopes, and an optional expiry in the future. */
export const ApiTokenCreateBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  scopes: z
    .array(ApiScopeName)
    .min(1)
    .max(API_SCOPES.length)
    .refine((scopes) => new Set(scopes).size === scopes.length, { error: 'each scope once' }),
  expires_at: z.iso
    .datetime({ offset: true })
    .refine((at) => Date.parse(at) > Date.now(), { error: 'must be in the future' })
    .nullable()
    .optional(),
});
export type ApiTokenCreateBody = z.input<typeof ApiTokenCreateBody>;

/** The answer of a creation: the token, this once, beside what the list will show. */
export const ApiTokenCreated = ApiToken.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;

export const ApiTokenList = z.object({ data: z.array(ApiToken) });
export type ApiTokenList = z.infer<typeof ApiTokenList>;
