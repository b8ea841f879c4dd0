import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import { statuses } from '../../db/schema/index.ts';
import type { Caller } from '../../http/caller.ts';
import { apply, insertOffer, insertPeople } from '../../test/fixtures/job-applications.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { listOfferApplications } from './job-applications.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const callerOf = (user: { id: number; licenceId: number; email: string }): Caller => ({
  userId: user.id,
  licenceId: user.licenceId,
  role: 'admin',
  level: 'manager',
  email: user.email,
});

it("pages an offer's applications with named statements PostgreSQL plans once (decision 249)", async () => {
  const { licence, admin } = await t.licence();
  const other = await t.licence();
  const [first, second] = await t.db
    .select({ id: statuses.id })
    .from(statuses)
    .where(eq(statuses.licenceId, licence.id))
    .orderBy(statuses.id);
  if (!first || !second) throw new Error('no statuses');
  const people = await insertPeople(
    t,
    licence.id,
    Array.from({ length: 5 }, (_, i) => ({
      firstName: `Person ${i}`,
      updatedAt: new Date(Date.UTC(2026, 0, 1, i)),
    })),
  );
  const offerId = await insertOffer(t, licence.id, admin.id, 'Named');
  await apply(
    t,
    licence.id,
    offerId,
    people.map((candidateId, i) => ({ candidateId, statusId: i < 3 ? first.id : second.id })),
  );
  const caller = callerOf({ ...admin, licenceId: licence.id });
  const stranger = callerOf({ ...other.admin, licenceId: other.licence.id });
  const window = { limit: 2, offset: 0 };
  const seen = await t.db.transaction(async (tx) => {
    const pages = [];
    // More executions than PostgreSQL's five custom plans, so it weighs the generic one.
    for (let offset = 0; offset < 8; offset++) {
      pages.push(await listOfferApplications(tx, caller, offerId, {}, { limit: 2, offset: offset % 3 }));
    }
    const inStatus = await listOfferApplications(tx, caller, offerId, { statusId: second.id }, window);
    // Another licence's caller with the same offer id: the same statement, and nothing.
    const elsewhere = await listOfferApplications(tx, stranger, offerId, {}, window);
    // A search is sent as it is: no third name.
    const searched = await listOfferApplications(tx, caller, offerId, { search: 'person 4' }, window);
    const prepared = await rawRows<{ name: string; generic_plans: number }>(
      tx,
      sql`select name, generic_plans::int from pg_prepared_statements where name like 'offer_applications%' order by name`,
    );
    return { pages, inStatus, elsewhere, searched, prepared };
  });
  const summary = (page: { rows: { candidateId: number }[]; total: number }) => ({
    ids: page.rows.map((row) => row.candidateId),
    total: page.total,
  });
  // The most recently changed candidate first: the newest inserted (candidateSortKey orders by id).
  const newest = [...people].reverse();
  expect(seen.pages.slice(0, 3).map(summary)).toEqual([
    { ids: newest.slice(0, 2), total: 5 },
    { ids: newest.slice(1, 3), total: 5 },
    { ids: newest.slice(2, 4), total: 5 },
  ]);
  expect(summary(seen.inStatus)).toEqual({ ids: newest.slice(0, 2), total: 2 });
  expect(summary(seen.elsewhere)).toEqual({ ids: [], total: 0 });
  expect(summary(seen.searched)).toEqual({ ids: [people[4]], total: 1 });
  expect(seen.prepared.map((row) => row.name)).toEqual([
    'offer_applications',
    'offer_applications_in_status',
  ]);
  // The point of naming it: after the custom plans, PostgreSQL keeps one generic plan and stops planning.
  expect(seen.prepared[0]?.generic_plans).toBeGreaterThan(0);
});
