import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diskFileStore } from './disk-file-store.ts';
import { newStorageKey } from './file-store.ts';

// The disk store of candidates' files (decision 184): whole objects only, keys never paths.
let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-files-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const listed = async (store: ReturnType<typeof diskFileStore>) => {
  const keys: string[] = [];
  for await (const object of store.list()) keys.push(object.key);
  return keys;
};

describe('the disk file store', () => {
  it('puts, gets, lists and deletes an object; a missing one reads as undefined', async () => {
    const store = diskFileStore(dir);
    const key = newStorageKey();
    await store.put(key, Readable.from([Buffer.from('Hello '), Buffer.from('world')]));
    expect(await text((await store.get(key)) as Readable)).toBe('Hello world');
    expect(await listed(store)).toEqual([key]);
    await store.delete(key);
    await store.delete(key);
    expect(await store.get(key)).toBeUndefined();
    expect(await listed(store)).toEqual([]);
  });

  it('keeps nothing of a stream that fails half way', async () => {
    const store = diskFileStore(dir);
    const key = newStorageKey();
    // Half a file, then the error, once the store reads it (as an upload whose client goes away).
    let sent = false;
    const failing = new Readable({
      read() {
        if (sent) this.destroy(new Error('client went away'));
        else this.push(Buffer.from('half'));
        sent = true;
      },
    });
    await expect(store.put(key, failing)).rejects.toThrow('client went away');
    expect(fs.readdirSync(path.join(dir, 'files'))).toEqual([]);
    expect(await store.get(key)).toBeUndefined();
  });

  it('lists a write a crash left half done under its key, and deleting the key removes it', async () => {
    const store = diskFileStore(dir);
    const key = newStorageKey();
    fs.mkdirSync(path.join(dir, 'files'));
    fs.writeFileSync(path.join(dir, 'files', `${key}.partial`), 'half');
    fs.writeFileSync(path.join(dir, 'files', 'not-a-key'), 'x');
    expect(await listed(store)).toEqual([key]);
    await store.delete(key);
    expect(fs.readdirSync(path.join(dir, 'files'))).toEqual(['not-a-key']);
  });

  it('refuses a key that is not one it made, never touching the path', async () => {
    const store = diskFileStore(dir);
    await expect(store.put('../../x', Readable.from(['x']))).rejects.toThrow('Not a storage key');
    await expect(store.get('../x')).rejects.toThrow('Not a storage key');
    await expect(store.delete('/etc/passwd')).rejects.toThrow('Not a storage key');
  });
});
