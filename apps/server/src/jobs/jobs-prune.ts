import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';
import { periodicJob } from './periodic.ts';

/** How long a finished job's row stays: long enough to read a send's progress or look into a recent failure. */
export const KEEP_DONE_DAYS = 7;
/** A dead job stays longer: someone may still want to know why it failed. */
export const KEEP_DEAD_DAYS = 30;
const PRUNE_EVERY_MS = 3600 * 1000;

/**
 * Deletes the queue's finished rows past their keeping time (`updated_at` is when they finished): without it the
 * table grows by a row per send, import and prune, forever. Queued and running jobs are never touched. A send
 * whose job is gone reads as done from its recipients' rows (email_sends.job_id is set null).
 */
export async function pruneJobs(db: Db, now = new Date()) {
  const day = 24 * 3600 * 1000;
  const [row] = await rawRows<{ done: number; dead: number }>(
    db,
    sql`with gone as (
          delete from jobs
          where (state = 'done' and updated_at < ${new Date(now.getTime() - KEEP_DONE_DAYS * day).toISOString()}::timestamptz)
             or (state = 'dead' and updated_at < ${new Date(now.getTime() - KEEP_DEAD_DAYS * day).toISOString()}::timestamptz)
          returning state)
        select count(*) filter (where state = 'done')::int as done,
               count(*) filter (where state = 'dead')::int as dead
        from gone`,
  );
  return { done: Number(row?.done ?? 0), dead: Number(row?.dead ?? 0) };
}

/** The hourly prune, itself a job of the queue. */
export const jobsPruneJob = () => periodicJob('jobs.prune', PRUNE_EVERY_MS, ({ db }) => pruneJobs(db));
