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

/** The longest a 1 ms timer waited beyond its due time while `work` ran. */
async function longestTimerLag(work: () => Promise<unknown>) {
  let longest = 0;
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last - 1);
    last = now;
  }, 1);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return longest;
}

describe('the embedded database on its own thread', () => {
  it("keeps the server's event loop turning through a slow query", async () => {
    const started = performance.now();
    const lag = await longestTimerLag(() =>
      database.db.execute(sql`select count(*) from generate_series(1, 4000000) g where g % 7 = 3`),
    );
    const took = performance.now() - started;
    // The query takes hundreds of milliseconds; on the server's thread the timer would wait all of it. The
    // bound leaves room for a loaded machine (the 50 ms budget itself is measured in bench/, not here).
    expect(took).toBeGreaterThan(200);
    expect(lag).toBeLessThan(Math.min(250, took / 4));
  });

  it('serialises transactions: one runs while the other waits, and both land', async () => {
    await database.db.execute(sql`insert into counters values ('a', 0)`);
    const increment = () =>
      database.db.transaction(async (tx) => {
        const [row] = await rawRows<{ n: number }>(tx, sql`select n from counters where name = 'a'`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.execute(sql`update counters set n = ${(row?.n ?? 0) + 1} where name = 'a'`);
      });
    await Promise.all(Array.from({ length: 5 }, increment));
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
    // The read is sent once the transaction is open (not after a guessed delay), and the transaction then
    // stays open a while: a read that did not wait for the commit would land first.
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
      await new Promise((resolve) => setTimeout(resolve, 50));
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
    expect(await read).toEqual([{ n: 1 }]);
    expect(order).toEqual(['transaction', 'read']);
  });
});
