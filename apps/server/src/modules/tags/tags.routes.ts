import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { registerNamedList } from '../../http/named-list-routes.ts';
import { register } from '../../http/route.ts';
import { deleteTag, tagService } from './tags.service.ts';

/** Tags (SPEC section 7: GET and POST /tags; PATCH and DELETE /tags/{id}): a named list that can be deleted. */
export const tagsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    registerNamedList(app, deps.db, routes.tags, tagService);

    register(app, routes.tags.remove, async (request, reply) => {
      await deleteTag(deps.db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    });
  };
