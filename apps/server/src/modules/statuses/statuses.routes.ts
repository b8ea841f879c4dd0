import { dataOf, Status } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { listStatuses } from './statuses.queries.ts';

/** The pipeline of statuses (SPEC section 7: GET /statuses). Every user of the licence may read it. */
export const statusesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/statuses',
      { schema: { tags: ['statuses'], response: { 200: dataOf(Status) } } },
      async (request) => ({
        data: await listStatuses(deps.db, request.caller.licenceId),
      }),
    );
  };
