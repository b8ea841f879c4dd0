import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { assertCanChangeEmailTemplate, assertCanCreateEmailTemplate } from './email-template.policy.ts';
import { presentEmailTemplate } from './email-template.presenter.ts';
import { findEmailTemplate, listEmailTemplates } from './email-templates.queries.ts';
import { createEmailTemplate, deleteEmailTemplate, updateEmailTemplate } from './email-templates.service.ts';

/**
 * Email templates (SPEC section 7: GET /email_templates/, POST, PATCH and DELETE /email_templates/{id}). Anyone
 * of the licence reads them; who writes them: email-template.policy.ts (decision 090).
 */
export const emailTemplatesRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.emailTemplates.list, async (request, reply) => {
      const { query } = request;
      const { rows, total } = await listEmailTemplates(
        deps.db,
        callerOf(request).licenceId,
        pageWindow(query),
      );
      return sendPage(request, reply, query, rows.map(presentEmailTemplate), total);
    });

    register(app, routes.emailTemplates.get, async (request) => {
      const row = await findEmailTemplate(deps.db, callerOf(request).licenceId, request.params.id);
      if (!row) throw notFound('Email template');
      return presentEmailTemplate(row);
    });

    register(app, routes.emailTemplates.create, async (request, reply) => {
      const caller = callerOf(request);
      assertCanCreateEmailTemplate(caller);
      const row = await createEmailTemplate(deps.db, caller.licenceId, request.body);
      return reply.code(201).send(presentEmailTemplate(row));
    });

    register(app, routes.emailTemplates.update, async (request) => {
      const caller = callerOf(request);
      await assertCanChangeEmailTemplate(deps.db, caller, request.params.id);
      return presentEmailTemplate(
        await updateEmailTemplate(deps.db, caller.licenceId, request.params.id, request.body),
      );
    });

    register(app, routes.emailTemplates.remove, async (request, reply) => {
      const caller = callerOf(request);
      await assertCanChangeEmailTemplate(deps.db, caller, request.params.id);
      await deleteEmailTemplate(deps.db, caller.licenceId, request.params.id);
      return reply.code(204).send(null);
    });
  };
