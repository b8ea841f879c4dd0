import { type ApiScope, type RouteEntry, scopeFor } from '@vivier/contract';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import { apiTokens, users } from '../db/schema/index.ts';
import { type RateLimitStore, rateLimiter } from '../lib/rate-limit.ts';
import { tokenHash } from '../modules/api-tokens/api-tokens.service.ts';
import { AppError } from './app-error.ts';
import type { Caller } from './caller.ts';

/** How stale a token's `last_used_at` may get before a call writes it again: one write a minute at most. */
const LAST_USED_EVERY_MS = 60_000;

/**
 * The caller of a request made with an API token (issue 25, decision 198): the admin who made the token, as the
 * database holds them now, narrowed to the token's scopes and named as the token. Refused (401 `invalid_token`)
 * when the token is unknown, revoked or expired, or its admin is gone; refused (403 `missing_scope`) when the
 * matched route's table entry names no resource, or one the token has no scope of for the route's method. The
 * decision follows the route the router matched (its entry in the contract), never how the URL was spelled.
 */
export function apiTokenAuthenticator(db: Db, store: RateLimitStore, perMinute: number) {
  // Its own limit per token, apart from people's (VIVIER_API_TOKEN_MAX_PER_MINUTE), in `RateLimit-*` headers.
  const limit = rateLimiter(store, { max: perMinute, windowSeconds: 60 });
  return async (request: FastifyRequest, reply: FastifyReply, token: string): Promise<Caller> => {
    // One read: the token and the admin it acts for, as the database holds them now (role, level); a deleted
    // admin leaves no row (and their tokens went with them).
    const [row] = await db
      .select({
        id: apiTokens.id,
        licenceId: users.licenceId,
        name: apiTokens.name,
        scopes: apiTokens.scopes,
        expiresAt: apiTokens.expiresAt,
        revokedAt: apiTokens.revokedAt,
        lastUsedAt: apiTokens.lastUsedAt,
        userId: users.id,
        role: users.role,
        level: users.level,
        email: users.email,
      })
      .from(apiTokens)
      // The admin's own licence is the caller's: a token is made by an admin of its licence, for them.
      .innerJoin(users, eq(users.id, apiTokens.createdBy))
      .where(eq(apiTokens.hash, tokenHash(token)));
    const now = Date.now();
    if (!row || row.revokedAt || (row.expiresAt && row.expiresAt.getTime() <= now)) {
      throw new AppError('invalid_token', 'The API token is unknown, revoked or expired');
    }
    const entry = request.routeOptions.config.contract as RouteEntry | undefined;
    const needed = entry?.scope ? scopeFor(entry.scope, entry.method) : undefined;
    if (!needed) throw new AppError('missing_scope', 'API tokens cannot call this route');
    if (!row.scopes.includes(needed)) {
      throw new AppError('missing_scope', `This API token lacks the scope ${needed}`);
    }
    const attempt = await limit.consume(`api-token:${row.id}`);
    reply.header('RateLimit-Limit', String(perMinute));
    reply.header('RateLimit-Remaining', String(attempt.remaining));
    reply.header('RateLimit-Reset', String(attempt.retryAfter));
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
      await db
        .update(apiTokens)
        .set({ lastUsedAt: new Date(now), lastUsedAddress: request.ip })
        .where(
          and(
            eq(apiTokens.id, row.id),
            or(
              isNull(apiTokens.lastUsedAt),
              lt(apiTokens.lastUsedAt, sql`now() - make_interval(secs => ${LAST_USED_EVERY_MS / 1000})`),
            ),
          ),
        );
    }
    return {
      userId: row.userId,
      licenceId: row.licenceId,
      role: row.role,
      level: row.level,
      email: row.email,
      address: request.ip,
      token: { id: row.id, name: row.name, scopes: row.scopes as ApiScope[] },
    };
  };
}
