import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from './database.ts';
import { clientNamingByText } from './named-by-text.ts';
import { rawRows } from './raw-rows.ts';
import { type SettingsPools, settingsPools } from './settings-pools.ts';

/**
 * Statements named by their text: planned once on connections that force generic plans (decision 252), parsed
 * once and planned each time on those that force custom plans (decision 255).
 */
const url = process.env.TEST_DATABASE_URL ?? '';

type Prepared = { statement: string; generic: number; custom: number };
// The connection's own prepared statements, this inspection's own text left out.
const preparedOn = (db: Db) =>
  rawRows<Prepared>(
    db,
    sql`select statement, generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements where statement not like '%pg_prepared_statements%' order by statement`,
  );
const plusOne = (db: Db, n: number) => rawRows<{ n: number }>(db, sql`select ${n}::int + 1 as n`);
const timesTwo = (db: Db, n: number) => rawRows<{ n: number }>(db, sql`select ${n}::int * 2 as n`);

let pools: SettingsPools[] = [];
let plain: pg.Pool[] = [];
afterEach(async () => {
  await Promise.all([...pools.map((p) => p.end()), ...plain.map((p) => p.end())]);
  pools = [];
  plain = [];
});
// One connection, so every statement of a test meets the ones before it.
const openPools = () => {
  const opened = settingsPools(url, 1);
  pools.push(opened);
  return opened;
};

describe('statements named by their text', () => {
  it('are parsed and planned once, generically, whatever their values, on a pool forcing generic plans', async () => {
    const db = openPools().with([['plan_cache_mode', 'force_generic_plan']]);
    const answers = [];
    for (let n = 0; n < 7; n++) answers.push(...(await plusOne(db, n)));
    answers.push(...(await timesTwo(db, 21)));
    expect(answers.map((row) => row.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 42]);
    expect(await preparedOn(db)).toEqual([
      { statement: 'select $1::int * 2 as n', generic: 1, custom: 0 },
      { statement: 'select $1::int + 1 as n', generic: 7, custom: 0 },
    ]);
  });

  it('are parsed once and planned for their values every time on a pool forcing custom plans', async () => {
    const db = openPools().with([['plan_cache_mode', 'force_custom_plan']]);
    const answers = [];
    for (let n = 0; n < 7; n++) answers.push(...(await plusOne(db, n)));
    expect(answers.map((row) => row.n)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(await preparedOn(db)).toEqual([{ statement: 'select $1::int + 1 as n', generic: 0, custom: 7 }]);
  });

  it('are not named on a pool with other settings: those statements are planned for their values', async () => {
    const db = openPools().with([['enable_seqscan', 'off']]);
    await plusOne(db, 1);
    await plusOne(db, 2);
    expect(await preparedOn(db)).toEqual([]);
  });

  it('stop being named past the most texts a process names; those run unnamed and answer the same', async () => {
    const pool = new pg.Pool({ connectionString: url, max: 1, Client: clientNamingByText(1) });
    plain.push(pool);
    const db = drizzle(pool) as unknown as Db;
    expect((await plusOne(db, 1))[0]?.n).toBe(2);
    expect((await timesTwo(db, 2))[0]?.n).toBe(4);
    expect((await timesTwo(db, 3))[0]?.n).toBe(6);
    expect((await plusOne(db, 4))[0]?.n).toBe(5);
    const prepared = await preparedOn(db);
    expect(prepared.map((row) => row.statement)).toEqual(['select $1::int + 1 as n']);
  });
});
