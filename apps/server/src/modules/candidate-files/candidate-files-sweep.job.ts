import type { Db } from '../../db/database.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import { keysWithoutRow } from './candidate-files.queries.ts';
import type { FileStore } from './file-store.ts';

const SWEEP_EVERY_MS = 3600 * 1000;
/** An object younger than this may be an upload whose row is being written: spared until the next sweep. */
export const SWEEP_GRACE_MS = 3600 * 1000;
const BATCH = 500;

/**
 * Deletes the objects no row holds (decision 184): those of candidates and licences deleted (their rows go by
 * cascade, their objects stay), of a delete or an upload a crash interrupted. Keys are checked a batch at a time.
 */
export async function sweepOrphanFiles(db: Db, store: FileStore, now = new Date()) {
  let deleted = 0;
  let batch: string[] = [];
  const sweep = async () => {
    for (const key of await keysWithoutRow(db, batch)) {
      await store.delete(key);
      deleted++;
    }
    batch = [];
  };
  for await (const object of store.list()) {
    if (now.getTime() - object.modifiedAt.getTime() < SWEEP_GRACE_MS) continue;
    batch.push(object.key);
    if (batch.length >= BATCH) await sweep();
  }
  await sweep();
  return { deleted };
}

/** The hourly sweep, a job of the durable queue. */
export const candidateFilesSweepJob = (store: FileStore) =>
  periodicJob('candidate_files.sweep', SWEEP_EVERY_MS, ({ db }) => sweepOrphanFiles(db, store));
