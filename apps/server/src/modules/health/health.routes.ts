import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { register } from '../../http/route.ts';

/**
 * Liveness with a database round trip; load balancers take an instance out on 503. An instance told to stop
 * answers 503 from then on, while it still serves requests (server.ts, VIVIER_SHUTDOWN_DRAIN).
 */
export const healthRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.system.health, async () => {
      if (deps.lifecycle.draining) throw new AppError('shutting_down', 'This instance is shutting down');
      try {
        await Promise.race([
          deps.database.ping(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 3000).unref()),
        ]);
      } catch {
        throw new AppError('database_unavailable', 'The database cannot be reached');
      }
      return { status: 'ok' as const, database: deps.database.kind };
    });
  };
