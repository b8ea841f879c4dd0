import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../test/harness.ts';
import { genericPlans, readWith, setLocal } from './planner-settings.ts';
import { rawRows } from './raw-rows.ts';

let t: TestApp;
withTestApp((app) => (t = app));

describe('setLocal', () => {
  it("applies to the transaction's next statement though it is not waited for, and ends with the transaction", async () => {
    // Sent without waiting (decision 232): the next statement must still see the settings, on both engines.
    const inside = await t.db.transaction(async (tx) => {
      setLocal(tx, { work_mem: '7MB', enable_seqscan: 'off' });
      return rawRows<{ mem: string; seq: string }>(
        tx,
        sql`select current_setting('work_mem') as mem, current_setting('enable_seqscan') as seq`,
      );
    });
    expect(inside).toEqual([{ mem: '7MB', seq: 'off' }]);
    const after = await rawRows<{ seq: string }>(t.db, sql`select current_setting('enable_seqscan') as seq`);
    expect(after).toEqual([{ seq: 'on' }]);
  });
});

describe('readWith', () => {
  const settingsNow = (db: typeof t.db) =>
    rawRows<{ mem: string; seq: string }>(
      db,
      sql`select current_setting('work_mem') as mem, current_setting('enable_seqscan') as seq`,
    );

  it('plans every statement of its reads with the settings, and none after (decision 239)', async () => {
    const [first, second] = await readWith(t.db, { work_mem: '7MB', enable_seqscan: 'off' }, async (db) => [
      await settingsNow(db),
      await settingsNow(db),
    ]);
    expect(first).toEqual([{ mem: '7MB', seq: 'off' }]);
    expect(second).toEqual([{ mem: '7MB', seq: 'off' }]);
    expect(await settingsNow(t.db)).toEqual([{ mem: '4MB', seq: 'on' }]);
    // A query handed back unsent is sent with them too.
    const handedBack = await readWith(t.db, { enable_seqscan: 'off' }, (db) =>
      db.execute(sql`select current_setting('enable_seqscan') as seq`),
    );
    expect((handedBack as { rows: unknown[] }).rows).toEqual([{ seq: 'off' }]);
  });

  it('opens no transaction of its own: each statement is its own (decisions 239, 248)', async () => {
    // A transaction's `now()` is its start: two statements of one transaction tell the same time.
    const startOf = (db: typeof t.db) =>
      rawRows<{ at: string; seq: string }>(
        db,
        sql`select now()::text as at, current_setting('enable_seqscan') as seq, pg_sleep(0.002)::text`,
      ).then(([row]) => ({ at: row?.at, seq: row?.seq }));
    const [first, second] = await readWith(t.db, { enable_seqscan: 'off' }, async (db) => [
      await startOf(db),
      await startOf(db),
    ]);
    expect([first?.seq, second?.seq]).toEqual(['off', 'off']);
    expect(first?.at).not.toEqual(second?.at);
    // Inside a caller's transaction they are its `SET LOCAL`: they hold until it ends.
    const inside = await t.db.transaction(async (tx) => {
      const before = await startOf(tx);
      const read = await readWith(tx, { enable_seqscan: 'off' }, (db) => startOf(db));
      return [before, read, await startOf(tx)];
    });
    expect(inside.map((row) => row.seq)).toEqual(['on', 'off', 'off']);
    expect(new Set(inside.map((row) => row.at)).size).toBe(1);
  });

  it('reads alongside other requests without lending them its settings', async () => {
    const [inside, beside] = await Promise.all([
      readWith(t.db, { enable_seqscan: 'off' }, (db) => settingsNow(db)),
      settingsNow(t.db),
    ]);
    expect(inside).toEqual([{ mem: '4MB', seq: 'off' }]);
    expect(beside).toEqual([{ mem: '4MB', seq: 'on' }]);
  });

  it('holds nothing between its statements: another request is served while a read waits', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reading = readWith(t.db, { enable_seqscan: 'off' }, async (db) => {
      const first = await settingsNow(db);
      await gate;
      return first;
    });
    // Were the read a transaction on the embedded engine's one connection, this would wait for its end, which
    // waits for this: the race's timer would win.
    const beside = await Promise.race([
      settingsNow(t.db),
      new Promise((resolve) => setTimeout(() => resolve('still waiting after 10 s'), 10_000).unref()),
    ]);
    release();
    expect(beside).toEqual([{ mem: '4MB', seq: 'on' }]);
    expect(await reading).toEqual([{ mem: '4MB', seq: 'off' }]);
  });

  it('forces generic plans only where statements are named: PostgreSQL outside a transaction (decision 252)', async () => {
    const modeOf = (db: typeof t.db) =>
      rawRows<{ mode: string; seq: string }>(
        db,
        sql`select current_setting('plan_cache_mode') as mode, current_setting('enable_seqscan') as seq`,
      );
    const settings = { ...genericPlans, enable_seqscan: 'off' };
    // The embedded engine's driver sends statements unnamed: a generic plan would be made for each.
    expect(await readWith(t.db, settings, modeOf)).toEqual([
      { mode: t.database.kind === 'postgres' ? 'force_generic_plan' : 'auto', seq: 'off' },
    ]);
    // Nor in a caller's transaction, whose statements are unnamed; its other settings hold.
    const inside = await t.db.transaction((tx) => readWith(tx, settings, modeOf));
    expect(inside).toEqual([{ mode: 'auto', seq: 'off' }]);
    expect(await modeOf(t.db)).toEqual([{ mode: 'auto', seq: 'on' }]);
  });

  it("answers the engine's error for a setting it refuses, and the next statement runs", async () => {
    await expect(readWith(t.db, { work_mem: 'a lot' }, (db) => settingsNow(db))).rejects.toThrow(/work_mem/);
    expect(await settingsNow(t.db)).toEqual([{ mem: '4MB', seq: 'on' }]);
  });
});
