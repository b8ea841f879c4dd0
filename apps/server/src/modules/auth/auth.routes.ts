import { LoginBody, LoginResponse, RefreshResponse } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { presentUser } from '../users/user.presenter.ts';
import { findUserById } from '../users/users.queries.ts';
import { checkCredentials } from './login.ts';
import { issueRefreshToken, rotateRefreshToken } from './refresh-tokens.ts';

/** Sign-in and token refresh (SPEC section 7: POST /users/login, GET /users/refresh/{token}). */
export const authRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/users/login',
      {
        config: { public: true },
        schema: { tags: ['auth'], body: LoginBody, response: { 200: LoginResponse } },
      },
      async (request) => {
        const user = await checkCredentials(deps.db, deps.loginLimits, {
          ...request.body,
          address: request.ip,
        });
        const jwt = await deps.tokens.sign(user);
        const token = await issueRefreshToken(deps.db, user.id);
        return { ...presentUser(user), jwt, token };
      },
    );

    app.get(
      '/users/refresh/:token',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          params: z.object({ token: z.string().min(1).max(200) }),
          response: { 200: RefreshResponse },
        },
      },
      async (request) => {
        const { userId, token } = await rotateRefreshToken(deps.db, request.params.token);
        const user = await findUserById(deps.db, userId);
        if (!user) throw new AppError(401, 'invalid_refresh_token', 'Could not refresh token');
        return { jwt: await deps.tokens.sign(user), token };
      },
    );
  };
