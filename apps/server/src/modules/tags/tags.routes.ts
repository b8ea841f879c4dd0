import { IdParams, listOf, NoContent, Tag, TagInput, TagListQuery } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { listTags } from './tags.queries.ts';
import { createTag, deleteTag, renameTag } from './tags.service.ts';

const params = IdParams;

/** Tags (SPEC section 7: GET and POST /tags; PATCH and DELETE /tags/{id}). */
export const tagsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/tags',
      { schema: { tags: ['tags'], querystring: TagListQuery, response: { 200: listOf(Tag) } } },
      async (request, reply) => {
        const { query } = request;
        const { rows, total } = await listTags(deps.db, callerOf(request).licenceId, {
          search: query.filters?.search || undefined,
          ...pageWindow(query),
        });
        return sendPage(request, reply, query, rows, total);
      },
    );

    app.post(
      '/tags',
      { schema: { tags: ['tags'], body: TagInput, response: { 200: Tag, 201: Tag } } },
      async (request, reply) => {
        const { tag, created } = await createTag(deps.db, callerOf(request), request.body.name);
        return reply.code(created ? 201 : 200).send(tag);
      },
    );

    app.patch(
      '/tags/:id',
      { schema: { tags: ['tags'], params, body: TagInput, response: { 200: Tag } } },
      async (request) => renameTag(deps.db, callerOf(request), request.params.id, request.body.name),
    );

    app.delete(
      '/tags/:id',
      { schema: { tags: ['tags'], params, response: { 204: NoContent } } },
      async (request, reply) => {
        await deleteTag(deps.db, callerOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );
  };
