import { routes } from '@vivier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Deps } from '../../deps.ts';
import { register } from '../../http/route.ts';
import { rateLimiter } from '../../lib/rate-limit.ts';
import { requestPasswordReset, resetPassword } from './password.service.ts';

const SENT = 'If an account exists for this address, an email with a recovery link has been sent';
const WINDOW_SECONDS = 15 * 60;

/** Password recovery (SPEC section 7: GET /password/forgot/{email}, PATCH /password/{token}). */
export const passwordRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const forgotPerAddress = rateLimiter(deps.loginLimits.store, { max: 20, windowSeconds: WINDOW_SECONDS });
    const resetPerAddress = rateLimiter(deps.loginLimits.store, { max: 20, windowSeconds: WINDOW_SECONDS });

    register(app, routes.auth.forgotPassword, async (request) => {
      await forgotPerAddress.consume(`forgot:${request.ip}`);
      // Everything that depends on the account happens after the answer: the same answer at the same
      // speed whether it exists or not, and a mail server that is down is logged, never a 500.
      const { email } = request.params;
      deps.background.run('the password recovery mail', () =>
        requestPasswordReset(deps.db, deps.mailer, { email, publicUrl: deps.publicUrl() }),
      );
      return { message: SENT };
    });

    register(app, routes.auth.resetPassword, async (request) => {
      await resetPerAddress.consume(`reset:${request.ip}`);
      await resetPassword(deps.db, {
        token: request.params.token,
        password: request.body.password,
        address: request.ip,
      });
      return { message: 'Your password has been successfully changed' };
    });
  };
