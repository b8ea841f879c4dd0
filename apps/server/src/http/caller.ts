import type { Role } from '@vivier/contract';

/** Who is calling, from a verified access token. Every tenant query is scoped by `licenceId`. */
export type Caller = { userId: number; licenceId: number; role: Role; email: string };

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyContextConfig {
    /** Routes that answer without an access token (login, refresh, password recovery, health). */
    public?: boolean;
  }
}
