import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { temporaryDirs } from '../test/temporary-dirs.ts';
import { DataDirLockedError } from './data-dir-lock.ts';
import { openPglite } from './database.ts';
import { createEmbeddedCluster } from './pglite-cluster.ts';
import { rawRows } from './raw-rows.ts';

const newDataDir = temporaryDirs('cluster');

describe("a new embedded database's cluster, created by a process of its own (decision 226)", () => {
  it('creates it once, releases the lock, and the server opens what it made', async () => {
    const dataDir = newDataDir();
    expect(await createEmbeddedCluster(dataDir)).toBe('created');
    expect(fs.existsSync(path.join(dataDir, 'pgdata', 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'vivier.lock'))).toBe(false);
    expect(await createEmbeddedCluster(dataDir)).toBe('existing');
    // initdb's PostgreSQL ran with the least shared buffers, not its own 128 MB (decision 241).
    const conf = fs.readFileSync(path.join(dataDir, 'pgdata', 'postgresql.conf'), 'utf8');
    expect(conf).toMatch(/^shared_buffers = 32MB\b/m);

    const database = await openPglite({ dataDir, migrate: false });
    try {
      const rows = await rawRows<{ datname: string }>(database.db, sql`select datname from pg_database`);
      expect(rows.map((row) => row.datname)).toContain('postgres');
    } finally {
      await database.close();
    }
  });

  it('leaves a data directory another live process holds alone', async () => {
    const dataDir = newDataDir();
    const other = spawn('sleep', ['30']);
    try {
      fs.writeFileSync(path.join(dataDir, 'vivier.lock'), `${other.pid}\n`);
      await expect(createEmbeddedCluster(dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
      expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(false);
    } finally {
      other.kill();
    }
  });

  it("says why when initdb fails, with the process's own message, and releases the lock", async () => {
    const dataDir = newDataDir();
    // A file where the cluster's directory goes: the process cannot create it.
    fs.writeFileSync(path.join(dataDir, 'pgdata'), 'not a directory');
    await expect(createEmbeddedCluster(dataDir)).rejects.toThrow(
      /The embedded database could not be created in .*pgdata \(initdb exit 1\):\n.*EEXIST: file already exists, mkdir/s,
    );
    expect(fs.existsSync(path.join(dataDir, 'vivier.lock'))).toBe(false);
  });
});
