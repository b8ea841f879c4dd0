import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportAggregateMismatches } from '../test/report-aggregates.ts';
import type { Db } from './database.ts';

/**
 * Migrations that change data, not only the schema: a database migrated up to the one before, given the rows a
 * deployment would hold, then migrated to the end, as an upgrade runs them.
 */
const drizzleDir = path.join(import.meta.dirname, '../../drizzle');
const url = process.env.TEST_DATABASE_URL ?? '';
const name = `vivier_upgrade_${randomBytes(6).toString('hex')}`;
const withDatabase = (database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/** A copy of the migrations folder holding those before `tag` only (the journal cut there). */
function migrationsBefore(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-migrations-'));
  const journal = JSON.parse(fs.readFileSync(path.join(drizzleDir, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag}`);
  const kept = journal.entries.slice(0, index);
  fs.mkdirSync(path.join(dir, 'meta'));
  fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: kept }));
  for (const entry of kept)
    fs.copyFileSync(path.join(drizzleDir, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  return dir;
}

let pool: pg.Pool;
beforeAll(async () => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  pool = new pg.Pool({ connectionString: withDatabase(name), max: 1 });
  // `pool.end()` resolves once its client is told to end, not once the connection has closed: the drop below
  // (`with (force)`) can end that backend first, and the closing client's FATAL 57P01 reaches the pool as an
  // idle client's error. Unheard, it was an uncaught exception that failed a clean-clone run whose every test
  // had passed. The server's own pools listen the same way (db/database.ts).
  pool.on('error', () => {});
});
afterAll(async () => {
  await pool?.end();
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
});

describe('an upgrade across the data migrations', () => {
  let before = 0;
  let chose = 0;

  it('0019 keeps Gravatar for the licences that existed, as they had it; a setting already there stays', async () => {
    const db = drizzle(pool);
    await migrate(db, { migrationsFolder: migrationsBefore('0019_avatar_service') });
    const { rows } = await pool.query<{ id: number }>(
      `insert into licences (name, plan_type) values ('Before', 'demo'), ('Chose', 'demo') returning id`,
    );
    [before = 0, chose = 0] = rows.map((row) => row.id);
    await pool.query(
      `insert into settings (licence_id, name, value, type) values ($1, 'avatar_service', 'off', 'string')`,
      [chose],
    );
    await migrate(db, { migrationsFolder: migrationsBefore('0023_retention') });
    const settings = await pool.query<{ licence_id: number; value: string }>(
      `select licence_id, value from settings where name = 'avatar_service' order by licence_id`,
    );
    expect(settings.rows).toEqual([
      { licence_id: before, value: 'gravatar' },
      { licence_id: chose, value: 'off' },
    ]);
  });

  it('0023 holds by consent those who consented, since then, the others by legitimate interest; retention off', async () => {
    const { rows } = await pool.query<{ id: number }>(
      `insert into candidates (licence_id, first_name, created_at)
       values ($1, 'Applied', '2026-01-01T00:00:00Z'), ($1, 'Sourced', '2026-02-01T00:00:00Z') returning id`,
      [before],
    );
    const [applied, sourced] = rows.map((row) => row.id);
    await pool.query(
      `insert into candidate_consents (licence_id, candidate_id, text, address, created_at)
       values ($1, $2, 'I agree', '192.0.2.1', '2026-03-01T00:00:00Z'),
              ($1, $2, 'I agree again', '192.0.2.1', '2026-04-01T00:00:00Z')`,
      [before, applied],
    );
    await migrate(drizzle(pool), { migrationsFolder: migrationsBefore('0038_report_application_reach') });
    const held = await pool.query<{ id: number; legal_basis: string; at: string; legal_basis_by: null }>(
      `select id, legal_basis, to_char(legal_basis_at at time zone 'UTC', 'YYYY-MM-DD') as at, legal_basis_by from candidates
       where licence_id = $1 order by id`,
      [before],
    );
    expect(held.rows).toEqual([
      { id: applied, legal_basis: 'consent', at: '2026-04-01', legal_basis_by: null },
      { id: sourced, legal_basis: 'legitimate_interest', at: '2026-02-01', legal_basis_by: null },
    ]);
    const retention = await pool.query<{ licence_id: number; name: string; value: string }>(
      `select licence_id, name, value from settings where name like 'retention_%' order by licence_id, name`,
    );
    expect(retention.rows).toEqual([
      { licence_id: before, name: 'retention_action', value: 'erase' },
      { licence_id: before, name: 'retention_months', value: 'off' },
      { licence_id: chose, name: 'retention_action', value: 'erase' },
      { licence_id: chose, name: 'retention_months', value: 'off' },
    ]);
  });

  it('0038, 0039 and 0041 give each application the statuses it reached, its rejection, its stays and its entries their creation, as the triggers keep them', async () => {
    const candidate = await pool.query<{ id: number }>(
      `insert into candidates (licence_id, first_name) values ($1, 'Moved') returning id`,
      [before],
    );
    const offer = await pool.query<{ id: number }>(
      `insert into job_offers (licence_id, name) values ($1, 'Upgraded') returning id`,
      [before],
    );
    const [c, o] = [candidate.rows[0]?.id, offer.rows[0]?.id];
    const event = (kind: string, data: object, at: string) =>
      pool.query(
        `insert into candidate_events (licence_id, candidate_id, job_offer_id, kind, data, created_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [before, c, o, kind, JSON.stringify(data), at],
      );
    await event('application_created', { status: { id: 11 } }, '2026-03-01T10:00:00Z');
    await event('status_changed', { from: { id: 11 }, to: { id: 13 } }, '2026-03-02T10:00:00Z');
    await event(
      'status_changed',
      { from: { id: 13 }, to: { id: 12 }, reason_text: 'No' },
      '2026-03-03T10:00:00Z',
    );
    await migrate(drizzle(pool), { migrationsFolder: drizzleDir });
    const reach = await pool.query(
      `select reached, rejected from report_applications where candidate_id = $1 and job_offer_id = $2`,
      [c, o],
    );
    expect(reach.rows).toEqual([{ reached: [11, 12, 13], rejected: true }]);
    const rejection = await pool.query(
      `select entered_at from report_stage_entries where candidate_id = $1 and status_key = -2`,
      [c],
    );
    expect(rejection.rows).toEqual([{ entered_at: new Date('2026-03-03T10:00:00Z') }]);
    // 0039: each fact and the stay it ended (decision 222).
    const stays = await pool.query(
      `select status_id, stay_status_id, stay_began_at, at from report_stays where candidate_id = $1 order by at`,
      [c],
    );
    const day = (d: number) => new Date(`2026-03-0${d}T10:00:00Z`);
    expect(stays.rows).toEqual([
      { status_id: 11, stay_status_id: null, stay_began_at: null, at: day(1) },
      { status_id: 13, stay_status_id: 11, stay_began_at: day(1), at: day(2) },
      { status_id: 12, stay_status_id: 13, stay_began_at: day(2), at: day(3) },
    ]);
    // 0041: every entry carries the application's creation (decision 223).
    const entries = await pool.query(
      `select status_key, applied_at from report_stage_entries where candidate_id = $1 order by status_key`,
      [c],
    );
    expect(entries.rows).toEqual([-2, 11, 12, 13].map((status_key) => ({ status_key, applied_at: day(1) })));
    expect(await reportAggregateMismatches(drizzle(pool) as unknown as Db)).toEqual([]);
  });
});
