import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';

/**
 * A fixed-window counter kept in the database, so that every instance behind a load balancer shares it
 * (DESIGN section 1). `check` throws a 429 with `Retry-After` once `max` hits are counted in the window.
 */
export function rateLimiter(db: Db, { max, windowSeconds }: { max: number; windowSeconds: number }) {
  const windowOf = (now: number) => {
    const start = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
    return {
      start: new Date(start * 1000),
      retryAfter: Math.max(1, start + windowSeconds - Math.floor(now / 1000)),
    };
  };
  return {
    async check(key: string) {
      const { start, retryAfter } = windowOf(Date.now());
      const [row] = await db
        .select({ count: rateLimitHits.count })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, start)));
      if (row && row.count >= max) {
        throw new AppError(429, 'rate_limited', 'Too many attempts, please try again later', {
          'retry-after': String(retryAfter),
        });
      }
    },
    async hit(key: string) {
      const { start } = windowOf(Date.now());
      await db
        .insert(rateLimitHits)
        .values({ key, windowStart: start, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitHits.key, rateLimitHits.windowStart],
          set: { count: sql`${rateLimitHits.count} + 1` },
        });
    },
    async reset(key: string) {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
    },
  };
}
