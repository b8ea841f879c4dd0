import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { probeCount, withRetryProbe } from '../test/retry-probe.ts';
import type { Database } from './database.ts';

/** Issue 18 section 5 on PostgreSQL, where deadlocks happen: both sides of one end up committed. */
let database: Database;
withRetryProbe((made) => (database = made));

const countOf = (id: number) => probeCount(database, id);

describe('db.transaction on PostgreSQL', () => {
  it('lets both sides of a real deadlock commit: PostgreSQL fails one, the helper runs it again', async () => {
    // Two transactions lock the two rows in opposite orders, each waiting for the other's first lock.
    let firstLocks = 0;
    let release: () => void = () => {};
    const bothHoldOne = new Promise<void>((resolve) => {
      release = resolve;
    });
    const attempts = { a: 0, b: 0 };
    const side = (name: 'a' | 'b', first: number, second: number) =>
      database.db.transaction(async (tx) => {
        attempts[name] += 1;
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${first}`);
        if (attempts[name] === 1) {
          if (++firstLocks === 2) release();
          await bothHoldOne;
        }
        await tx.execute(sql`update retry_probe set n = n + 1 where id = ${second}`);
      });
    const before = [await countOf(1), await countOf(2)];
    await Promise.all([side('a', 1, 2), side('b', 2, 1)]);
    expect(attempts.a + attempts.b).toBe(3);
    expect([await countOf(1), await countOf(2)]).toEqual([(before[0] ?? 0) + 2, (before[1] ?? 0) + 2]);
  });
});
