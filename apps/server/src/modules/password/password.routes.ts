import { ForgotResponse, ResetPasswordBody } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { rateLimiter } from '../../lib/rate-limit.ts';
import { requestPasswordReset, resetPassword } from './password.service.ts';

const SENT = 'If an account exists for this address, an email with a recovery link has been sent';

/** Password recovery (SPEC section 7: GET /password/forgot/{email}, PATCH /password/{token}). */
export const passwordRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const perAddress = rateLimiter(deps.loginLimits.store, { max: 20, windowSeconds: 15 * 60 });

    app.get(
      '/password/forgot/:email',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          params: z.object({ email: z.string().min(1).max(320) }),
          response: { 200: ForgotResponse },
        },
      },
      async (request) => {
        await perAddress.check(`forgot:${request.ip}`);
        await perAddress.hit(`forgot:${request.ip}`);
        const publicUrl = deps.config.publicUrl ?? `${request.protocol}://${request.host}`;
        await requestPasswordReset(deps.db, deps.mailer, { email: request.params.email, publicUrl });
        return { message: SENT };
      },
    );

    app.patch(
      '/password/:token',
      {
        config: { public: true },
        schema: {
          tags: ['auth'],
          params: z.object({ token: z.string().min(1).max(200) }),
          body: ResetPasswordBody,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await resetPassword(deps.db, { token: request.params.token, password: request.body.password });
        return { message: 'Your password has been successfully changed' };
      },
    );
  };
