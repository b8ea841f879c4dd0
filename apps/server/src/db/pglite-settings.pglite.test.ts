import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { temporaryDirs } from '../test/temporary-dirs.ts';
import { openPglite } from './database.ts';
import { createEmbeddedCluster } from './pglite-cluster.ts';
import { databaseBytes, pgdataDir, sharedBuffersMb } from './pglite-settings.ts';
import { rawRows } from './raw-rows.ts';

const MB = 2 ** 20;
const newDir = temporaryDirs('buffers');

/** The shared buffers the server's embedded engine started with. */
async function serverBuffers(dataDir: string) {
  const database = await openPglite({ dataDir, migrate: false });
  try {
    const [row] = await rawRows<{ shared_buffers: string }>(database.db, sql`show shared_buffers`);
    return row?.shared_buffers;
  } finally {
    await database.close();
  }
}

describe("the embedded engine's shared buffers follow its data (decision 237)", () => {
  it('keeps 32 MB up to 256 MB of data, one for every eight above it, and no more than 64 MB', () => {
    expect(sharedBuffersMb(0)).toBe(32);
    expect(sharedBuffersMb(256 * MB)).toBe(32);
    expect(sharedBuffersMb(400 * MB)).toBe(50);
    expect(sharedBuffersMb(551 * MB)).toBe(64);
    expect(sharedBuffersMb(10_000 * MB)).toBe(64);
  });

  it("measures the files of the cluster's databases, and nothing for a new directory", () => {
    const pgdata = newDir();
    expect(databaseBytes(pgdata)).toBe(0);
    fs.mkdirSync(path.join(pgdata, 'base', '1'), { recursive: true });
    fs.mkdirSync(path.join(pgdata, 'base', '5'), { recursive: true });
    fs.writeFileSync(path.join(pgdata, 'base', '1', '1259'), Buffer.alloc(8192));
    fs.writeFileSync(path.join(pgdata, 'base', '5', '16384'), Buffer.alloc(3 * 8192));
    // Outside `base` (the write-ahead log, settings) does not count.
    fs.writeFileSync(path.join(pgdata, 'postgresql.conf'), Buffer.alloc(4096));
    expect(databaseBytes(pgdata)).toBe(4 * 8192);
  });

  it('starts the server with the least for a new database and more for a large one', async () => {
    const dataDir = newDir();
    await createEmbeddedCluster(dataDir);
    expect(await serverBuffers(dataDir)).toBe('32MB');
    // 600 MB of data without writing them: a sparse file of that size, which PostgreSQL never opens (a name that
    // is not a database's number).
    const sparse = path.join(pgdataDir(dataDir), 'base', 'sizing-test');
    fs.writeFileSync(sparse, '');
    fs.truncateSync(sparse, 600 * MB);
    expect(await serverBuffers(dataDir)).toBe('64MB');
  }, 120_000);
});
