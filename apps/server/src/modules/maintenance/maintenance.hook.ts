import type { MaintenanceBody } from '@vivier/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { statusOf } from '../../http/error-status.ts';
import { getMaintenance, isMaintenanceOn, type MaintenanceWindow } from './maintenance.service.ts';

const CACHE_MS = 1000;

/**
 * While a maintenance window is on, every route registered in `scope` answers 503 `{break_at, duration}`
 * (SPEC section 4). app.ts registers every /api route but health inside that scope, so the gate follows the
 * matched route, never the URL's spelling. The window is read at most once a second per instance (the root
 * instance keeps the cache, so the CLI bridge can drop it), so the check costs nothing per request.
 */
export function registerMaintenanceGate(root: FastifyInstance, scope: FastifyInstance, db: Db) {
  let cached: { at: number; window: MaintenanceWindow | undefined } | undefined;
  const current = async () => {
    if (!cached || Date.now() - cached.at > CACHE_MS)
      cached = { at: Date.now(), window: await getMaintenance(db) };
    return cached.window;
  };
  root.decorate('forgetMaintenance', () => {
    cached = undefined;
  });
  scope.addHook('onRequest', async (_request, reply) => {
    const window = await current();
    if (window && isMaintenanceOn(window)) {
      return reply.status(statusOf('maintenance')).send({
        error: 'maintenance',
        message: 'The site is under maintenance',
        break_at: window.breakAt.toISOString(),
        duration: window.duration,
      } satisfies MaintenanceBody);
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops the cached maintenance window after the CLI changed it through this instance. */
    forgetMaintenance(): void;
  }
}
