import { isNotNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { passwordResetTokens, rateLimitHits, refreshTokens } from '../../db/schema/index.ts';
import { deadRefreshTokens } from '../account-tokens/refresh-tokens.service.ts';

/** Every hour: rows die slowly (a family lives 30 days, a reset link an hour, a limit window 15 minutes). */
export const HOUSEKEEPING_INTERVAL_MS = 3600 * 1000;

/** Rate-limit windows last minutes; a day-old counter is worth nothing. */
const RATE_LIMIT_KEEP = sql`interval '1 day'`;

/**
 * Deletes what can never be used again: refresh tokens of ended or revoked families, spent or expired reset
 * tokens, and old rate-limit windows. Answers how many rows of each went.
 */
export async function purgeExpired(db: Db, now: Date = new Date()) {
  const refresh = await db
    .delete(refreshTokens)
    .where(deadRefreshTokens(now))
    .returning({ id: refreshTokens.id });
  const reset = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  const limits = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.windowStart, sql`${now.toISOString()}::timestamptz - ${RATE_LIMIT_KEEP}`))
    .returning({ key: rateLimitHits.key });
  return { refreshTokens: refresh.length, resetTokens: reset.length, rateLimitWindows: limits.length };
}

/**
 * Purges when the app is ready and then every `intervalMs`, on a timer that does not keep the process alive
 * and stops when the app closes. Every instance does it; the deletes are idempotent.
 */
export function scheduleHousekeeping(app: FastifyInstance, db: Db, intervalMs = HOUSEKEEPING_INTERVAL_MS) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const purge = () => {
    running ??= purgeExpired(db)
      .then(
        (purged) => app.log.debug({ purged }, 'expired tokens and rate-limit windows purged'),
        (error: unknown) => app.log.error({ err: error }, 'the purge of expired rows failed'),
      )
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  app.addHook('onReady', async () => {
    await purge();
    timer = setInterval(() => void purge(), intervalMs).unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
