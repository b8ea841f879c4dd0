import { z } from 'zod';
import type { Db } from '../db/database.ts';
import { defineJob, type JobContext } from './job-kind.ts';
import { enqueue } from './queue.ts';

/**
 * A job that runs every `everyMs` (decision 131): each run queues the next before answering, and its name is
 * the singleton key, so one run at most is queued whatever the number of instances or restarts. `first` queues
 * a run now (from `jobs.onStart`); when one is already queued it does nothing.
 */
export function periodicJob(name: string, everyMs: number, work: (context: JobContext) => Promise<unknown>) {
  const job = defineJob({
    name,
    payload: z.strictObject({}),
    maxAttempts: 3,
    async run(_payload, context) {
      const result = await work(context);
      await enqueue(context.db, job, {}, { runAt: new Date(Date.now() + everyMs), singletonKey: name });
      return result;
    },
  });
  return { job, first: (db: Db) => enqueue(db, job, {}, { singletonKey: name }) };
}
