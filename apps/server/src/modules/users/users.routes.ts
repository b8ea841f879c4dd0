import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../http/app-error.ts';
import { callerOf } from '../../http/caller.ts';
import { searchWindow, sendPage } from '../../http/pagination.ts';
import { register } from '../../http/route.ts';
import { presentUser } from './user.presenter.ts';
import { findUserInLicence, listUsersOfLicence } from './users.queries.ts';
import { createUser, deleteUser, updateUser } from './users.service.ts';

const { users } = routes;

/**
 * The users service (SPEC section 7: POST /users; GET /users/; GET, PATCH, DELETE /users/{id}; GET /users/me).
 * Who may do what: user.policy.ts.
 */
export const usersRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    /** One user of the caller's licence, as presented; 404 when missing or another licence's. */
    const presentOne = async (licenceId: number, userId: number) => {
      const user = await findUserInLicence(deps.db, licenceId, userId);
      if (!user) throw notFound('User');
      return presentUser(user);
    };

    register(app, users.me, async (request) =>
      presentOne(callerOf(request).licenceId, callerOf(request).userId),
    );

    register(app, users.list, async (request, reply) => {
      const { rows, total } = await listUsersOfLicence(
        deps.db,
        callerOf(request).licenceId,
        searchWindow(request.query),
      );
      return sendPage(request, reply, request.query, rows.map(presentUser), total);
    });

    register(app, users.get, async (request) => presentOne(callerOf(request).licenceId, request.params.id));

    register(app, users.create, async (request, reply) => {
      const caller = callerOf(request);
      const id = await createUser(deps, caller, request.body);
      return reply.code(201).send(await presentOne(caller.licenceId, id));
    });

    register(app, users.update, async (request) => {
      const caller = callerOf(request);
      await updateUser(deps, caller, request.params.id, request.body);
      return presentOne(caller.licenceId, request.params.id);
    });

    register(app, users.remove, async (request, reply) => {
      await deleteUser(deps.db, callerOf(request), request.params.id);
      return reply.code(204).send(null);
    });
  };
