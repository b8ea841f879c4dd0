import { API_TOKEN_PREFIX, type RouteEntry, scopeFor } from '@vivier/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';
import type { RateLimitStore } from '../lib/rate-limit.ts';
import type { AccessTokens } from '../modules/auth/access-token.ts';
import { findActiveCaller } from '../modules/users/users.queries.ts';
import { apiTokenAuthenticator } from './api-token-auth.ts';
import { AppError, forbidden } from './app-error.ts';
import type { Caller } from './caller.ts';

/** Declares `request.caller` (null until a scope authenticates the request). Once, on the root instance. */
export function declareCaller(app: FastifyInstance) {
  app.decorateRequest('caller', null);
}

/**
 * Makes `scope` an authenticated scope: every route registered in it, and only those, needs a valid access
 * token. The decision follows the route the router matched, whatever the spelling of the URL (percent-escapes,
 * double slashes, a trailing slash), because the hook belongs to the scope the route was registered in.
 *
 * The token says who the caller is; the database says what they are now: a deleted user is refused and a
 * role change applies on the next request, not when the token expires (SPEC section 6, issue 12).
 */
export function authenticateScope(
  scope: FastifyInstance,
  tokens: AccessTokens,
  db: Db,
  apiTokenLimit: { store: RateLimitStore; perMinute: number },
) {
  markAuthenticatedScope(scope);
  const apiToken = apiTokenAuthenticator(db, apiTokenLimit.store, apiTokenLimit.perMinute);
  // The OpenAPI document says so of each of these routes, and of no other (tests read it to know them).
  scope.addHook('onRoute', (route) => {
    // The scope an API token needs for the route, or that tokens cannot call it (decision 198).
    const entry = (route.config as { contract?: RouteEntry } | undefined)?.contract;
    const needed = entry?.scope ? scopeFor(entry.scope, entry.method) : undefined;
    const tokens = needed ? `API tokens need the scope \`${needed}\`.` : 'API tokens cannot call this route.';
    const description = route.schema?.description;
    route.schema = {
      ...route.schema,
      security: [{ bearer: [] }],
      description: description ? `${description}\n\n${tokens}` : tokens,
    };
  });
  scope.addHook('onRequest', async (request, reply) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw new AppError('unauthorized', 'Authentication required');
    // A program's API token (issue 25, decision 198): its own checks, scopes and rate limit.
    if (match[1].startsWith(API_TOKEN_PREFIX)) {
      request.caller = await apiToken(request, reply, match[1]);
      return;
    }
    const claimed = await tokens.verify(match[1]);
    const current = await findActiveCaller(db, claimed);
    if (!current) throw new AppError('invalid_token', 'The access token is invalid');
    // The client address as Fastify resolved it (trustProxy, app.ts): what the audit log records.
    request.caller = { ...current, address: request.ip };
  });
}

const AUTHENTICATED_SCOPE = 'authenticatedScope';

/** Marks `scope` (and the scopes registered inside it) as authenticated; http/route.ts checks each route's entry. */
export function markAuthenticatedScope(scope: FastifyInstance) {
  scope.decorate(AUTHENTICATED_SCOPE, true);
}

/** Whether `scope` is, or is inside, the authenticated scope. */
export const isAuthenticatedScope = (scope: FastifyInstance) => scope.hasDecorator(AUTHENTICATED_SCOPE);

/** The admin-only gate of a route (SPEC section 6). */
export function requireAdmin(caller: Caller) {
  if (caller.role !== 'admin') throw forbidden('Only an admin can do this');
}
