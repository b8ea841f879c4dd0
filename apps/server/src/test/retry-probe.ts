import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import type { Database } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * The transaction retry tests' database (db/transaction-retry*.test.ts): a test database with a `retry_probe`
 * table of two rows (ids 1 and 2, counters at 0), handed to `set` before the file's tests, closed after them.
 */
export function withRetryProbe(set: (database: Database) => void) {
  let made: Database | undefined;
  beforeAll(async () => {
    made = await openTestDatabase();
    await made.db.execute(sql`create table retry_probe (id int primary key, n int not null default 0)`);
    await made.db.execute(sql`insert into retry_probe (id) values (1), (2)`);
    set(made);
  });
  afterAll(() => made?.close());
}

/** The counter of a probe row. */
export const probeCount = async (database: Database, id: number) =>
  Number((await rawRows<{ n: number }>(database.db, sql`select n from retry_probe where id = ${id}`))[0]?.n);
