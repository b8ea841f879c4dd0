import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/harness.ts';
import { openTestDatabase } from '../test/test-database.ts';
import type { Database } from './database.ts';
import { MAINTENANCE_EVERY_MS, maintainTables, tablesDue } from './pglite-maintenance.ts';
import { rawRows } from './raw-rows.ts';
import { jobs } from './schema/index.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
  await database.db.execute(sql`create table maintained (id integer primary key, kind integer not null)`);
});
afterAll(() => database.close());

const run = (statement: string) => database.db.execute(sql.raw(statement));

/** What the planner knows of the table: its row estimate, its columns' statistics, its all-visible pages. */
async function knowledge() {
  const [row] = await rawRows<{ reltuples: number; relallvisible: number; columns: number }>(
    database.db,
    sql`select c.reltuples::float8 as reltuples, c.relallvisible,
          (select count(*)::int from pg_stats s where s.tablename = 'maintained') as columns
        from pg_class c where c.relname = 'maintained'`,
  );
  return row;
}

const dueFor = async () => (await tablesDue(database.db)).find((due) => due.table === 'public.maintained');

describe("the embedded engine's own autovacuum (decision 264)", () => {
  it('analyses and vacuums a filled table the engine never would, then leaves it until it changes enough', async () => {
    await run('insert into maintained select g, g % 7 from generate_series(1, 2000) g');
    expect(await knowledge()).toEqual({ reltuples: -1, relallvisible: 0, columns: 0 });
    expect(await dueFor()).toEqual({ table: 'public.maintained', vacuum: true, analyze: true });

    const done = await maintainTables(database.db);
    expect(done).toContainEqual({ table: 'public.maintained', vacuum: true, analyze: true });
    const known = await knowledge();
    expect(known?.reltuples).toBe(2000);
    expect(known?.columns).toBe(2);
    expect(known?.relallvisible).toBeGreaterThan(0);
    expect(await dueFor()).toBeUndefined();

    // 150 changed rows of 2,000 are under the analysis's 50 + 10 % (250); 300 are past it, and their 300 dead
    // rows are under the vacuum's 50 + 20 % (450).
    await run('update maintained set kind = kind + 1 where id <= 150');
    expect(await dueFor()).toBeUndefined();
    await run('update maintained set kind = kind + 1 where id > 1850');
    expect(await dueFor()).toEqual({ table: 'public.maintained', vacuum: false, analyze: true });
    await maintainTables(database.db);
    expect(await dueFor()).toBeUndefined();

    await run('delete from maintained where id <= 500');
    expect(await dueFor()).toEqual({ table: 'public.maintained', vacuum: true, analyze: true });
    await maintainTables(database.db);
    expect((await knowledge())?.reltuples).toBe(1500);
    expect(await dueFor()).toBeUndefined();
  });

  it('analyses a table that holds data but was never analysed, though its counters were lost (a restart)', async () => {
    await run('create table restarted (id integer primary key)');
    await run('insert into restarted select generate_series(1, 40)');
    await run('select pg_stat_reset()');
    const due = await tablesDue(database.db);
    expect(due).toContainEqual({ table: 'public.restarted', vacuum: false, analyze: true });
    await maintainTables(database.db);
    expect((await tablesDue(database.db)).map((table) => table.table)).not.toContain('public.restarted');
    // An empty table is left alone: there is nothing to learn from it.
    await run('create table empty_one (id integer primary key)');
    expect((await tablesDue(database.db)).map((table) => table.table)).not.toContain('public.empty_one');
  });

  it('quotes the names it is given by the catalog', async () => {
    await run('create table "Odd ""name""; drop table maintained" (id integer)');
    await run('insert into "Odd ""name""; drop table maintained" select generate_series(1, 1200)');
    const done = await maintainTables(database.db);
    expect(done).toContainEqual({
      table: 'public."Odd ""name""; drop table maintained"',
      vacuum: true,
      analyze: true,
    });
    expect(await knowledge()).toBeDefined();
  });
});

describe('as a job of the queue on the embedded engine', () => {
  it('runs when the worker starts, leaves the licences analysed, and queues its next run a minute later', async () => {
    const t = await createTestApp();
    try {
      await t.licence();
      await t.licence();
      const before = await rawRows<{ reltuples: number }>(
        t.db,
        sql`select reltuples::float8 as reltuples from pg_class where relname = 'licences'`,
      );
      expect(before[0]?.reltuples).toBe(-1);
      await t.app.jobs.start({ pollMs: 20 });
      const deadline = Date.now() + 15_000;
      let rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'database.maintain'));
      while (!rows.some((row) => row.state === 'done') && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        rows = await t.db.select().from(jobs).where(eq(jobs.kind, 'database.maintain'));
      }
      expect(rows.map((row) => row.state).sort()).toEqual(['done', 'queued']);
      expect(rows.find((row) => row.state === 'done')?.result).toEqual({ tables: expect.any(Number) });
      const after = await rawRows<{ reltuples: number }>(
        t.db,
        sql`select reltuples::float8 as reltuples from pg_class where relname = 'licences'`,
      );
      expect(after[0]?.reltuples).toBe(2);
      const next = rows.find((row) => row.state === 'queued');
      expect(next?.runAt.getTime()).toBeGreaterThan(Date.now() + MAINTENANCE_EVERY_MS - 15_000);
    } finally {
      await t.close();
    }
  });
});
