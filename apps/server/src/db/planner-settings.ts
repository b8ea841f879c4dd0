import { AsyncLocalStorage } from 'node:async_hooks';
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
  | 'plan_cache_mode'
  | 'work_mem';

export type PlannerSettings = Partial<Record<PlannerSetting, string>>;

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
export function setLocal(tx: Db, settings: PlannerSettings): void {
  const calls = Object.entries(settings).map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  // `.then` sends it: Drizzle's query runs at once, before the caller's next statement is built.
  if (calls.length > 0) void tx.execute(sql`select ${sql.join(calls, sql`, `)}`).then(undefined, () => {});
}

/**
 * The settings each statement sent inside `readWith` carries to an engine that applies them to the statement
 * itself (the embedded one: `pglite-client.ts` reads it, `pglite-worker.ts` applies it).
 */
export const statementSettings = new AsyncLocalStorage<[PlannerSetting, string][]>();
const perStatement = new WeakSet<Db>();

/** Marks `db` as taking planner settings with each statement (`openPglite` does, decision 239). */
export function takesSettingsPerStatement(db: Db) {
  perStatement.add(db);
}

const withSettings = new WeakMap<Db, (settings: [PlannerSetting, string][]) => Db>();

/**
 * Marks `db` as having connections opened with a read's settings (`openPostgres` does, settings-pools.ts,
 * decision 248): `open` gives the handle on them.
 */
export function readsOnConnectionsWithSettings(db: Db, open: (settings: [PlannerSetting, string][]) => Db) {
  withSettings.set(db, open);
}

/**
 * Runs the reads of `read` planned with `settings`. On PostgreSQL, on connections opened with them (decision
 * 248). On the embedded engine, each statement carries them and the engine sets them in the statement's own
 * implicit transaction, in the same call (decision 239). Either way no `begin`, no `commit`, no statement of
 * their own, and on the embedded engine no transaction held open on its one connection while the server's
 * thread is busy. Every statement of `read` runs with them; reads only (each statement sees the data as of its
 * start, as in a transaction at PostgreSQL's read committed). Inside a caller's transaction, in a savepoint that
 * sets them (`setLocal`: they then hold until that transaction ends).
 */
export async function readWith<T>(
  db: Db,
  settings: PlannerSettings,
  read: (db: Db) => PromiseLike<T>,
): Promise<T> {
  // Awaited inside: a Drizzle query is sent when awaited, which must happen where the settings are in scope.
  const entriesOf = (given: PlannerSettings) => Object.entries(given) as [PlannerSetting, string][];
  const open = withSettings.get(db);
  if (open) return await read(open(entriesOf(settings)));
  // Generic plans only where statements are named (genericPlans): not on the embedded engine, nor in a
  // caller's transaction, where each statement would get a generic plan made again every time.
  const { plan_cache_mode: _, ...planned } = settings;
  if (perStatement.has(db)) return statementSettings.run(entriesOf(planned), async () => await read(db));
  return db.transaction(async (tx) => {
    setLocal(tx, planned);
    return await read(tx);
  });
}

/**
 * Added to a read's settings when its statements' texts and settings fix their plans whatever their values (the
 * probe, a walk of the newest): on PostgreSQL the read then runs on connections that name each statement by its
 * text (named-by-text.ts) and plan it once, for its generic plan (decision 252). readWith drops it elsewhere.
 */
export const genericPlans = { plan_cache_mode: 'force_generic_plan' } as const;

/**
 * Added to a read's settings when its statements' plans must follow their values (a tag expression's, which the
 * GIN index's statistics estimate well) but their texts repeat: on PostgreSQL the read runs on connections that
 * name each statement by its text, so it is parsed once per connection and planned each time (decision 255).
 */
export const customPlans = { plan_cache_mode: 'force_custom_plan' } as const;
