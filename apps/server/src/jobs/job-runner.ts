import type { Database } from '../db/database.ts';
import type { AnyJobKind } from './job-kind.ts';
import { type JobWorker, startWorker, type WorkerOptions } from './worker.ts';

/** The app's queue: kinds registered by modules, one worker started by server.ts, stopped on close. */
export type Jobs = {
  register(kind: AnyJobKind): void;
  /** Looks for due jobs now, when this process runs a worker (after an enqueue). */
  wake(): void;
  /** Starts the worker (server.ts; tests with shorter waits). */
  start(options?: Partial<Omit<WorkerOptions, 'db' | 'kinds' | 'log'>>): Promise<void>;
  /** Stops claiming and waits for the running jobs; an interrupted job is queued again. */
  stop(): Promise<void>;
  /** Called when the worker starts: modules queue their periodic jobs here. */
  onStart(task: () => Promise<void>): void;
};

export function jobRunner(database: Database, log: WorkerOptions['log']): Jobs {
  const kinds: AnyJobKind[] = [];
  const startTasks: (() => Promise<void>)[] = [];
  let worker: JobWorker | undefined;
  return {
    register: (kind) => void kinds.push(kind),
    wake: () => worker?.wake(),
    onStart: (task) => void startTasks.push(task),
    async start(options = {}) {
      if (worker) return;
      for (const task of startTasks) await task();
      worker = await startWorker({
        db: database.db,
        kinds,
        log,
        exclusive: database.kind === 'pglite',
        ...options,
      });
    },
    async stop() {
      const running = worker;
      worker = undefined;
      await running?.stop();
    },
  };
}
