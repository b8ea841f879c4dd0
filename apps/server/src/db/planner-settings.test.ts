import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type TestApp, withTestApp } from '../test/harness.ts';
import { setLocal } from './planner-settings.ts';
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
