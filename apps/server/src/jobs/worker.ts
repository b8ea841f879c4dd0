import type { Db } from '../db/database.ts';
import type { AnyJobKind, JobContext } from './job-kind.ts';
import {
  type ClaimedJob,
  claimJob,
  completeJob,
  extendLease,
  failJob,
  releaseJob,
  releaseOrphans,
  saveProgress,
} from './queue.ts';

type Log = JobContext['log'] & { debug?(obj: object, msg: string): void };

export type WorkerOptions = {
  db: Db;
  kinds: AnyJobKind[];
  log: Log;
  /** How often an idle worker looks for due jobs (ms). */
  pollMs?: number;
  /** How long a claim holds without a heartbeat (ms); a dead worker's job is taken again after it. */
  leaseMs?: number;
  /** The first retry's wait (ms); each next one doubles. */
  backoffMs?: number;
  /** Jobs run at once by this worker. */
  concurrency?: number;
  /** The embedded database: one process holds it, so running jobs at start are orphans (queue.ts). */
  exclusive?: boolean;
};

export type JobWorker = {
  /** Looks for due jobs now (after an enqueue in this process). */
  wake(): void;
  /** Stops claiming, aborts running jobs (they are queued again) and waits for them. */
  stop(): Promise<void>;
};

class Stopped extends Error {}

/**
 * The loop that runs queued jobs (decision 131): claims a due job, runs its kind with a heartbeat on its lease,
 * stores the result, or schedules a retry with exponential backoff, dead after the kind's attempts.
 */
export async function startWorker(options: WorkerOptions): Promise<JobWorker> {
  const { db, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const baseBackoff = options.backoffMs ?? 30_000;
  const concurrency = options.concurrency ?? 2;
  const kinds = new Map(options.kinds.map((kind) => [kind.name, kind]));
  const names = [...kinds.keys()];
  const abort = new AbortController();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let looking = false;
  let again = false;

  if (options.exclusive) await releaseOrphans(db);

  const run = async (job: ClaimedJob) => {
    const kind = kinds.get(job.kind);
    const heartbeat = setInterval(
      () => void extendLease(db, job.id, leaseMs).catch(() => undefined),
      Math.max(leaseMs / 3, 10),
    );
    heartbeat.unref();
    try {
      if (!kind) throw new Error(`no job kind named ${job.kind}`);
      if (job.attempts > job.maxAttempts) throw new Error('the job outlived its lease too often');
      const payload = kind.payload.parse(job.payload);
      const result = await kind.run(payload, {
        jobId: job.id,
        attempt: job.attempts,
        isLastAttempt: job.attempts >= job.maxAttempts,
        signal: abort.signal,
        db,
        log,
        progress: (value) => saveProgress(db, job.id, value),
      });
      if (abort.signal.aborted) throw new Stopped();
      await completeJob(db, job.id, result);
    } catch (error) {
      if (abort.signal.aborted) {
        await releaseJob(db, job.id).catch(() => undefined);
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      const outcome = await failJob(db, job, message, baseBackoff);
      log[outcome === 'dead' ? 'error' : 'warn'](
        { jobId: job.id, kind: job.kind, attempt: job.attempts, reason: message },
        outcome === 'dead' ? 'a job failed for the last time' : 'a job failed and will be retried',
      );
    } finally {
      clearInterval(heartbeat);
    }
  };

  /** Claims while there is room and work; one look at a time, a wake during it looks again after. */
  const look = async () => {
    if (looking) {
      again = true;
      return;
    }
    looking = true;
    try {
      do {
        again = false;
        while (!abort.signal.aborted && running.size < concurrency) {
          const job = await claimJob(db, names, leaseMs);
          if (!job) break;
          const task: Promise<void> = run(job).finally(() => {
            running.delete(task);
            if (!abort.signal.aborted) void look();
          });
          running.add(task);
        }
      } while (again && !abort.signal.aborted);
    } catch (error) {
      log.error({ err: error }, 'the job worker could not claim a job');
    } finally {
      looking = false;
    }
  };

  const tick = () => {
    void look().finally(() => {
      if (!abort.signal.aborted) timer = setTimeout(tick, pollMs).unref();
    });
  };
  tick();

  return {
    wake: () => void look(),
    async stop() {
      abort.abort(new Stopped());
      clearTimeout(timer);
      while (looking) await new Promise((resolve) => setTimeout(resolve, 5));
      await Promise.allSettled([...running]);
    },
  };
}
