import { sql } from 'drizzle-orm';
import type { Db } from './database.ts';

/** The settings a query of ours changes for its own transaction (PostgreSQL's names). */
export type PlannerSetting =
  | 'enable_bitmapscan'
  | 'enable_hashjoin'
  | 'enable_indexonlyscan'
  | 'enable_indexscan'
  | 'enable_mergejoin'
  | 'enable_seqscan'
  | 'jit'
  | 'max_parallel_workers_per_gather'
  | 'work_mem';

/**
 * Sets planner settings until the end of the transaction `tx` is in, all in ONE statement (`set_config(name,
 * value, true)` is `SET LOCAL`): a `set local` each cost a round trip apiece, seven of the sixteen a name search
 * past the cap made (issue 29, decision 225). The names come from the type above, never from a request.
 */
export async function setLocal(tx: Db, settings: Partial<Record<PlannerSetting, string>>) {
  const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  if (calls.length > 0) await tx.execute(sql`select ${sql.join(calls, sql`, `)}`);
}
