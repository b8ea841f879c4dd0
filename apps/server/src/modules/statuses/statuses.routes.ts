import { dataOf, Id, Status, StatusCreateBody, StatusDeleteQuery, StatusPatchBody } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { listStatuses } from './statuses.queries.ts';
import { createStatus, deleteStatus, updateStatus } from './statuses.service.ts';

const tags = ['statuses'];
const params = z.object({ id: Id });

/**
 * The pipeline of statuses (SPEC section 7: GET and POST /statuses; PATCH and DELETE /statuses/{id}). Every
 * user of the licence reads it; admins change it (status.policy.ts).
 */
export const statusesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/statuses', { schema: { tags, response: { 200: dataOf(Status) } } }, async (request) => ({
      data: await listStatuses(deps.db, callerOf(request).licenceId),
    }));

    app.post(
      '/statuses',
      { schema: { tags, body: StatusCreateBody, response: { 201: Status } } },
      async (request, reply) =>
        reply.code(201).send(await createStatus(deps.db, callerOf(request), request.body)),
    );

    app.patch(
      '/statuses/:id',
      { schema: { tags, params, body: StatusPatchBody, response: { 200: Status } } },
      async (request) => updateStatus(deps.db, callerOf(request), request.params.id, request.body),
    );

    app.delete(
      '/statuses/:id',
      { schema: { tags, params, querystring: StatusDeleteQuery, response: { 204: z.null() } } },
      async (request, reply) => {
        await deleteStatus(deps.db, callerOf(request), request.params.id, request.query.move_to);
        return reply.code(204).send(null);
      },
    );
  };
