import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest, WorkerSetup } from './pglite-protocol.ts';
import { statementSettings } from './planner-settings.ts';

type QueryOptions = { rowMode?: 'object' | 'array'; parsers?: Record<number, unknown> };
export type QueryResult = {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
};

/** What Drizzle's PGlite driver calls on its client: `query`, and `transaction` handing a client of the same shape. */
export type PgliteLikeClient = {
  query(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult>;
  transaction<T>(callback: (tx: PgliteLikeClient) => Promise<T>): Promise<T>;
};

/** A PostgreSQL error rebuilt on this side, with the fields the error handler reads (code, constraint, …). */
function rebuildError(fields: Record<string, unknown>) {
  const error = new Error(String(fields.message ?? 'database error'));
  Object.assign(error, fields);
  return error;
}

// Requests that may pass another operation, as distributed without an id.
type Operation = WorkerRequest extends infer R ? (R extends WorkerRequest ? Omit<R, 'id'> : never) : never;

/**
 * The server's end of the embedded database's thread (`pglite-worker.ts`): Drizzle talks to this object as it
 * would to PGlite, and every call is a message to the worker, so the server's event loop keeps turning while a
 * query runs.
 */
/** The embedded database thread's young generation, in MB (decision 204). */
const YOUNG_GENERATION_MB = 8;

export class PgliteWorkerClient implements PgliteLikeClient {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  #nextId = 1;
  #nextTransaction = 1;
  #exited: Error | undefined;

  private constructor(setup: WorkerSetup) {
    this.#worker = new Worker(new URL('./pglite-worker.ts', import.meta.url), {
      workerData: setup,
      // A small young generation: this thread's JavaScript is PGlite's glue, and V8's default sizes it for a
      // busy server (decision 204).
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
      transferList: setup.snapshot ? [setup.snapshot] : [],
    });
    this.#worker.on('message', (message: WorkerReply) => {
      const waiting = this.#pending.get(message.id);
      if (!waiting) return;
      this.#pending.delete(message.id);
      if (message.ok) waiting.resolve(message.value);
      else waiting.reject(rebuildError(message.error));
    });
    const fail = (error: Error) => {
      this.#exited = error;
      for (const waiting of this.#pending.values()) waiting.reject(error);
      this.#pending.clear();
    };
    this.#worker.on('error', fail);
    this.#worker.on('exit', (code) => fail(new Error(`The embedded database thread exited (code ${code})`)));
  }

  /** Starts the thread and waits until PGlite is ready (it opens the data directory or the snapshot). */
  static async open(setup: WorkerSetup): Promise<PgliteWorkerClient> {
    const client = new PgliteWorkerClient(setup);
    try {
      await client.#call({ op: 'ready' });
    } catch (error) {
      await client.#worker.terminate();
      throw error;
    }
    return client;
  }

  #call<T>(operation: Operation): Promise<T> {
    if (this.#exited) return Promise.reject(this.#exited);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.#worker.postMessage({ ...operation, id });
    });
  }

  #query(sql: string, params: unknown[] = [], options: QueryOptions = {}, transaction?: number) {
    // Sent inside `readWith`: the worker applies the settings to this statement (decision 239).
    const settings = statementSettings.getStore();
    return this.#call<QueryResult>({
      op: 'query',
      sql,
      params,
      rowMode: options.rowMode ?? 'object',
      identityOids: Object.keys(options.parsers ?? {}).map(Number),
      ...(transaction === undefined ? {} : { transaction }),
      ...(settings && settings.length > 0 ? { settings } : {}),
    });
  }

  query(sql: string, params?: unknown[], options?: QueryOptions) {
    return this.#query(sql, params, options);
  }

  /**
   * Runs `callback` in a transaction of its own: the worker runs nothing else until it commits or rolls back.
   * `begin` is sent without waiting for its answer: the worker runs it before this transaction's first statement
   * (one port, in order), which then follows it at once rather than a round trip later. Under load the server's
   * thread answers late, and meanwhile the engine, held by the open transaction, serves no one (decision 232).
   */
  async transaction<T>(callback: (tx: PgliteLikeClient) => Promise<T>): Promise<T> {
    const transaction = this.#nextTransaction++;
    const begun = this.#call({ op: 'begin', transaction });
    // Its failure is reported below, as the transaction's.
    begun.catch(() => {});
    const tx: PgliteLikeClient = {
      query: (sql, params, options) => this.#query(sql, params, options, transaction),
      transaction: () =>
        Promise.reject(new Error('Nested transactions use savepoints through the outer one')),
    };
    try {
      const result = await callback(tx);
      await begun;
      await this.#call({ op: 'commit', transaction });
      return result;
    } catch (error) {
      await this.#call({ op: 'rollback', transaction }).catch(() => {});
      // A `begin` that failed explains why its statements did.
      await begun;
      throw error;
    }
  }

  /** A tarball of the whole database (tests restore it; `backup` writes it). */
  async dump(): Promise<Blob> {
    return new Blob([await this.#call<ArrayBuffer>({ op: 'dump' })]);
  }

  async close() {
    if (!this.#exited) await this.#call({ op: 'close' }).catch(() => {});
    await this.#worker.terminate();
  }
}
