import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import type { Caller } from '../../http/caller.ts';
import { insertOffer } from '../../test/fixtures/job-applications.ts';
import { insertCandidates } from '../../test/fixtures/organisation.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { bulkCreateApplications } from '../job-applications/bulk-create.service.ts';

// Decision 265: the reports' statement triggers kept their plans for the connection's life. Planned while
// report_stays and report_stage_entries were empty, a scan of those tables (sequential, or an index on the offer
// alone) was paid once per row a statement wrote. Planned when they run, they read those tables by their keys.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WATCHED = ['report_stays', 'report_stage_entries', 'report_applications'] as const;

/** Rows this transaction has read from the watched tables so far, by sequential scans and through indexes. */
async function rowsRead(tx: Db) {
  const rows = await rawRows<{ relname: string; read: number }>(
    tx,
    sql`select relname, (seq_tup_read + coalesce(idx_tup_fetch, 0))::int as read from pg_stat_xact_user_tables
        where relname in (${sql.join(
          WATCHED.map((name) => sql`${name}`),
          sql`, `,
        )})`,
  );
  return Object.fromEntries(
    WATCHED.map((name) => [name, rows.find((row) => row.relname === name)?.read ?? 0]),
  );
}

/** The rows each watched table holds. */
async function rowsHeld(tx: Db) {
  const [row] = await rawRows<Record<(typeof WATCHED)[number], number>>(
    tx,
    sql`select (select count(*)::int from report_stays) as report_stays,
          (select count(*)::int from report_stage_entries) as report_stage_entries,
          (select count(*)::int from report_applications) as report_applications`,
  );
  if (!row) throw new Error('no counts');
  return row;
}

describe("the reports' triggers, planned on empty tables (decision 265)", () => {
  it('read the stays, entries and applications of the rows they write, not the rows already there', async () => {
    const { licence, admin, statuses } = await t.licence();
    const caller: Caller = {
      userId: admin.id,
      licenceId: licence.id,
      role: 'admin',
      level: 'manager',
      email: admin.email,
    };
    const statusId = statuses[0]?.id ?? 0;
    const offers = [];
    for (const name of ['Planned empty', 'Filled', 'Measured']) {
      offers.push(await insertOffer(t, licence.id, admin.id, name));
    }
    const [first, second, third] = offers as [number, number, number];
    const people = await insertCandidates(t, licence.id, 420);
    // The statistics say the reports' tables are empty, as on a new database.
    await t.db.execute(sql`analyze report_stays, report_stage_entries, report_applications, report_facts`);

    const reads = await t.db.transaction(async (tx) => {
      // One connection throughout: the triggers are planned here, on near-empty tables, and kept.
      await bulkCreateApplications(tx, caller, {
        jobOfferId: first,
        statusId,
        candidateIds: people.slice(0, 10),
      });
      await bulkCreateApplications(tx, caller, {
        jobOfferId: second,
        statusId,
        candidateIds: people.slice(10, 420),
      });
      const held = await rowsHeld(tx);
      const before = await rowsRead(tx);
      const added = await bulkCreateApplications(tx, caller, {
        jobOfferId: third,
        statusId,
        candidateIds: people.slice(0, 200),
      });
      expect(added.created).toBe(200);
      const after = await rowsRead(tx);
      return {
        held,
        read: Object.fromEntries(WATCHED.map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)])),
      };
    });
    // Three of the triggers' statements at most read each table: each may pass once over what it holds (a hash
    // join, the planner's choice at this size) and read the 200 applications' own rows, never pass once per
    // application, as plans kept from the empty tables did (84,420 stays and 124,000 entries read).
    for (const name of WATCHED) {
      expect(reads.read[name], name).toBeLessThanOrEqual(3 * (reads.held[name] + 200));
    }
  });
});
