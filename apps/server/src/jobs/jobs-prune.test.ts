import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';
import { openTestDatabase } from '../test/test-database.ts';
import { jobsPruneJob, KEEP_DEAD_DAYS, KEEP_DONE_DAYS, pruneJobs } from './jobs-prune.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const now = new Date('2026-11-25T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600 * 1000);

describe('pruning the job queue', () => {
  it('deletes done jobs past a week and dead ones past a month, never a queued or running one', async () => {
    const rows = [
      { kind: 'old done', state: 'done', updatedAt: daysAgo(KEEP_DONE_DAYS + 1) },
      { kind: 'recent done', state: 'done', updatedAt: daysAgo(KEEP_DONE_DAYS - 1) },
      { kind: 'old dead', state: 'dead', updatedAt: daysAgo(KEEP_DEAD_DAYS + 1) },
      { kind: 'dead this month', state: 'dead', updatedAt: daysAgo(KEEP_DONE_DAYS + 1) },
      { kind: 'old queued', state: 'queued', updatedAt: daysAgo(365) },
      { kind: 'old running', state: 'running', updatedAt: daysAgo(365) },
    ];
    await database.db
      .insert(jobs)
      .values(rows.map((row) => ({ ...row, payload: {}, maxAttempts: 1, createdAt: row.updatedAt })));

    expect(await pruneJobs(database.db, now)).toEqual({ done: 1, dead: 1 });
    const left = await database.db.select({ kind: jobs.kind }).from(jobs).orderBy(asc(jobs.id));
    expect(left.map((row) => row.kind)).toEqual([
      'recent done',
      'dead this month',
      'old queued',
      'old running',
    ]);
    expect(await pruneJobs(database.db, now)).toEqual({ done: 0, dead: 0 });
  });

  it('is a periodic job: a run prunes and queues the next one an hour later, one queued at a time', async () => {
    await database.db.delete(jobs);
    const { job, first } = jobsPruneJob();
    expect(await first(database.db)).toEqual(expect.any(Number));
    expect(await first(database.db)).toBeNull();
    await database.db.delete(jobs);
    const log = { info() {}, warn() {}, error() {} };
    const before = Date.now();
    const result = await job.run(
      {},
      {
        jobId: 0,
        attempt: 1,
        isLastAttempt: false,
        signal: new AbortController().signal,
        db: database.db,
        log,
        progress: async () => {},
      },
    );
    expect(result).toEqual({ done: 0, dead: 0 });
    const [next] = await database.db.select().from(jobs);
    expect(next?.kind).toBe('jobs.prune');
    expect(next?.state).toBe('queued');
    expect(next?.runAt.getTime()).toBeGreaterThanOrEqual(before + 3600 * 1000 - 1000);
  });
});
