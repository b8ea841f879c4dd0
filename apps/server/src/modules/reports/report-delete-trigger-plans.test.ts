import { inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database.ts';
import { candidates } from '../../db/schema/index.ts';
import type { Caller } from '../../http/caller.ts';
import { insertOffer } from '../../test/fixtures/job-applications.ts';
import { insertCandidates } from '../../test/fixtures/organisation.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { reportAggregateMismatches } from '../../test/report-aggregates.ts';
import { rowsRead as readByTests } from '../../test/rows-read.ts';
import { bulkCreateApplications } from '../job-applications/bulk-create.service.ts';

// Decision 267: the triggers that run when facts go (a candidate deleted or erased) kept each connection's first
// plans, as the triggers that write them did (decision 265). This file has its own database: its first plans must
// be made on near-empty tables, which another test's rows would fill.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const WATCHED = ['report_stays', 'report_stage_entries', 'report_applications'] as const;
const rowsRead = (tx: Db) => readByTests(tx, WATCHED);

describe("the reports' triggers when facts go, planned on small tables (decision 267)", () => {
  it('read the rows of the candidates deleted, not the whole tables', async () => {
    const { licence, admin, statuses } = await t.licence();
    const caller: Caller = {
      userId: admin.id,
      licenceId: licence.id,
      role: 'admin',
      level: 'manager',
      email: admin.email,
    };
    const statusId = statuses[0]?.id ?? 0;
    const first = await insertOffer(t, licence.id, admin.id, 'Planned small');
    const second = await insertOffer(t, licence.id, admin.id, 'Filled');
    const people = await insertCandidates(t, licence.id, 1200);
    await t.db.execute(sql`analyze report_stays, report_stage_entries, report_applications, report_facts`);
    const gone = people.slice(200, 400);

    const reads = await t.db.transaction(async (tx) => {
      // One connection throughout: the delete triggers are planned here, on near-empty tables, and kept.
      await bulkCreateApplications(tx, caller, {
        jobOfferId: first,
        statusId,
        candidateIds: people.slice(0, 2),
      });
      await tx.delete(candidates).where(inArray(candidates.id, people.slice(0, 1)));
      await bulkCreateApplications(tx, caller, {
        jobOfferId: second,
        statusId,
        candidateIds: people.slice(2),
      });
      const before = await rowsRead(tx);
      await tx.delete(candidates).where(inArray(candidates.id, gone));
      const after = await rowsRead(tx);
      return Object.fromEntries(WATCHED.map((name) => [name, (after[name] ?? 0) - (before[name] ?? 0)]));
    });
    // Each table holds 1,199 rows, 200 of them the deleted candidates' (one application each): planned on the
    // near-empty tables the triggers read all 1,199 of each (a pass over the table per statement, whatever was
    // deleted); planned when they run, the 200.
    for (const name of WATCHED) expect(reads[name], name).toBeLessThanOrEqual(2 * gone.length);
    expect(await reportAggregateMismatches(t.db)).toEqual([]);
  });
});
