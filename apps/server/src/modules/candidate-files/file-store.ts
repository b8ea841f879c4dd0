import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** An object a store holds: its key, and when it was written (the sweeper spares the ones being uploaded). */
export type StoredObject = { key: string; modifiedAt: Date };

/**
 * Where candidates' files' bytes are (issue 22, decision 184): a flat space of keys, each written once.
 * On disk under the data directory today; an S3-compatible bucket is the same four operations.
 */
export interface FileStore {
  /** Writes the stream under `key`; the object is there only once the whole stream was written. */
  put(key: string, body: Readable): Promise<void>;
  /** The object's bytes; `undefined` when there is none. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the object; a missing one is not an error (deletes are retried by the sweeper). */
  delete(key: string): Promise<void>;
  /** Every object held, a page at a time. */
  list(): AsyncIterable<StoredObject>;
}

const KEY = /^[0-9a-f]{32}$/;

/** A new object key: random, never derived from the file's name, so a name can never become a path. */
export const newStorageKey = () => randomBytes(16).toString('hex');

/** Whether `key` is one this module made: every store checks before it uses a key. */
export const isStorageKey = (key: string) => KEY.test(key);
