import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { callerOf } from '../../http/caller.ts';
import { register } from '../../http/route.ts';
import { presentApiToken } from './api-tokens.presenter.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts';

/** API tokens (issue 25, decision 198): admins list, create and revoke them; no token can (no scope). */
export const apiTokensRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    register(app, routes.apiTokens.list, async (request) => ({
      data: (await listApiTokens(deps.db, callerOf(request))).map(presentApiToken),
    }));

    register(app, routes.apiTokens.create, async (request, reply) => {
      const { name, scopes, expires_at } = request.body;
      const { row, token } = await createApiToken(deps.db, callerOf(request), {
        name,
        scopes,
        expiresAt: expires_at ? new Date(expires_at) : null,
      });
      return reply.code(201).send({ ...presentApiToken(row), token });
    });

    register(app, routes.apiTokens.revoke, async (request) =>
      presentApiToken(await revokeApiToken(deps.db, callerOf(request), request.params.id)),
    );
  };
