import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { probeCount, withRetryProbe } from '../test/retry-probe.ts';
import type { Database } from './database.ts';
import { TRANSACTION_ATTEMPTS } from './transaction-retry.ts';

/**
 * Issue 18 section 5: a transaction PostgreSQL rolls back to break a deadlock (40P01) or a serialisation
 * conflict (40001) runs again, in one place (db.transaction), instead of answering `internal_error`.
 */
let database: Database;
withRetryProbe((made) => (database = made));

/** Fails with `sqlstate` from inside the database, as PostgreSQL itself would. */
const raise = (sqlstate: string) =>
  sql.raw(`do $$ begin raise exception 'probe' using errcode = '${sqlstate}'; end $$`);

const countOf = (id: number) => probeCount(database, id);

describe('db.transaction', () => {
  it('runs the callback again after a deadlock or a serialisation failure, and commits once', async () => {
    for (const sqlstate of ['40P01', '40001']) {
      const before = await countOf(1);
      let attempts = 0;
      const answer = await database.db.transaction(async (tx) => {
        attempts += 1;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = 1`);
        if (attempts === 1) await tx.execute(raise(sqlstate));
        return 'done';
      });
      expect(answer).toBe('done');
      expect(attempts).toBe(2);
      // The first attempt's write was rolled back: one increment, not two.
      expect(await countOf(1)).toBe(before + 1);
    }
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} attempts, and never retries another error`, async () => {
    let attempts = 0;
    await expect(
      database.db.transaction(async (tx) => {
        attempts += 1;
        await tx.execute(raise('40P01'));
      }),
    ).rejects.toMatchObject({ cause: { code: '40P01' } });
    expect(attempts).toBe(TRANSACTION_ATTEMPTS);

    attempts = 0;
    await expect(
      database.db.transaction(async (tx) => {
        attempts += 1;
        await tx.execute(raise('23505'));
      }),
    ).rejects.toBeTruthy();
    expect(attempts).toBe(1);
  });
});
