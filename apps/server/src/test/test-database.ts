import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/database.ts';

const migrationsDir = path.join(import.meta.dirname, '../../drizzle');
const cacheDir = path.join(import.meta.dirname, '../../../../node_modules/.cache/vivier-test');

/** Changes whenever a migration changes, so a stale snapshot or template is never reused. */
function migrationsHash() {
  const hash = createHash('sha256');
  for (const file of fs
    .readdirSync(migrationsDir)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(fs.readFileSync(path.join(migrationsDir, file)));
  }
  return hash.digest('hex').slice(0, 12);
}

/** Which engine the API tests run on: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const testDatabaseKind = (): 'pglite' | 'postgres' =>
  process.env.VIVIER_TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/** A migrated PGlite opens in ~5 s but a snapshot of one restores in under 1 s (DESIGN section 2). */
export async function pgliteSnapshot(): Promise<Blob> {
  const file = path.join(cacheDir, `pglite-${migrationsHash()}.tar`);
  if (!fs.existsSync(file)) {
    const fresh = await openPglite({});
    const dump = fresh.dump ? await fresh.dump() : undefined;
    await fresh.close();
    if (!dump) throw new Error('PGlite did not dump');
    fs.mkdirSync(cacheDir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(tmp, file);
  }
  return new Blob([fs.readFileSync(file)]);
}

/** A fresh PostgreSQL database per test file, cloned from a migrated template (fast, and files never share). */
async function postgresDatabase(via: (url: string) => string = (url) => url): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('VIVIER_TEST_DB=postgres needs TEST_DATABASE_URL');
  const template = `vivier_template_${migrationsHash()}`;
  const name = `vivier_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(7266422)');
    const exists = await admin.query('select 1 from pg_database where datname = $1', [template]);
    if (exists.rowCount === 0) {
      await admin.query(`create database "${template}"`);
      const migrated = await openPostgres(withDatabase(url, template), { max: 1 });
      await migrated.close();
    }
    await admin.query(`create database "${name}" template "${template}"`);
    await admin.query('select pg_advisory_unlock(7266422)');
  } finally {
    await admin.end();
  }
  const database = await openPostgres(via(withDatabase(url, name)), { migrate: false, max: 4 });
  return {
    ...database,
    close: async () => {
      await database.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}

function withDatabase(url: string, database: string) {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * An empty, migrated database of the kind under test. `via` rewrites the PostgreSQL URL the app connects with
 * (the fault tests put a proxy they can cut between the app and the server).
 */
export async function openTestDatabase(options: { via?: (url: string) => string } = {}): Promise<Database> {
  if (testDatabaseKind() === 'postgres') return postgresDatabase(options.via);
  return openPglite({ snapshot: await pgliteSnapshot(), migrate: false });
}
