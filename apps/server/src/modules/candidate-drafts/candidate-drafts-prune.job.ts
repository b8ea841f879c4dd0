import { and, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { candidateDrafts } from '../../db/schema/index.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import type { FileStore } from '../candidate-files/file-store.ts';

const PRUNE_EVERY_MS = 3600 * 1000;
/** A draft not confirmed within a day is dropped (decision 188): the person dropped the CVs and went. */
export const DRAFT_KEEP_MS = 24 * 3600 * 1000;
const BATCH = 500;

/** Deletes the drafts older than a day, a batch at a time, then their objects (else the sweeper would). */
export async function pruneDrafts(db: Db, store: FileStore, now = new Date()) {
  const before = new Date(now.getTime() - DRAFT_KEEP_MS);
  let deleted = 0;
  for (;;) {
    const old = await db
      .select({ id: candidateDrafts.id })
      .from(candidateDrafts)
      .where(lt(candidateDrafts.createdAt, before))
      .limit(BATCH);
    if (old.length === 0) return { deleted };
    const gone = await db
      .delete(candidateDrafts)
      .where(
        and(
          lt(candidateDrafts.createdAt, before),
          // The batch just read, by id: drafts are never updated, so none is spared or taken twice.
          inArray(
            candidateDrafts.id,
            old.map((row) => row.id),
          ),
        ),
      )
      .returning({ key: candidateDrafts.storageKey });
    for (const { key } of gone) await store.delete(key);
    deleted += gone.length;
  }
}

/** The hourly prune, a job of the durable queue. */
export const candidateDraftsPruneJob = (store: FileStore) =>
  periodicJob('candidate_drafts.prune', PRUNE_EVERY_MS, ({ db }) => pruneDrafts(db, store));
