import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { type FileStore, isStorageKey, type StoredObject } from './file-store.ts';

const PARTIAL = '.partial';

/**
 * The store on disk: `<dataDir>/files/<key>`. A write goes to `<key>.partial` and is renamed once complete, so
 * a crash or a refused upload never leaves a half file under a real key (the sweeper removes stale partials).
 */
export function diskFileStore(dataDir: string): FileStore {
  const dir = path.join(dataDir, 'files');
  const fileOf = (key: string) => {
    // Keys are made here (newStorageKey); one of another shape is a bug, never a path to follow.
    if (!isStorageKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(dir, { recursive: true });
      try {
        await pipeline(body, createWriteStream(file + PARTIAL, { flags: 'wx' }));
        await fs.rename(file + PARTIAL, file);
      } catch (error) {
        await fs.rm(file + PARTIAL, { force: true });
        throw error;
      }
    },
    async get(key) {
      const file = fileOf(key);
      // Opened before it is returned, so a missing object answers undefined, not a stream that fails once
      // read. A stream of its own path, not of a FileHandle: a reader that stops early (a job whose worker is
      // stopping) leaves it to be collected, and since Node 26 collecting an open FileHandle is a crash.
      const stream = createReadStream(file);
      try {
        await once(stream, 'ready');
        return stream;
      } catch (error) {
        stream.destroy();
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    async delete(key) {
      const file = fileOf(key);
      await fs.rm(file, { force: true });
      // A write a crash interrupted: the sweeper lists it under its key.
      await fs.rm(file + PARTIAL, { force: true });
    },
    async *list(): AsyncIterable<StoredObject> {
      let names: string[];
      try {
        names = await fs.readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      for (const name of names) {
        const key = name.endsWith(PARTIAL) ? name.slice(0, -PARTIAL.length) : name;
        if (!isStorageKey(key)) continue;
        const stat = await fs.stat(path.join(dir, name)).catch(() => undefined);
        // A partial is listed under its key: deleting the key removes it too.
        if (stat) yield { key, modifiedAt: stat.mtime };
      }
    },
  };
}
