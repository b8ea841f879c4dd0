import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import type { ReadingTask } from './reading-worker.ts';

/**
 * The reading threads (decision 186): piscina runs reading-worker.ts on at most two threads (half the
 * machine's cores, at least one), started on demand and stopped when idle. A task is timed from when it
 * starts, not from when it was queued: at most `threads` tasks are handed to piscina at once, the others wait
 * here, so a file behind a hundred others is not given up for waiting. When a task runs out of time piscina
 * terminates its thread (an abort of a running task does), so a PDF that loops forever takes no CPU after.
 */
export function readingPool(options: { threads?: number; timeoutMs: number; maxHeapMb: number }) {
  const threads = options.threads ?? Math.max(1, Math.min(2, Math.floor(availableParallelism() / 2)));
  const pool = new Piscina<ReadingTask, string>({
    filename: new URL('./reading-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
    // A lying zip or a PDF built to fill memory kills its own thread, never the server.
    resourceLimits: { maxOldGenerationSizeMb: options.maxHeapMb, maxYoungGenerationSizeMb: 32 },
  });
  let running = 0;
  const waiting: Array<() => void> = [];
  // A slot is taken at once when free, else handed over by the task that ends (never two for one).
  const acquire = () => {
    if (running < threads) {
      running++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => waiting.push(resolve));
  };
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running--;
  };

  return {
    threads,
    async run(task: ReadingTask): Promise<string> {
      await acquire();
      try {
        return await pool.run(task, { signal: AbortSignal.timeout(options.timeoutMs) });
      } finally {
        release();
      }
    },
    close: () => pool.close({ force: true }),
  };
}

export type ReadingPool = ReturnType<typeof readingPool>;
