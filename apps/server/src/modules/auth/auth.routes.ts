import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { register } from '../../http/route.ts';
import { revokeRefreshFamily, rotateRefreshToken } from '../account-tokens/refresh-tokens.service.ts';
import { findUserById } from '../users/users.queries.ts';
import { checkCredentials } from './login.ts';
import { organisationChoice, takeOrganisationChoice } from './organisation-choice.ts';
import { openSession } from './session.ts';

/**
 * Sign-in, token refresh and sign-out (SPEC section 7: POST /users/login, GET /users/refresh/{token}; the
 * logout call is ours: the web makes it on /logout so a copied refresh token dies with the session).
 */
export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.auth.login, async (request) => {
      const [user, ...others] = await checkCredentials(deps.db, deps.loginLimits, {
        ...request.body,
        address: request.ip,
      });
      if (!user) throw new Error('checkCredentials answered no account');
      if (others.length) throw organisationChoice(deps.choiceBox, [user, ...others], 'password');
      return openSession(deps, user, { address: request.ip, method: 'password' });
    });

    // The second step of a sign-in whose address opened accounts in several organisations.
    register(app, routes.auth.chooseOrganisation, async (request) => {
      const { user, method } = await takeOrganisationChoice(deps.db, deps.choiceBox, {
        ticket: request.body.ticket,
        licenceId: request.body.license_id,
      });
      return openSession(deps, user, { address: request.ip, method });
    });

    register(app, routes.auth.refresh, async (request) => {
      const { userId, token, family } = await rotateRefreshToken(
        deps.db,
        request.params.token,
        deps.config.refreshReuseMs,
      );
      const user = await findUserById(deps.db, userId);
      if (!user) throw new AppError('invalid_refresh_token', 'Could not refresh token');
      return { jwt: await deps.tokens.sign(user, family), token };
    });

    register(app, routes.auth.logout, async (request, reply) => {
      await revokeRefreshFamily(deps.db, request.body.token);
      return reply.code(204).send(null);
    });
  };
