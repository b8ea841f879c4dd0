import type { FastifyRequest } from 'fastify';

/**
 * The mail provider's access token the browser passes in `X-Provider-Token` (it reads it from
 * `GET /api/oauth/token`, SPEC section 7): the server uses it for this one request and keeps nothing.
 */
export function providerTokenOf(request: FastifyRequest): string | undefined {
  const value = request.headers['x-provider-token'];
  const token = typeof value === 'string' ? value.trim() : undefined;
  return token ? token : undefined;
}
