import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { getMaintenance, isMaintenanceOn, type MaintenanceWindow } from './maintenance.service.ts';

const CACHE_MS = 1000;

/**
 * While a maintenance window is on, every /api call but health answers 503 `{break_at, duration}` (SPEC
 * section 4). The window is read at most once a second per instance, so the check costs nothing per request.
 */
export function registerMaintenanceGate(app: FastifyInstance, db: Db) {
  let cached: { at: number; window: MaintenanceWindow | undefined } | undefined;
  const current = async () => {
    if (!cached || Date.now() - cached.at > CACHE_MS)
      cached = { at: Date.now(), window: await getMaintenance(db) };
    return cached.window;
  };
  app.decorate('forgetMaintenance', () => {
    cached = undefined;
  });
  app.addHook('onRequest', async (request, reply) => {
    const url = request.url;
    if (!url.startsWith('/api/') || url.startsWith('/api/health')) return;
    const window = await current();
    if (window && isMaintenanceOn(window)) {
      return reply.status(503).send({
        error: 'maintenance',
        message: 'The site is under maintenance',
        break_at: window.breakAt.toISOString(),
        duration: window.duration,
      });
    }
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Drops the cached maintenance window after the CLI changed it through this instance. */
    forgetMaintenance(): void;
  }
}
