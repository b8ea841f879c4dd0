import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';

/**
 * Rows this transaction has read so far from each of `tables`, by sequential scans and through indexes
 * (`pg_stat_xact_user_tables`, on both engines): how a test tells a statement that probes its rows by key from one
 * that passes over a whole table.
 */
export async function rowsRead<T extends string>(tx: Db, tables: readonly T[]): Promise<Record<T, number>> {
  const rows = await rawRows<{ relname: string; read: number }>(
    tx,
    sql`select relname, (seq_tup_read + coalesce(idx_tup_fetch, 0))::int as read from pg_stat_xact_user_tables
        where relname in (${sql.join(
          tables.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  );
  return Object.fromEntries(
    tables.map((name) => [name, rows.find((row) => row.relname === name)?.read ?? 0]),
  ) as Record<T, number>;
}
