import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { presentClientData } from '../users/user.presenter.ts';
import { listClientData, saveClientData } from './client-data.service.ts';

/**
 * The client-data service (SPEC section 7: "Saving a user's client data uses the client-data service, with
 * perPage 100 on fetch"): one record per user, merged into the user for display.
 */
export const clientDataRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.clientData.list, async (request, reply) => {
      const { rows, total } = await listClientData(
        deps.db,
        callerOf(request).licenceId,
        pageWindow(request.query),
      );
      return sendPage(request, reply, request.query, rows.map(presentClientData), total);
    });

    register(app, routes.clientData.save, async (request) =>
      presentClientData(await saveClientData(deps.db, callerOf(request), request.params.id, request.body)),
    );
  };
