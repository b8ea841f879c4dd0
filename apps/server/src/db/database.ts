import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.ts';
import { PgliteWorkerClient } from './pglite-client.ts';
import { pgdataDir } from './pglite-settings.ts';
import { readsOnConnectionsWithSettings, takesSettingsPerStatement } from './planner-settings.ts';
import * as schema from './schema/index.ts';
import { settingsPools } from './settings-pools.ts';
import { retryTransactions } from './transaction-retry.ts';

/**
 * The one door to the database. Everything else receives a `Db` (a Drizzle handle, or a transaction, which
 * has the same shape) and never learns which engine is behind it, so the embedded PGlite can move into a
 * worker thread later without touching callers (DESIGN section 2).
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Resolves when a trivial query succeeds; rejects otherwise (the health check). */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: a tarball of the whole data directory (tests restore it; `backup` writes it). */
  dump?(): Promise<Blob>;
};

const migrationsFolder = path.join(import.meta.dirname, '../../drizzle');

export type PgliteOptions = { dataDir?: string; snapshot?: Blob; migrate?: boolean };

/**
 * Opens the embedded database. With `dataDir` it persists there and holds a lock file that refuses a second
 * process; without it, it lives in memory (tests), optionally restored from a snapshot.
 */
export async function openPglite(options: PgliteOptions = {}): Promise<Database> {
  let lock: DataDirLock | undefined;
  if (options.dataDir) lock = await acquireDataDirLock(options.dataDir);
  try {
    // PGlite runs on a thread of its own (pglite-worker.ts) so its queries never stall the server's.
    const client = await PgliteWorkerClient.open({
      ...(options.dataDir ? { dataDir: pgdataDir(options.dataDir) } : {}),
      ...(options.snapshot ? { snapshot: await options.snapshot.arrayBuffer() } : {}),
    });
    // Drizzle's PGlite driver needs only `query` and `transaction` of its client, which the worker's end has.
    // One operation at a time on PGlite, so no deadlock; the same helper keeps both engines alike.
    const db = retryTransactions(
      drizzlePglite({ client: client as unknown as PGlite, schema }) as unknown as Db,
    );
    // The engine sets a read's planner settings with its statement (planner-settings.ts, decision 239).
    takesSettingsPerStatement(db);
    if (options.migrate !== false) {
      try {
        await migratePglite(drizzlePglite({ client: client as unknown as PGlite, schema }), {
          migrationsFolder,
        });
      } catch (error) {
        await client.close();
        throw error;
      }
    }
    let closed = false;
    return {
      kind: 'pglite',
      db,
      ping: async () => {
        await client.query('select 1');
      },
      close: async () => {
        if (closed) return;
        closed = true;
        await client.close();
        await lock?.release();
      },
      dump: () => client.dump(),
    };
  } catch (error) {
    await lock?.release();
    throw error;
  }
}

/** Opens a PostgreSQL server (15 or later) and applies pending migrations under an advisory lock. */
export async function openPostgres(
  url: string,
  options: { migrate?: boolean; max?: number } = {},
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, connectionTimeoutMillis: 5000 });
  // An idle client that errors (server restart) must not crash the process; the next query reconnects.
  pool.on('error', () => {});
  const db = drizzleNodePg(pool, { schema });
  if (options.migrate !== false) {
    const client = await pool.connect();
    try {
      // Several instances may start at once: one migrates, the others wait for it.
      await client.query('select pg_advisory_lock(7266421)');
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(7266421)').catch(() => {});
      client.release();
    }
  }
  // The health check's own connection: behind a full pool it would wait for the requests it reports on, and
  // a load balancer would take a busy but healthy instance out (issue 29: 525–659 ms p99 at 50 clients).
  const healthPool = new pg.Pool({ connectionString: url, max: 1, connectionTimeoutMillis: 5000 });
  healthPool.on('error', () => {});
  // A read's planner settings come with the connections it runs on, not a transaction (decision 248): a few
  // more connections, each pool half the main one's size, opened when a read first asks for its settings.
  const withSettings = settingsPools(url, Math.max(1, Math.ceil((options.max ?? 10) / 2)));
  // A transaction PostgreSQL rolls back to break a deadlock runs again (transaction-retry.ts).
  const retried = retryTransactions(db as unknown as Db);
  readsOnConnectionsWithSettings(retried, withSettings.with);
  let closed = false;
  return {
    kind: 'postgres',
    db: retried,
    ping: async () => {
      await healthPool.query('select 1');
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), healthPool.end(), withSettings.end()]);
    },
  };
}

/** Opens what the configuration names: PostgreSQL with a URL, else PGlite in the data directory. */
export function openDatabase(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite({ dataDir: config.dataDir });
}
