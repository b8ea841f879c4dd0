import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import {
  createSavedSearch,
  listSavedSearches,
  openSavedSearch,
  removeSavedSearch,
  updateSavedSearch,
} from './saved-searches.service.ts';

/**
 * Saved searches of the candidate database (issue 28, decision 208): every user of the licence saves, lists
 * and opens; the owner renames and shares; the owner, or an admin for a shared one, deletes.
 */
export const savedSearchesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.savedSearches.list, async (request) => ({
      data: await listSavedSearches(deps.db, callerOf(request)),
    }));

    register(app, routes.savedSearches.create, async (request, reply) => {
      const created = await createSavedSearch(deps.db, callerOf(request), request.body);
      return reply.code(201).send(created);
    });

    register(app, routes.savedSearches.update, async (request) =>
      updateSavedSearch(deps.db, callerOf(request), request.params.id, request.body),
    );

    register(app, routes.savedSearches.remove, async (request, reply) => {
      await removeSavedSearch(deps.db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    });

    register(app, routes.savedSearches.open, async (request) =>
      openSavedSearch(deps.db, callerOf(request), request.params.id),
    );
  };
