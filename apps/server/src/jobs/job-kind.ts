import type { z } from 'zod';
import type { Db } from '../db/database.ts';

type Log = {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

/** What a running job can see and do. */
export type JobContext = {
  jobId: number;
  /** 1 on the first run. */
  attempt: number;
  /** No retry follows if this run throws: the job goes dead. */
  isLastAttempt: boolean;
  /** Aborted when the worker stops: return or throw soon, the job is queued again as it was. */
  signal: AbortSignal;
  db: Db;
  log: Log;
  /** Stores progress on the job row (read by whoever follows the job). */
  progress(value: unknown): Promise<void>;
};

/**
 * A kind of job: its name, the shape of its payload (checked when queued and again when run), how many runs
 * it gets, and what it does. What `run` answers is stored as the job's result.
 */
export type JobKind<P = unknown> = {
  name: string;
  payload: z.ZodType<P>;
  /** Runs before the job is dead (default 5). */
  maxAttempts?: number;
  run(payload: P, context: JobContext): Promise<unknown>;
};

/** Any kind, as a worker holds them (each checks its own payload). */
// biome-ignore lint/suspicious/noExplicitAny: a list of kinds of different payloads; each parses its own.
export type AnyJobKind = JobKind<any>;

/** Declares a kind of job (one per module that queues work: a send, a purge, a webhook …). */
export function defineJob<P>(kind: JobKind<P>): JobKind<P> {
  return kind;
}
