import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';

/**
 * Tables a refused request may legitimately write: failed sign-ins are counted to throttle them. Every other
 * table must be untouched by a 4xx answer.
 */
const BOOKKEEPING = new Set(['rate_limit_hits']);

/** The statement digesting every table, built once per database: the schema does not change under a test. */
const statements = new WeakMap<Db, SQL>();

async function statementFor(db: Db): Promise<SQL> {
  const known = statements.get(db);
  if (known) return known;
  const tables = await rawRows<{ table_name: string }>(
    db,
    sql`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  // One statement for all tables: the fuzz test digests the database twice per call over ~200 routes, and a
  // round trip per table made it the slowest file of the suite (600 s on a loaded CI machine).
  const parts = tables
    .map((t) => t.table_name)
    .filter((table) => !BOOKKEEPING.has(table))
    .map(
      (table) => sql`
      select ${table}::text as table_name, md5(string_agg(x::text, '|' order by x::text)) as digest,
        count(*)::int as n
      from ${sql.identifier(table)} x`,
    );
  const statement = sql.join(parts, sql` union all `);
  statements.set(db, statement);
  return statement;
}

/** A digest of every row of every table, to assert that a request changed nothing. */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const rows = await rawRows<{ table_name: string; digest: string | null; n: number }>(
    db,
    await statementFor(db),
  );
  return Object.fromEntries(rows.map((row) => [row.table_name, `${row.n}:${row.digest ?? ''}`]));
}
