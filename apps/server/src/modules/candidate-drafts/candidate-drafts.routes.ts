import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { type FilesDeps, fileStoreFor } from '../candidate-files/candidate-files.service.ts';
import { filePart, registerFileUpload } from '../candidate-files/upload-multipart.ts';
import { confirmDrafts, createDraft } from './candidate-drafts.service.ts';

/**
 * Creating candidates from CVs (issue 22, decision 188): every user of the licence may, as every user may
 * create a candidate; a draft is its user's alone.
 */
export const candidateDraftsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const files: FilesDeps = {
      db: deps.db,
      store: fileStoreFor(deps.config),
      maxFileBytes: deps.config.maxFileBytes,
    };
    await registerFileUpload(app, deps.config.maxFileBytes);

    register(app, routes.candidateDrafts.create, async (request, reply) => {
      const draft = await createDraft(files, callerOf(request), await filePart(request));
      return reply.code(201).send(draft);
    });

    register(app, routes.candidateDrafts.confirm, async (request, reply) => {
      const result = await confirmDrafts(files, callerOf(request), request.body);
      return reply.code(201).send(result);
    });
  };
