import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawRows } from '../../db/raw-rows.ts';
import type { Caller } from '../../http/caller.ts';
import { insertOffer } from '../../test/fixtures/job-applications.ts';
import { setSetting } from '../../test/fixtures/organisation.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { findJobOfferAccess, listJobOffers } from './job-offers.queries.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("reads the job offers index and an offer's access with named statements, one per shape (decision 249)", async () => {
  const { licence, admin } = await t.licence();
  const other = await t.licence();
  const user = await t.user(licence.id, 'opaque.user@org.test');
  await setSetting(t, licence.id, 'transparency', 'opaque');
  const admins = await insertOffer(t, licence.id, admin.id, "The admin's");
  const users = await insertOffer(t, licence.id, user.id, "The user's");
  const as = (who: { id: number; email: string }, role: Caller['role'], licenceId = licence.id): Caller => ({
    userId: who.id,
    licenceId,
    role,
    level: 'manager',
    email: who.email,
  });
  const window = { limit: 10, offset: 0 };
  const seen = await t.db.transaction(async (tx) => {
    const ids = async (caller: Caller, filters = {}) =>
      (await listJobOffers(tx, caller, filters, window)).rows.map((row) => row.id);
    const result = {
      adminSees: await ids(as(admin, 'admin')),
      userSees: await ids(as(user, 'user')),
      adminOwns: await ids(as(admin, 'admin'), { ownedByMe: true }),
      archived: await ids(as(admin, 'admin'), { archived: true }),
      // Another licence's admin, the same statement: nothing.
      strangerSees: await ids(as(other.admin, 'admin', other.licence.id)),
      userOpens: {
        own: (await findJobOfferAccess(tx, as(user, 'user'), users))?.id,
        admins: (await findJobOfferAccess(tx, as(user, 'user'), admins))?.id,
      },
      adminOpens: (await findJobOfferAccess(tx, as(admin, 'admin'), users))?.id,
      strangerOpens: (await findJobOfferAccess(tx, as(other.admin, 'admin', other.licence.id), users))?.id,
    };
    const prepared = await rawRows<{ name: string }>(
      tx,
      sql`select name from pg_prepared_statements where name like 'job_offer%' order by name`,
    );
    return { ...result, prepared: prepared.map((row) => row.name) };
  });
  expect(seen).toEqual({
    adminSees: [users, admins],
    userSees: [users],
    adminOwns: [admins],
    archived: [],
    strangerSees: [],
    userOpens: { own: users, admins: undefined },
    adminOpens: users,
    strangerOpens: undefined,
    prepared: [
      'job_offer_access',
      'job_offer_access_visible',
      'job_offers_all_any',
      'job_offers_all_any_mine',
      'job_offers_all_archived',
      'job_offers_visible_any',
    ],
  });
});
