import { sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';

/**
 * Tables a refused request may legitimately write: failed sign-ins are counted to throttle them. Every other
 * table must be untouched by a 4xx answer.
 */
const BOOKKEEPING = new Set(['rate_limit_hits']);

/** A digest of every row of every table, to assert that a request changed nothing. */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = await rawRows<{ table_name: string }>(
    db,
    sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const digest: Record<string, string> = {};
  for (const { table_name: table } of tables) {
    if (BOOKKEEPING.has(table)) continue;
    const [row] = await rawRows<{ digest: string | null; n: number }>(
      db,
      sql`
      select md5(string_agg(x::text, '|' order by x::text)) as digest, count(*)::int as n
      from ${sql.identifier(table)} x`,
    );
    digest[table] = `${row?.n ?? 0}:${row?.digest ?? ''}`;
  }
  return digest;
}
