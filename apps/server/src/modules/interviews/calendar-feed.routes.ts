import { routes } from '@vivier/contract';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { createFeed, feedCalendar, feedPath, feedState, revokeFeed } from './calendar-feed.service.ts';

/** A token as made (base64url of 32 bytes); anything else is no feed of ours. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The caller's own feed: its state, a new URL (shown once), its revocation. Authenticated scope. */
export const calendarFeedRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.calendarFeed.get, async (request) => feedState(deps.db, callerOf(request)));
    register(app, routes.calendarFeed.create, async (request, reply) => {
      const { token, createdAt } = await createFeed(deps.db, callerOf(request));
      return reply
        .code(201)
        .send({ url: `${deps.publicUrl()}${feedPath(token)}`, created_at: createdAt.toISOString() });
    });
    register(app, routes.calendarFeed.revoke, async (request, reply) => {
      await revokeFeed(deps.db, callerOf(request));
      return reply.code(204).send(null);
    });
  };

/**
 * `GET /calendar/{token}.ics` (issue 27, decision 202): the interviewer's interviews for a calendar to subscribe
 * to. Its own scope beside /api (a calendar sends no token): the secret in the address is the only key; an unknown
 * or revoked one answers 404. The log redacts the `token` parameter (http/log-options.ts).
 */
export function calendarFileRoutes(deps: Deps) {
  return async (app: FastifyInstance) => {
    app.get('/:token.ics', async (request, reply) => {
      const token = (request.params as { token?: string }).token ?? '';
      const calendar = TOKEN.test(token) ? await feedCalendar(deps.db, token) : undefined;
      if (calendar === undefined) {
        return reply.code(404).send({ error: 'not_found', message: 'Calendar feed not found' });
      }
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(calendar);
    });
  };
}
