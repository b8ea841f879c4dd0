import type { ApiScope, Level, Role } from '@vivier/contract';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from './app-error.ts';

/**
 * Who is calling, from a verified access token, with the role and level the database holds now. Every tenant
 * query is scoped by `licenceId`. `session` is the refresh-token family of the token (its `sid` claim), absent
 * from a token signed before sessions were named. `address` is the request's client address.
 */
export type Caller = {
  userId: number;
  licenceId: number;
  role: Role;
  level: Level;
  email: string;
  session?: string;
  /** The request's client address (`request.ip`, trustProxy applied), which the audit log records. */
  address?: string;
  /**
   * Set when the request came with an API token (decision 198): the caller is then the admin who made it, and
   * the audit log names the token, never the admin.
   */
  token?: { id: number; name: string; scopes: readonly ApiScope[] };
};

/**
 * The caller of a route registered in the authenticated scope (http/authenticate.ts). `request.caller` is
 * null elsewhere, so a handler has to come through here to read it: a route that could run without a caller
 * does not type-check, and if one were ever mounted outside the scope it would answer 401, never run.
 */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw unauthorized();
  return request.caller;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authenticated scope's hook; null on public routes. Read it with `callerOf`. */
    caller: Caller | null;
  }
}
