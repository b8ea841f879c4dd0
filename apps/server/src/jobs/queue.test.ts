import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openPostgres } from '../db/database.ts';
import { jobs } from '../db/schema/index.ts';
import { openTestDatabase, testDatabaseKind } from '../test/test-database.ts';
import { defineJob } from './job-kind.ts';
import {
  backoffMs,
  type ClaimedJob,
  claimJob,
  enqueue,
  failJob,
  releaseJob,
  releaseOrphans,
} from './queue.ts';
import { type JobWorker, startWorker } from './worker.ts';

/**
 * The durable queue (decision 131) on the engine under test: PGlite, and PostgreSQL when TEST_DATABASE_URL is
 * set, where a second pool stands for a second server instance.
 */
let database: Database;
let second: Database | undefined;
let url = '';
const workers: JobWorker[] = [];
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  database = await openTestDatabase({
    via: (u) => {
      url = u;
      return u;
    },
  });
  if (testDatabaseKind() === 'postgres') second = await openPostgres(url, { migrate: false, max: 4 });
});
afterAll(async () => {
  await second?.close();
  await database.close();
});
beforeEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await database.db.delete(jobs);
});

const until = async (check: () => Promise<boolean>, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};
const rowOf = async (id: number | null) => {
  const [row] = await database.db
    .select()
    .from(jobs)
    .where(eq(jobs.id, id ?? 0));
  if (!row) throw new Error('no job');
  return row;
};
const start = async (kinds: Parameters<typeof startWorker>[0]['kinds'], db = database.db, more = {}) => {
  const worker = await startWorker({ db, kinds, log: silent, pollMs: 10, backoffMs: 40, ...more });
  workers.push(worker);
  return worker;
};

describe('the job queue', () => {
  it('runs a queued job once and stores its result; a payload of the wrong shape is never queued', async () => {
    const runs: number[] = [];
    const double = defineJob({
      name: 'test.double',
      payload: z.strictObject({ n: z.number() }),
      async run({ n }, context) {
        runs.push(n);
        await context.progress({ halfway: true });
        return { doubled: n * 2 };
      },
    });
    const id = await enqueue(database.db, double, { n: 21 });
    await start([double]);
    await until(async () => (await rowOf(id)).state === 'done');
    expect(await rowOf(id)).toMatchObject({
      state: 'done',
      attempts: 1,
      result: { doubled: 42 },
      progress: { halfway: true },
    });
    expect(runs).toEqual([21]);
    await expect(enqueue(database.db, double, { n: 'x' } as never)).rejects.toThrow();
  });

  it('retries a failing job with growing waits, then it succeeds', async () => {
    const at: number[] = [];
    const flaky = defineJob({
      name: 'test.flaky',
      payload: z.strictObject({}),
      async run() {
        at.push(Date.now());
        if (at.length < 3) throw new Error(`failure ${at.length}`);
        return 'ok';
      },
    });
    const id = await enqueue(database.db, flaky, {});
    await start([flaky]);
    await until(async () => (await rowOf(id)).state === 'done');
    expect(await rowOf(id)).toMatchObject({ state: 'done', attempts: 3, result: 'ok', lastError: null });
    const [a = 0, b = 0, c = 0] = at;
    // 40 ms, then 80 ms (backoffMs doubles).
    expect(b - a).toBeGreaterThanOrEqual(40);
    expect(c - b).toBeGreaterThanOrEqual(80);
    expect(backoffMs(1, 40)).toBe(40);
    expect(backoffMs(4, 40)).toBe(320);
    expect(backoffMs(40, 30_000)).toBe(3600_000);
  });

  it('marks a job dead after its attempts, keeping the last error', async () => {
    let runs = 0;
    const broken = defineJob({
      name: 'test.broken',
      payload: z.strictObject({}),
      maxAttempts: 3,
      async run() {
        runs++;
        throw new Error('the mail server is gone');
      },
    });
    const id = await enqueue(database.db, broken, {});
    await start([broken], database.db, { backoffMs: 5 });
    await until(async () => (await rowOf(id)).state === 'dead');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(runs).toBe(3);
    expect(await rowOf(id)).toMatchObject({
      state: 'dead',
      attempts: 3,
      lastError: 'the mail server is gone',
    });
  });

  it('waits for run_at, and queues one job per singleton key', async () => {
    const noop = defineJob({ name: 'test.noop', payload: z.strictObject({}), run: async () => null });
    const later = await enqueue(
      database.db,
      noop,
      {},
      { runAt: new Date(Date.now() + 60_000), singletonKey: 'k' },
    );
    expect(later).not.toBeNull();
    expect(await enqueue(database.db, noop, {}, { singletonKey: 'k' })).toBeNull();
    expect(await claimJob(database.db, ['test.noop'], 1000)).toBeNull();
  });

  it("releases a dead process's jobs at start, dropping a periodic one already queued again (kill -9, then a restart)", async () => {
    const periodic = defineJob({ name: 'test.periodic', payload: z.strictObject({}), run: async () => null });
    const orphan = await enqueue(database.db, periodic, {}, { singletonKey: 'p' });
    expect((await claimJob(database.db, ['test.periodic'], 60_000))?.id).toBe(orphan);
    const other = await enqueue(database.db, periodic, {});
    expect((await claimJob(database.db, ['test.periodic'], 60_000))?.id).toBe(other);
    // The restart's start tasks queue the periodic job again before the orphans are released.
    const again = await enqueue(database.db, periodic, {}, { singletonKey: 'p' });
    expect(again).not.toBeNull();
    await releaseOrphans(database.db);
    const rows = await database.db.select({ id: jobs.id, state: jobs.state }).from(jobs).orderBy(jobs.id);
    expect(rows).toEqual([
      { id: other, state: 'queued' },
      { id: again, state: 'queued' },
    ]);
  });

  it("hands a stopped or failed periodic run back only when its next run is not queued already (another process's start)", async () => {
    const periodic = defineJob({ name: 'test.periodic', payload: z.strictObject({}), run: async () => null });
    const stopped = await enqueue(database.db, periodic, {}, { singletonKey: 's' });
    const stoppedJob = await claimJob(database.db, ['test.periodic'], 60_000);
    expect(stoppedJob?.id).toBe(stopped);
    const failed = await enqueue(database.db, periodic, {}, { singletonKey: 'f' });
    const failedJob = await claimJob(database.db, ['test.periodic'], 60_000);
    expect(failedJob?.id).toBe(failed);
    const alone = await enqueue(database.db, periodic, {}, { singletonKey: 'a' });
    const aloneJob = await claimJob(database.db, ['test.periodic'], 60_000);
    expect(aloneJob?.id).toBe(alone);
    // Another process starts and queues the next runs of 's' and 'f' while these run.
    const nextS = await enqueue(database.db, periodic, {}, { singletonKey: 's' });
    const nextF = await enqueue(database.db, periodic, {}, { singletonKey: 'f' });
    expect(nextS).not.toBeNull();
    expect(nextF).not.toBeNull();

    await releaseJob(database.db, stopped ?? 0);
    expect(await failJob(database.db, failedJob as ClaimedJob, 'boom', 1000)).toBe('dead');
    expect(await failJob(database.db, aloneJob as ClaimedJob, 'boom', 1000)).toBe('retry');
    const rows = await database.db
      .select({ id: jobs.id, state: jobs.state, lastError: jobs.lastError })
      .from(jobs)
      .orderBy(jobs.id);
    expect(rows).toEqual([
      { id: failed, state: 'dead', lastError: 'boom' },
      { id: alone, state: 'queued', lastError: 'boom' },
      { id: nextS, state: 'queued', lastError: null },
      { id: nextF, state: 'queued', lastError: null },
    ]);
  });

  it('takes a job again when the worker holding it died (its lease ran out), and not before', async () => {
    const noop = defineJob({ name: 'test.orphan', payload: z.strictObject({}), run: async () => 'again' });
    const id = await enqueue(database.db, noop, {});
    const claimed = await claimJob(database.db, ['test.orphan'], 60_000);
    expect(claimed?.id).toBe(id);
    expect(await claimJob(database.db, ['test.orphan'], 60_000)).toBeNull();
    // The holder dies: nobody extends its lease, which runs out (set in the past rather than waited for, so a
    // busy machine cannot make the check above race the clock).
    await database.db
      .update(jobs)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(jobs.id, id ?? 0));
    await start([noop]);
    await until(async () => (await rowOf(id)).state === 'done');
    expect(await rowOf(id)).toMatchObject({ attempts: 2, result: 'again' });
  });

  it('never lets two workers take the same job (a second instance on PostgreSQL)', async () => {
    const seen = new Map<number, number>();
    const count = defineJob({
      name: 'test.count',
      payload: z.strictObject({ i: z.number() }),
      async run({ i }) {
        seen.set(i, (seen.get(i) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
        return null;
      },
    });
    for (let i = 0; i < 60; i++) await enqueue(database.db, count, { i });
    await Promise.all([
      start([count], database.db, { concurrency: 3 }),
      start([count], (second ?? database).db, { concurrency: 3 }),
    ]);
    await until(
      async () => (await database.db.select().from(jobs).where(eq(jobs.state, 'done'))).length === 60,
    );
    expect(seen.size).toBe(60);
    expect([...seen.values()].every((n) => n === 1)).toBe(true);
  });
});
