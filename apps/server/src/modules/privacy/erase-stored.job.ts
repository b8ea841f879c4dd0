import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { defineJob, type JobKind } from '../../jobs/job-kind.ts';
import type { FileStore } from '../candidate-files/candidate-files.service.ts';

const Payload = z.strictObject({
  /** The erased files' and drafts' objects (random keys, decision 184: they name no one). */
  keys: z.array(z.string()).max(100_000),
  /** The outbox's messages to erase are those to an address whose salted hash is here; emptied once done. */
  salt: z.string(),
  addressHashes: z.array(z.string()).max(100_000),
});
type Payload = z.infer<typeof Payload>;

/** A hash of an address the outbox sweep can match without the address being stored (decision 193). */
export const addressHash = (salt: string, address: string) =>
  createHash('sha256').update(`${salt}:${address.trim().toLowerCase()}`).digest('hex');

export type EraseStoredDeps = { store: FileStore; outboxDir?: string | undefined };

/** The largest message read for its addresses: the outbox's mails are small; a larger file is not ours. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;
// Bounded input (a file of at most 2 MB, read by a job, not a request), and a pattern without nested repeats.
const ADDRESS = /[A-Za-z0-9._%+'-]{1,64}@[A-Za-z0-9.-]{1,253}\.[A-Za-z]{2,63}/g;

/**
 * What an erasure leaves outside the database (decision 193), removed after its transaction committed: the
 * objects of the candidates' files (disk or S3) and the development outbox's messages to their addresses. It is
 * written in the erasure's transaction, so it exists exactly when the erasure does; a crash before it ran
 * leaves it queued, and an object it could not delete is an object without a row, which the hourly sweeper
 * removes (candidate-files-sweep.job.ts). Called without deps only to be queued.
 */
export function eraseStoredJob(deps?: EraseStoredDeps): JobKind<Payload> {
  return defineJob({
    name: 'privacy.erase_stored',
    payload: Payload,
    maxAttempts: 10,
    async run(payload, { db, jobId }) {
      if (!deps) throw new Error('privacy.erase_stored runs with its store (registered in app.ts)');
      for (const key of payload.keys) await deps.store.delete(key);
      const mails = deps.outboxDir ? await eraseOutbox(deps.outboxDir, payload) : 0;
      // The hashes served their purpose: the row keeps no trace of the addresses, even hashed.
      await db.execute(
        sql`update jobs set payload = payload || '{"salt": "", "addressHashes": []}'::jsonb where id = ${jobId}`,
      );
      return { objects: payload.keys.length, mails };
    },
  });
}

/** Deletes the outbox's messages that name one of the addresses; answers how many. */
async function eraseOutbox(dir: string, { salt, addressHashes }: Payload) {
  if (addressHashes.length === 0) return 0;
  const wanted = new Set(addressHashes);
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.eml'));
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    const stat = await fs.stat(file).catch(() => undefined);
    if (!stat || stat.size > MAX_MESSAGE_BYTES) continue;
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    const addresses = text.match(ADDRESS) ?? [];
    if (addresses.some((address) => wanted.has(addressHash(salt, address)))) {
      await fs.rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
