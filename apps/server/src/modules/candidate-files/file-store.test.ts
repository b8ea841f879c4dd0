import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type S3Config } from '../../config.ts';
import { startS3Server } from '../../test/s3-server.ts';
import { diskFileStore } from './disk-file-store.ts';
import { type FileStore, newStorageKey, type StoredObject } from './file-store.ts';
import { s3ClientFor, s3FileStore } from './s3-file-store.ts';

// The stores of candidates' files (decisions 184, 187): one contract, run on disk and on a real S3-protocol
// server on loopback; whole objects only, keys never paths.

const listed = async (store: FileStore) => {
  const keys: string[] = [];
  for await (const object of store.list()) keys.push(object.key);
  return keys.sort();
};

/** A stream that gives `first`, then fails once read further (as an upload whose client goes away). */
const failingAfter = (first: Buffer) => {
  let sent = false;
  return new Readable({
    read() {
      if (sent) this.destroy(new Error('client went away'));
      else this.push(first);
      sent = true;
    },
  });
};

function storeContract(name: string, make: () => FileStore) {
  describe(`the ${name} file store`, () => {
    let store: FileStore;
    beforeEach(() => {
      store = make();
    });

    it('puts, gets, lists and deletes an object; a missing one reads as undefined', async () => {
      const key = newStorageKey();
      await store.put(key, Readable.from([Buffer.from('Hello '), Buffer.from('world')]));
      expect(await text((await store.get(key)) as Readable)).toBe('Hello world');
      expect(await listed(store)).toEqual([key]);
      let object: StoredObject | undefined;
      for await (const one of store.list()) object = one;
      expect(Math.abs(Date.now() - (object?.modifiedAt.getTime() ?? 0))).toBeLessThan(60_000);
      await store.delete(key);
      await store.delete(key);
      expect(await store.get(key)).toBeUndefined();
      expect(await listed(store)).toEqual([]);
    });

    it('stores a 12 MB object streamed in small chunks byte for byte, whatever `size` the stream says', async () => {
      const key = newStorageKey();
      const whole = randomBytes(12 * 1024 * 1024);
      const chunks = function* () {
        for (let at = 0; at < whole.length; at += 64 * 1024) yield whole.subarray(at, at + 64 * 1024);
      };
      // An upload's stream counts its bytes in `size` (FileInspector): 0 when the store starts reading.
      await store.put(key, Object.assign(Readable.from(chunks()), { size: 0 }));
      expect((await buffer((await store.get(key)) as Readable)).equals(whole)).toBe(true);
      await store.delete(key);
    });

    it('keeps nothing of a stream that fails half way, small or past a part', async () => {
      for (const size of [4, 6 * 1024 * 1024]) {
        const key = newStorageKey();
        await expect(store.put(key, failingAfter(Buffer.alloc(size, 'a')))).rejects.toThrow();
        expect(await store.get(key)).toBeUndefined();
      }
      expect(await listed(store)).toEqual([]);
    });

    it('lists every object, however many pages', async () => {
      const keys = Array.from({ length: 5 }, newStorageKey);
      for (const key of keys) await store.put(key, Readable.from([key]));
      expect(await listed(store)).toEqual([...keys].sort());
      for (const key of keys) await store.delete(key);
    });

    it('refuses a key that is not one it made, never touching the path', async () => {
      await expect(store.put('../../x', Readable.from(['x']))).rejects.toThrow('Not a storage key');
      await expect(store.get('../x')).rejects.toThrow('Not a storage key');
      await expect(store.delete('/etc/passwd')).rejects.toThrow('Not a storage key');
    });
  });
}

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-files-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

storeContract('disk', () => diskFileStore(dir));

let s3: Awaited<ReturnType<typeof startS3Server>>;
let bucket: S3Config;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = loadConfig({ ...s3.env, VIVIER_S3_PREFIX: 'vivier/files/' }).s3 as S3Config;
});
afterAll(() => s3?.close());
// Each test its own prefix, as each disk test has its own folder; two objects a page, so listing pages.
let run = 0;
const s3Store = () => s3FileStore({ ...bucket, prefix: `run${++run}/files/` }, { pageSize: 2 });
storeContract('S3', s3Store);

describe('the disk file store', () => {
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
});

describe('the S3 file store', () => {
  it('writes under its prefix and lists only its own keys there', async () => {
    const store = s3FileStore(bucket);
    const key = newStorageKey();
    await store.put(key, Readable.from(['CV']));
    const client = s3ClientFor(bucket);
    const put = (Key: string) => client.send(new PutObjectCommand({ Bucket: bucket.bucket, Key, Body: 'x' }));
    await put(`vivier/files/${key}.txt`);
    await put(newStorageKey());
    expect(await listed(store)).toEqual([key]);
    expect(fs.readdirSync(s3.directory, { recursive: true }).join('\n')).toContain(`vivier/files/${key}`);
  });

  it('fails a request to a bucket that is not there, naming no secret', async () => {
    const store = s3FileStore({ ...bucket, bucket: 'no-such-bucket' });
    const error = await store.put(newStorageKey(), Readable.from(['x'])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(JSON.stringify(error) + String(error)).not.toContain('S3RVER');
  });
});
