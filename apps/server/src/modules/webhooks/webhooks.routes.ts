import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { presentWebhookDelivery, presentWebhookEndpoint } from './webhooks.presenter.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  sendTestEvent,
  updateWebhookEndpoint,
} from './webhooks.service.ts';

/** Webhooks (issue 25, decision 199): admins, or tokens with a webhooks scope, manage endpoints and read their log. */
export const webhooksRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const service = { db: deps.db, webhookBox: deps.webhookBox, allowHosts: deps.config.webhooks.allowHosts };
    const { webhooks } = routes;

    register(app, webhooks.list, async (request) => ({
      data: (await listWebhookEndpoints(deps.db, callerOf(request))).map(presentWebhookEndpoint),
    }));

    register(app, webhooks.create, async (request, reply) => {
      const { row, secret } = await createWebhookEndpoint(service, callerOf(request), request.body);
      return reply.code(201).send({ ...presentWebhookEndpoint(row), secret });
    });

    register(app, webhooks.update, async (request) =>
      presentWebhookEndpoint(
        await updateWebhookEndpoint(service, callerOf(request), request.params.id, request.body),
      ),
    );

    register(app, webhooks.remove, async (request, reply) => {
      await deleteWebhookEndpoint(deps.db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    });

    register(app, webhooks.deliveries, async (request, reply) => {
      const { rows, total } = await listWebhookDeliveries(
        deps.db,
        callerOf(request),
        request.params.id,
        pageWindow(request.query),
      );
      return sendPage(request, reply, request.query, rows.map(presentWebhookDelivery), total);
    });

    register(app, webhooks.resend, async (request, reply) => {
      const { id, deliveryId } = request.params;
      const row = await resendWebhookDelivery(deps.db, callerOf(request), id, deliveryId);
      deps.jobs.wake();
      return reply.code(202).send(presentWebhookDelivery(row));
    });

    register(app, webhooks.test, async (request, reply) => {
      const row = await sendTestEvent(deps.db, callerOf(request), request.params.id);
      deps.jobs.wake();
      return reply.code(202).send(presentWebhookDelivery(row));
    });
  };
