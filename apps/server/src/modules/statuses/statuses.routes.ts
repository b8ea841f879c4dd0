import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { listStatuses } from './statuses.queries.ts';
import { createStatus, deleteStatus, updateStatus } from './statuses.service.ts';

/**
 * The pipeline of statuses (SPEC section 7: GET and POST /statuses; PATCH and DELETE /statuses/{id}). Every
 * user of the licence reads it; admins change it (status.policy.ts).
 */
export const statusesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.statuses.list, async (request) => ({
      data: await listStatuses(deps.db, callerOf(request).licenceId),
    }));

    register(app, routes.statuses.create, async (request, reply) =>
      reply.code(201).send(await createStatus(deps.db, callerOf(request), request.body)),
    );

    register(app, routes.statuses.update, async (request) =>
      updateStatus(deps.db, callerOf(request), request.params.id, request.body),
    );

    register(app, routes.statuses.remove, async (request, reply) => {
      await deleteStatus(deps.db, callerOf(request), request.params.id, request.query.move_to);
      return reply.code(204).send(null);
    });
  };
