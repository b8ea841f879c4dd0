import type { FastifyInstance } from 'fastify';
import type { AccessTokens } from '../modules/auth/access-token.ts';
import { AppError, forbidden } from './app-error.ts';
import type { Caller } from './caller.ts';

/**
 * Every /api route needs a valid access token unless it says `config: { public: true }`: forgetting the
 * check cannot open a route, only forgetting to close one can, and that stands out in review.
 */
export function registerAuthentication(app: FastifyInstance, tokens: AccessTokens) {
  app.decorateRequest('caller', null as unknown as Caller);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs')) return;
    // An unknown route answers 404 'Bad route' (spa.ts), not 401: there is nothing behind it to protect.
    if (request.is404 || request.routeOptions.config?.public) return;
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) throw new AppError(401, 'unauthorized', 'Authentication required');
    request.caller = await tokens.verify(match[1]);
  });
}

/** The admin-only gate of a route (SPEC section 6). */
export function requireAdmin(caller: Caller) {
  if (caller.role !== 'admin') throw forbidden('Only an admin can do this');
}
