import { listOf, listQuery, User } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { pageWindow, sendPage } from '../../http/pagination.ts';
import { presentUser } from './user.presenter.ts';
import { findUserInLicence, listUsersOfLicence } from './users.queries.ts';

/** The users service, first part: who am I, and the licence's users for pickers. */
export const usersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/users/me', { schema: { tags: ['users'], response: { 200: User } } }, async (request) => {
      const user = await findUserInLicence(deps.db, request.caller.licenceId, request.caller.userId);
      if (!user) throw notFound('User');
      return presentUser(user);
    });

    app.get(
      '/users/',
      { schema: { tags: ['users'], querystring: listQuery(10), response: { 200: listOf(User) } } },
      async (request, reply) => {
        const { rows, total } = await listUsersOfLicence(
          deps.db,
          request.caller.licenceId,
          pageWindow(request.query),
        );
        return sendPage(request, reply, request.query, rows.map(presentUser), total);
      },
    );
  };
