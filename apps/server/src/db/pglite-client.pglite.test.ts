import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPglite } from './database.ts';
import { rawRows } from './raw-rows.ts';

let database: Database;
beforeAll(async () => {
  database = await openPglite({});
  await database.db.execute(sql`create table counters (name text primary key, n int not null)`);
});
afterAll(() => database.close());

/**
 * How many turns the event loop made (a setImmediate ran) while `work` was in flight. Counted, not timed: a query
 * on the server's thread lets through a turn or two around it, on a worker thread thousands.
 */
async function loopTurnsDuring(work: () => Promise<unknown>) {
  let turns = 0;
  let running = true;
  const turn = () => {
    if (!running) return;
    turns += 1;
    setImmediate(turn);
  };
  setImmediate(turn);
  try {
    await work();
  } finally {
    running = false;
  }
  return turns;
}

describe('the embedded database on its own thread', () => {
  it("keeps the server's event loop turning through a slow query", async () => {
    const turns = await loopTurnsDuring(() =>
      database.db.execute(sql`select count(*) from generate_series(1, 4000000) g where g % 7 = 3`),
    );
    // The query takes hundreds of milliseconds and the loop keeps turning meanwhile. How long the loop may wait
    // (50 ms) is a budget of the benchmark: `npm run bench -- --database pglite` reports each scenario's
    // `loop_delay_max_ms` beside it (decision 169), not a bound of a unit test on a shared machine.
    expect(turns).toBeGreaterThan(100);
  });

  it('serialises transactions: one runs while the other waits, and both land', async () => {
    await database.db.execute(sql`insert into counters values ('a', 0)`);
    // Each transaction reads, then waits until all five were asked for, then writes: were they interleaved,
    // all five would read 0 before any wrote (a barrier, not a guessed delay).
    let askedAll = () => {};
    const allAsked = new Promise<void>((resolve) => {
      askedAll = resolve;
    });
    const increment = () =>
      database.db.transaction(async (tx) => {
        const [row] = await rawRows<{ n: number }>(tx, sql`select n from counters where name = 'a'`);
        await allAsked;
        await tx.execute(sql`update counters set n = ${(row?.n ?? 0) + 1} where name = 'a'`);
      });
    const all = Promise.all(Array.from({ length: 5 }, increment));
    askedAll();
    await all;
    const [row] = await rawRows<{ n: number }>(database.db, sql`select n from counters where name = 'a'`);
    expect(row?.n).toBe(5);
  });

  it('rolls a failed transaction back and keeps PostgreSQL error fields for the error handler', async () => {
    const failing = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into counters values ('b', 1)`);
      await tx.execute(sql`insert into counters values ('b', 2)`);
    });
    // Drizzle wraps the driver's error; the error handler reads the PostgreSQL fields from its cause.
    await expect(failing).rejects.toMatchObject({ cause: { code: '23505', constraint: 'counters_pkey' } });
    const rows = await rawRows(database.db, sql`select * from counters where name = 'b'`);
    expect(rows).toEqual([]);
  });

  it('answers queries outside a transaction after it ends, in order', async () => {
    const order: string[] = [];
    // The read is sent once the transaction is open, and the transaction then runs one more statement, sent
    // after the read: a read that did not wait for the commit would be answered first (no guessed delay).
    let markOpened = () => {};
    const opened = new Promise<void>((resolve) => {
      markOpened = resolve;
    });
    let markSent = () => {};
    const sent = new Promise<void>((resolve) => {
      markSent = resolve;
    });
    const tx = database.db.transaction(async (t) => {
      await t.execute(sql`insert into counters values ('c', 1)`);
      markOpened();
      await sent;
      await t.execute(sql`update counters set n = n + 1 where name = 'c'`);
      order.push('transaction');
    });
    await opened;
    const read = rawRows<{ n: number }>(database.db, sql`select n from counters where name = 'c'`).then(
      (rows) => {
        order.push('read');
        return rows;
      },
    );
    markSent();
    await tx;
    expect(await read).toEqual([{ n: 2 }]);
    expect(order).toEqual(['transaction', 'read']);
  });

  it('never runs a statement of a transaction that ended outside it, and starts one at once behind its begin', async () => {
    // `begin` is sent without waiting (decision 232): the worker must still keep each statement in its own
    // transaction. A statement sent through a transaction's handle after it ended has no transaction to run in.
    let leaked: Parameters<Parameters<typeof database.db.transaction>[0]>[0] | undefined;
    const inside = await database.db.transaction(async (tx) => {
      leaked = tx;
      return rawRows<{ n: number }>(tx, sql`select 1 as n`);
    });
    expect(inside).toEqual([{ n: 1 }]);
    await expect(leaked?.execute(sql`insert into counters values ('d', 1)`)).rejects.toMatchObject({
      cause: { message: 'The transaction of this statement is not open' },
    });
    expect(await rawRows(database.db, sql`select * from counters where name = 'd'`)).toEqual([]);
  });
});
