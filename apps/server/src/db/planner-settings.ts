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
 *
 * The statement is sent now and not waited for (decision 232): the transaction's next statement goes out behind
 * it on the same connection, so it is planned with these settings, without a round trip between them (on the
 * embedded engine, one during which the open transaction holds the engine and it serves no one). A setting here
 * only steers a plan, never an answer; were the statement to fail, the transaction's next one would fail with
 * PostgreSQL's "current transaction is aborted".
 */
export function setLocal(tx: Db, settings: Partial<Record<PlannerSetting, string>>): void {
  const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  // `.then` sends it: Drizzle's query runs at once, before the caller's next statement is built.
  if (calls.length > 0) void tx.execute(sql`select ${sql.join(calls, sql`, `)}`).then(undefined, () => {});
}
