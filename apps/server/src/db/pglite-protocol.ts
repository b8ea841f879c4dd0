/** The messages between the server's thread (`pglite-client.ts`) and the embedded database's (`pglite-worker.ts`). */

export type WorkerSetup = { dataDir?: string; snapshot?: ArrayBuffer };

/** `transaction` names the transaction an operation belongs to; operations without one run outside any. */
export type WorkerRequest = { id: number } & (
  | { op: 'ready' | 'dump' | 'close' }
  | {
      op: 'query';
      sql: string;
      params: unknown[];
      rowMode: 'object' | 'array';
      identityOids: number[];
      transaction?: number;
      /** Planner settings for this statement alone (`readWith`, decision 239). */
      settings?: [string, string][];
    }
  | { op: 'begin' | 'commit' | 'rollback'; transaction: number }
);

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: Record<string, unknown> };
