import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { searchWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { listTags } from './tags.queries.ts';
import { createTag, deleteTag, renameTag } from './tags.service.ts';

/** Tags (SPEC section 7: GET and POST /tags; PATCH and DELETE /tags/{id}). */
export const tagsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.tags.list, async (request, reply) => {
      const { rows, total } = await listTags(deps.db, callerOf(request), searchWindow(request.query));
      return sendPage(request, reply, request.query, rows, total);
    });

    register(app, routes.tags.create, async (request, reply) => {
      const { tag, created } = await createTag(deps.db, callerOf(request), request.body.name);
      return reply.code(created ? 201 : 200).send(tag);
    });

    register(app, routes.tags.rename, async (request) =>
      renameTag(deps.db, callerOf(request), request.params.id, request.body.name),
    );

    register(app, routes.tags.remove, async (request, reply) => {
      await deleteTag(deps.db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    });
  };
