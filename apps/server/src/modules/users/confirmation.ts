import { routes } from '@vivier/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/database.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { register } from '../../http/route.ts';
import { rateLimiter } from '../../lib/rate-limit.ts';
import { usableLink } from '../account-tokens/mailed-links.service.ts';

/** Spends a confirmation link and marks the address of its account confirmed. */
export async function confirmAddress(db: Db, token: string) {
  const done = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: new Date() })
      .where(usableLink(token, 'confirm', new Date()))
      .returning({ userId: passwordResetTokens.userId });
    if (!row) return false;
    await tx
      .update(users)
      .set({ confirmedAt: sql`coalesce(${users.confirmedAt}, now())` })
      .where(eq(users.id, row.userId));
    return true;
  });
  if (!done) {
    throw new AppError('confirm_token_invalid', 'This confirmation link has expired or was already used');
  }
}

/** POST /users/confirm/{token}: public, like password recovery (the person may not be able to sign in yet). */
export const confirmationRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const perAddress = rateLimiter(deps.loginLimits.store, { max: 20, windowSeconds: 15 * 60 });
    register(app, routes.auth.confirmAddress, async (request) => {
      await perAddress.consume(`confirm:${request.ip}`);
      await confirmAddress(deps.db, request.params.token);
      return { message: 'Your address is confirmed' };
    });
  };
