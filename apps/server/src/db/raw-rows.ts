import type { SQL } from 'drizzle-orm';
import type { Db } from './database.ts';

/**
 * The rows of a raw SQL statement (a data-modifying CTE the query builder cannot spell). Both drivers answer
 * `{rows}`, but `Db` is typed for either, so Drizzle leaves the result `unknown`: this is the one place that
 * reads it, checking its shape rather than casting it blind. `T` is what the statement's select list says.
 */
export async function rawRows<T extends Record<string, unknown>>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  const rows = (result as { rows?: unknown } | null)?.rows;
  if (!Array.isArray(rows)) throw new Error('The database answered a statement without rows');
  return rows as T[];
}
