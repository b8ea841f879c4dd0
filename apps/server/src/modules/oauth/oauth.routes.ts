import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { rateLimiter } from '../../lib/rate-limit.ts';
import { organisationChoice } from '../auth/organisation-choice.ts';
import { openSession } from '../auth/session.ts';
import { completeSignIn, startSignIn } from './oauth-sign-in.ts';
import { currentProviderToken } from './provider-tokens.ts';

/**
 * Sign-in with Google or Microsoft (SPEC section 7: GET /oauth/{provider}/auth and /callback). Public: the
 * `gated` scope of app.ts. The callback answers exactly what POST /users/login answers.
 */
export const oauthRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Each call stores an attempt: a person clicks a few times, a script would fill the table.
    const perAddress = rateLimiter(deps.loginLimits.store, { max: 100, windowSeconds: 15 * 60 });

    register(app, routes.auth.oauthStart, async (request) => {
      const key = `oauth-auth:${request.ip}`;
      await perAddress.consume(key);
      return { url: await startSignIn(deps, request.params.provider) };
    });

    register(app, routes.auth.oauthCallback, async (request) => {
      const [user, ...others] = await completeSignIn(
        deps,
        request.params.provider,
        request.query,
        request.log,
        request.ip,
      );
      if (!user) throw new Error('completeSignIn answered no account');
      const method = request.params.provider;
      if (others.length) throw organisationChoice(deps.choiceBox, [user, ...others], method);
      return openSession(deps, user, { address: request.ip, method });
    });
  };

/** The signed-in user's provider access token (SPEC section 7, GET /oauth/token): the `authenticated` scope. */
export const oauthTokenRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.auth.oauthToken, async (request) =>
      currentProviderToken(deps, callerOf(request), request.query.provider, request.log),
    );
  };
