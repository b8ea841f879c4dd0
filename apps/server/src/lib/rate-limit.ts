import { and, eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Where the counters live: PostgreSQL by default, Redis when `REDIS_URL` is set. Either way every instance
 * behind a load balancer shares them (DESIGN section 1).
 */
export type RateLimitStore = {
  count(key: string, windowStart: Date): Promise<number>;
  increment(key: string, windowStart: Date, windowSeconds: number): Promise<void>;
  reset(key: string): Promise<void>;
};

export function databaseRateLimitStore(db: Db): RateLimitStore {
  return {
    async count(key, windowStart) {
      const [row] = await db
        .select({ count: rateLimitHits.count })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart)));
      return row?.count ?? 0;
    },
    async increment(key, windowStart) {
      await db
        .insert(rateLimitHits)
        .values({ key, windowStart, count: 1 })
        .onConflictDoUpdate({
          target: [rateLimitHits.key, rateLimitHits.windowStart],
          set: { count: sql`${rateLimitHits.count} + 1` },
        });
      // Old windows are worth nothing: drop them now and then rather than in a separate job.
      if (Math.random() < 0.01) {
        await db.delete(rateLimitHits).where(sql`${rateLimitHits.windowStart} < now() - interval '1 day'`);
      }
    },
    async reset(key) {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
    },
  };
}

export function redisRateLimitStore(redis: Redis, prefix = 'vivier:rl:'): RateLimitStore {
  const keyOf = (key: string, windowStart: Date) => `${prefix}${key}:${windowStart.getTime()}`;
  return {
    async count(key, windowStart) {
      return Number((await redis.get(keyOf(key, windowStart))) ?? 0);
    },
    async increment(key, windowStart, windowSeconds) {
      const k = keyOf(key, windowStart);
      await redis
        .multi()
        .incr(k)
        .expire(k, windowSeconds * 2)
        .exec();
    },
    async reset(key) {
      const keys = await redis.keys(`${prefix}${key}:*`);
      if (keys.length > 0) await redis.del(...keys);
    },
  };
}

/**
 * A fixed-window counter. `check` throws a 429 with `Retry-After` once `max` hits are counted in the current
 * window; `hit` counts one; `reset` forgets a key (a successful sign-in clears its account's failures).
 */
export function rateLimiter(
  store: RateLimitStore,
  { max, windowSeconds }: { max: number; windowSeconds: number },
) {
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
      if ((await store.count(key, start)) >= max) {
        throw new AppError(429, 'rate_limited', 'Too many attempts, please try again later', {
          'retry-after': String(retryAfter),
        });
      }
    },
    hit: (key: string) => store.increment(key, windowOf(Date.now()).start, windowSeconds),
    reset: (key: string) => store.reset(key),
  };
}
