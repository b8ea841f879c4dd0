import fs from 'node:fs/promises';
import path from 'node:path';
import { periodicJob } from '../jobs/periodic.ts';

/** How often the outbox is pruned. */
export const OUTBOX_PRUNE_EVERY_MS = 3600 * 1000;
/** The newest messages kept whatever their age: enough to find any recent link. */
export const OUTBOX_KEEP_NEWEST = 1000;

/**
 * Deletes the development outbox's messages (VIVIER_DATA_DIR/outbox/*.eml, written when SMTP_URL is unset) older
 * than `keepDays`, and all but the newest OUTBOX_KEEP_NEWEST: sending to 200 candidates a day would otherwise
 * fill the disk. Answers how many files went.
 */
export async function pruneOutbox(dir: string, keepDays: number, now = Date.now()): Promise<number> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return 0;
  }
  const files = await Promise.all(
    names.map(async (name) => {
      const file = path.join(dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      return { file, mtime: stat?.mtimeMs ?? 0 };
    }),
  );
  files.sort((a, b) => b.mtime - a.mtime);
  const oldest = now - keepDays * 24 * 3600 * 1000;
  const doomed = files.filter((f, index) => index >= OUTBOX_KEEP_NEWEST || f.mtime < oldest);
  await Promise.all(doomed.map((f) => fs.rm(f.file, { force: true })));
  return doomed.length;
}

/** The periodic prune, a job of the queue (jobs/periodic.ts). */
export const outboxPruneJob = (dir: string, keepDays: number) =>
  periodicJob('outbox.prune', OUTBOX_PRUNE_EVERY_MS, async () => ({
    removed: await pruneOutbox(dir, keepDays),
  }));
