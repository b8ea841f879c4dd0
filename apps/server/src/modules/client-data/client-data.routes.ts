import { ClientData, ClientDataBody, ClientDataListQuery, Id, listOf } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { presentClientData } from '../users/user.presenter.ts';
import { listClientData, saveClientData } from './client-data.service.ts';

const tags = ['users'];

/**
 * The client-data service (SPEC section 7: "Saving a user's client data uses the client-data service, with
 * perPage 100 on fetch"): one record per user, merged into the user for display.
 */
export const clientDataRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/client_data',
      { schema: { tags, querystring: ClientDataListQuery, response: { 200: listOf(ClientData) } } },
      async (request, reply) => {
        const { rows, total } = await listClientData(
          deps.db,
          callerOf(request).licenceId,
          pageWindow(request.query),
        );
        return sendPage(request, reply, request.query, rows.map(presentClientData), total);
      },
    );

    app.put(
      '/client_data/:id',
      {
        schema: {
          tags,
          params: z.object({ id: Id }),
          body: ClientDataBody,
          response: { 200: ClientData },
        },
      },
      async (request) =>
        presentClientData(await saveClientData(deps.db, callerOf(request), request.params.id, request.body)),
    );
  };
