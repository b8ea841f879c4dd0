import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';
import type { JobKind } from './job-kind.ts';

export const DEFAULT_MAX_ATTEMPTS = 5;

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** At most one queued job per key: a second enqueue with the same key answers null and queues nothing. */
  singletonKey?: string;
};

/**
 * Queues a job of `kind`; `db` may be a transaction, so the job exists exactly when the rows it works on do.
 * Answers the job's id, or null when a queued job already holds `singletonKey`.
 */
export async function enqueue<P>(
  db: Db,
  // The kind's name and payload are all it takes: a module may queue a kind another one runs (webhooks).
  kind: Pick<JobKind<P>, 'name' | 'payload' | 'maxAttempts'>,
  payload: P,
  options: EnqueueOptions = {},
): Promise<number | null> {
  const checked = kind.payload.parse(payload);
  const rows = await rawRows<{ id: number }>(
    db,
    sql`insert into jobs (kind, payload, max_attempts, run_at, singleton_key)
        values (${kind.name}, ${JSON.stringify(checked)}::jsonb, ${kind.maxAttempts ?? DEFAULT_MAX_ATTEMPTS},
                ${(options.runAt ?? new Date()).toISOString()}::timestamptz, ${options.singletonKey ?? null})
        on conflict (singleton_key) where singleton_key is not null and state = 'queued' do nothing
        returning id`,
  );
  return rows[0] ? Number(rows[0].id) : null;
}

export type ClaimedJob = {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
};

/**
 * Takes one due job of these kinds: queued and due, or running with its lease run out (its worker died).
 * `FOR UPDATE SKIP LOCKED` makes two workers on one PostgreSQL take different rows; the claim counts a run.
 */
export async function claimJob(db: Db, kinds: string[], leaseMs: number): Promise<ClaimedJob | null> {
  const kindArray = `{${kinds.map((k) => `"${k}"`).join(',')}}`;
  const rows = await rawRows<{
    id: number;
    kind: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
  }>(
    db,
    sql`update jobs set state = 'running', attempts = attempts + 1, updated_at = now(),
               locked_until = now() + ${leaseMs} * interval '1 millisecond'
        where id = (
          select id from jobs
          where kind = any(${kindArray}::text[])
            and ((state = 'queued' and run_at <= now()) or (state = 'running' and locked_until < now()))
          order by run_at, id
          limit 1
          for update skip locked)
        returning id, kind, payload, attempts, max_attempts`,
  );
  const row = rows[0];
  if (!row) return null;
  const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
  return {
    id: Number(row.id),
    kind: row.kind,
    payload,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
  };
}

/** Keeps a running job's lease while its worker works on it. */
export async function extendLease(db: Db, id: number, leaseMs: number) {
  await db.execute(
    sql`update jobs set locked_until = now() + ${leaseMs} * interval '1 millisecond'
        where id = ${id} and state = 'running'`,
  );
}

export async function saveProgress(db: Db, id: number, progress: unknown) {
  await db.execute(
    sql`update jobs set progress = ${JSON.stringify(progress)}::jsonb, updated_at = now() where id = ${id}`,
  );
}

export async function completeJob(db: Db, id: number, result: unknown) {
  await db.execute(
    sql`update jobs set state = 'done', result = ${JSON.stringify(result ?? null)}::jsonb,
               locked_until = null, last_error = null, updated_at = now()
        where id = ${id}`,
  );
}

/** The wait before run `attempts + 1`: base, twice, four times … capped at an hour. */
export const backoffMs = (attempts: number, baseMs: number) =>
  Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3600_000);

/**
 * A run failed: queued again after the backoff, or dead once it had its runs. A periodic (singleton) run whose
 * next run is already queued (another process's start queued it meanwhile) is not queued beside it: only one of
 * a key may wait (`jobs_singleton_unique`), so this run ends dead with its error and the queued one does the work.
 */
export async function failJob(db: Db, job: ClaimedJob, error: string, baseBackoffMs: number) {
  const delay = backoffMs(job.attempts, baseBackoffMs);
  const [row] = await rawRows<{ state: string }>(
    db,
    sql`update jobs job set state = case when ${job.attempts >= job.maxAttempts} or ${twinQueued}
                                     then 'dead' else 'queued' end,
               last_error = ${error.slice(0, 2000)},
               run_at = now() + ${delay} * interval '1 millisecond', locked_until = null, updated_at = now()
        where job.id = ${job.id}
        returning job.state`,
  );
  return row?.state === 'queued' ? 'retry' : 'dead';
}

/** Whether another job of the row's (alias `job`) singleton key waits in the queue. */
const twinQueued = sql`(job.singleton_key is not null and exists (
    select 1 from jobs waiting where waiting.singleton_key = job.singleton_key and waiting.state = 'queued'))`;

/**
 * Running jobs matching `which` (over the alias `job`) go back to the queue, to run at once; a periodic
 * (singleton) one whose key already waits there is dropped instead, and the waiting one does its work: only
 * one of a key may wait (`jobs_singleton_unique`), and queuing it too failed with "duplicate key value".
 */
const requeueRunning = (which: SQL, set: SQL) =>
  sql`with dropped as (
        delete from jobs job where job.state = 'running' and ${which} and ${twinQueued}
        returning job.id
      )
      update jobs job set state = 'queued', locked_until = null, run_at = now(), updated_at = now()${set}
       where job.state = 'running' and ${which} and job.id not in (select id from dropped)`;

/**
 * The worker stopped during a run (a graceful stop): the job is queued again at once, that run not counted. In a
 * cluster another process's start may have queued a periodic job's twin while this one ran.
 */
export async function releaseJob(db: Db, id: number) {
  await db.execute(requeueRunning(sql`job.id = ${id}`, sql`, attempts = greatest(job.attempts - 1, 0)`));
}

/**
 * The embedded database is held by one process (its lock file): a job still marked running was left by a
 * process that died, and is queued again at once rather than when its lease runs out. This start's tasks may
 * already have queued a periodic one again (the restart after a kill -9).
 */
export async function releaseOrphans(db: Db) {
  await db.execute(requeueRunning(sql`true`, sql``));
}
