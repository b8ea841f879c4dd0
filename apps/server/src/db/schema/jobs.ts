import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The durable job queue (apps/server/src/jobs, decision 131): work that outlives a request and a restart.
 * A worker claims a due row with `FOR UPDATE SKIP LOCKED` and holds it until `locked_until`, which it extends
 * while the job runs; a row whose lease ran out (its worker died) is claimed again.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** queued → running → done, or back to queued with a later run_at, or dead after max_attempts. */
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** At most one queued job per key: a periodic job queues its next run while it runs. */
    singletonKey: text('singleton_key'),
    progress: jsonb('progress'),
    result: jsonb('result'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('jobs_state', sql`${t.state} in ('queued', 'running', 'done', 'dead')`),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
    uniqueIndex('jobs_singleton_unique')
      .on(t.singletonKey)
      .where(sql`${t.singletonKey} is not null and ${t.state} = 'queued'`),
  ],
);
