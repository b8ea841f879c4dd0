import { and, eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import type { Db } from '../db/database.ts';
import { rateLimitHits } from '../db/schema/index.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Where the counters live: PostgreSQL by default, Redis when `REDIS_URL` is set. Either way every instance
 * behind a load balancer shares them (DESIGN section 1). Counting is one atomic step that answers the new
 * count, so parallel attempts can never all read "under the limit" before any of them is counted.
 */
export type RateLimitStore = {
  /** Counts `amount` hits (default 1) in the window and answers the count including them, in one atomic step. */
  hit(key: string, windowStart: Date, windowSeconds: number, amount?: number): Promise<number>;
  /** Takes `amount` hits (default 1) of the window back (never below zero). */
  unhit(key: string, windowStart: Date, amount?: number): Promise<void>;
  /** Forgets the key's count in the window. */
  reset(key: string, windowStart: Date): Promise<void>;
};

export function databaseRateLimitStore(db: Db): RateLimitStore {
  const row = (key: string, windowStart: Date) =>
    and(eq(rateLimitHits.key, key), eq(rateLimitHits.windowStart, windowStart));
  return {
    async hit(key, windowStart, _windowSeconds, amount = 1) {
      // INSERT … ON CONFLICT DO UPDATE … RETURNING: the row lock orders concurrent hits.
      const [counted] = await db
        .insert(rateLimitHits)
        .values({ key, windowStart, count: amount })
        .onConflictDoUpdate({
          target: [rateLimitHits.key, rateLimitHits.windowStart],
          set: { count: sql`${rateLimitHits.count} + ${amount}` },
        })
        .returning({ count: rateLimitHits.count });
      return counted?.count ?? amount;
    },
    async unhit(key, windowStart, amount = 1) {
      await db
        .update(rateLimitHits)
        .set({ count: sql`greatest(${rateLimitHits.count} - ${amount}, 0)` })
        .where(row(key, windowStart));
    },
    async reset(key, windowStart) {
      await db.delete(rateLimitHits).where(row(key, windowStart));
    },
  };
}

/**
 * Counters in this process's memory: for limits that guard one instance's capacity rather than an account
 * (the careers pages' views, decision 190), where a database write per request would cost more than the page.
 * Limiters of different windows share one store (a minute for page views, ten minutes for applications, twenty
 * for a spent proof of work), so each counter expires at its own window's end: a newer window of one limiter
 * never drops another's current counts (that let a spent proof be used again, and cleared the per-address
 * counts of applications every minute). Expired counters are swept at most once a second.
 */
export function memoryRateLimitStore(): RateLimitStore {
  const counts = new Map<string, { count: number; expires: number }>();
  let nextSweep = 0;
  const sweep = (now: number) => {
    if (now < nextSweep) return;
    nextSweep = now + 1000;
    for (const [k, entry] of counts) if (entry.expires <= now) counts.delete(k);
  };
  const keyOf = (key: string, windowStart: Date) => `${windowStart.getTime()}:${key}`;
  return {
    async hit(key, windowStart, windowSeconds, amount = 1) {
      sweep(Date.now());
      const k = keyOf(key, windowStart);
      const entry = counts.get(k) ?? { count: 0, expires: windowStart.getTime() + windowSeconds * 1000 };
      entry.count += amount;
      counts.set(k, entry);
      return entry.count;
    },
    async unhit(key, windowStart, amount = 1) {
      const entry = counts.get(keyOf(key, windowStart));
      if (entry) entry.count = Math.max(0, entry.count - amount);
    },
    async reset(key, windowStart) {
      counts.delete(keyOf(key, windowStart));
    },
  };
}

/** Decrements a counter that exists and is above zero; a Lua script runs atomically in Redis. */
const UNHIT = `local n = tonumber(redis.call('GET', KEYS[1]) or '0')
local by = math.min(n, tonumber(ARGV[1] or '1'))
if by > 0 then return redis.call('DECRBY', KEYS[1], by) end
return 0`;

export function redisRateLimitStore(redis: Redis, prefix = 'vivier:rl:'): RateLimitStore {
  // One key per window, so a window's key is named without listing keys (no KEYS on a shared Redis).
  const keyOf = (key: string, windowStart: Date) => `${prefix}${key}:${windowStart.getTime()}`;
  return {
    async hit(key, windowStart, windowSeconds, amount = 1) {
      const k = keyOf(key, windowStart);
      const replies = await redis
        .multi()
        .incrby(k, amount)
        .expire(k, windowSeconds * 2)
        .exec();
      const [error, count] = replies?.[0] ?? [new Error('Redis did not answer the rate-limit count')];
      if (error) throw error;
      return Number(count);
    },
    async unhit(key, windowStart, amount = 1) {
      await redis.eval(UNHIT, 1, keyOf(key, windowStart), String(amount));
    },
    async reset(key, windowStart) {
      await redis.del(keyOf(key, windowStart));
    },
  };
}

/** One counted attempt: `allowed` when it was within the limit; `release` takes it back. */
/** One attempt counted: whether it is within the limit, how many remain in the window, when it ends. */
export type Attempt = { allowed: boolean; remaining: number; retryAfter: number; release(): Promise<void> };

export const tooManyAttempts = (retryAfter: number) =>
  new AppError('rate_limited', 'Too many attempts, please try again later', {
    headers: {
      'retry-after': String(retryAfter),
    },
  });

/**
 * A fixed-window counter. `take` counts an attempt and says whether it was within `max` for the current
 * window; `consume` does the same and throws a 429 with `Retry-After` past the limit (the refused attempt is
 * taken back: only attempts that ran are counted); `reset` forgets a key (a successful sign-in clears its
 * account's failures).
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
  const take = async (key: string, amount = 1): Promise<Attempt> => {
    const { start, retryAfter } = windowOf(Date.now());
    const count = await store.hit(key, start, windowSeconds, amount);
    let released = false;
    return {
      allowed: count <= max,
      remaining: Math.max(0, max - count),
      retryAfter,
      release: async () => {
        if (released) return;
        released = true;
        await store.unhit(key, start, amount);
      },
    };
  };
  return {
    take,
    /** `amount` counts several attempts at once (a send of many messages). */
    async consume(key: string, amount = 1): Promise<Attempt> {
      const attempt = await take(key, amount);
      if (!attempt.allowed) {
        await attempt.release();
        throw tooManyAttempts(attempt.retryAfter);
      }
      return attempt;
    },
    reset: (key: string) => store.reset(key, windowOf(Date.now()).start),
  };
}
