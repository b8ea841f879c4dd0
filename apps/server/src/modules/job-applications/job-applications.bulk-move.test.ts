import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../../test/fixtures/job-applications.ts';

// PATCH /api/job_offers/{id}/job_applications: move a whole offer, or one of its statuses, at once.
let t: fixtures.TestApp, org: fixtures.Organisation, other: fixtures.Organisation;
fixtures.withTwoOrganisations((made) => ({ t, org, other } = made));
const { apply, insertOffer, insertPeople, LONG_AGO, statusesOf, updatedAtOf } = fixtures;

const status = (o: fixtures.Organisation, i: number) => {
  const s = o.statuses[i];
  if (!s) throw new Error('no status');
  return s.id;
};

/** An offer of Alice with 6 candidates: 3 in status 0, 2 in status 1, 1 without a status. */
async function pipeline() {
  const L = org.licence.id;
  const offerId = await insertOffer(t, L, org.alice.id, 'Bulk');
  const people = await insertPeople(
    t,
    L,
    Array.from({ length: 6 }, (_, i) => ({ firstName: `Bulk ${i}`, updatedAt: LONG_AGO })),
  );
  const plan = [0, 0, 0, 1, 1, null];
  const applications = await apply(
    t,
    L,
    offerId,
    people.map((candidateId, i) => {
      const index = plan[i];
      return { candidateId, statusId: index == null ? null : status(org, index) };
    }),
  );
  return { offerId, people, applications };
}

const bulk = (offerId: number, payload: object | string, query = '', headers = org.alice.headers) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/job_offers/${offerId}/job_applications${query}`,
    headers,
    payload,
  });

describe('PATCH /api/job_offers/{id}/job_applications', () => {
  it('moves every application of the offer, bumps their candidates, and answers how many moved', async () => {
    const { offerId, people } = await pipeline();
    const untouched = await pipeline();
    const res = await bulk(offerId, { status_id: status(org, 1) });
    expect(res.statusCode).toBe(200);
    // The two already in status 1 stay as they are.
    expect(res.json()).toEqual({ updated: 4 });
    expect([...(await statusesOf(t, offerId)).values()]).toEqual(Array(6).fill(status(org, 1)));
    const bumped = await updatedAtOf(t, org.licence.id, people);
    expect([...bumped.values()].filter((time) => time > LONG_AGO.getTime())).toHaveLength(4);
    expect([...(await statusesOf(t, untouched.offerId)).values()]).toContain(status(org, 0));
  });

  it('moves only the applications of filters[with_status_id]', async () => {
    const { offerId, applications } = await pipeline();
    const res = await bulk(
      offerId,
      { status_id: status(org, 4) },
      `?filters[with_status_id]=${status(org, 0)}`,
    );
    expect(res.json()).toEqual({ updated: 3 });
    const after = await statusesOf(t, offerId);
    expect(applications.map((id) => after.get(id))).toEqual([
      status(org, 4),
      status(org, 4),
      status(org, 4),
      status(org, 1),
      status(org, 1),
      null,
    ]);
    expect(
      (
        await bulk(offerId, { status_id: status(org, 4) }, `?filters[with_status_id]=${status(org, 0)}`)
      ).json(),
    ).toEqual({
      updated: 0,
    });
  });

  it('moves only the job_application_ids of a selection; ids of another offer or licence move nothing', async () => {
    const { offerId, applications } = await pipeline();
    const elsewhere = await pipeline();
    const [a0, , a2, a3] = applications as [number, number, number, number];
    const otherOffer = await insertOffer(t, other.licence.id, other.admin.id, 'Theirs');
    const [theirs] = await apply(t, other.licence.id, otherOffer, [
      {
        candidateId: (await insertPeople(t, other.licence.id, [{ firstName: 'Not mine' }]))[0] as number,
        statusId: null,
      },
    ]);
    const res = await bulk(offerId, {
      status_id: status(org, 3),
      job_application_ids: [a0, a2, a3, elsewhere.applications[0] as number, theirs as number],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated: 3 });
    const after = await statusesOf(t, offerId);
    expect(applications.map((id) => after.get(id))).toEqual([
      status(org, 3),
      status(org, 0),
      status(org, 3),
      status(org, 3),
      status(org, 1),
      null,
    ]);
    expect([...(await statusesOf(t, elsewhere.offerId)).values()]).not.toContain(status(org, 3));
    expect((await statusesOf(t, otherOffer)).get(theirs as number)).toBeNull();
    for (const ids of [[], ['1'], [0], [1.5], Array.from({ length: 501 }, (_, i) => i + 1), 'x']) {
      const refused = await bulk(offerId, { status_id: status(org, 4), job_application_ids: ids });
      expect(refused.statusCode).toBe(400);
    }
    expect(await statusesOf(t, offerId)).toEqual(after);
  });

  it("refuses another licence's status, in the body or the filter, with 422 and moves nothing", async () => {
    const { offerId, people } = await pipeline();
    const before = await statusesOf(t, offerId);
    for (const [payload, query] of [
      [{ status_id: status(other, 1) }, ''],
      [{ status_id: status(org, 1) }, `?filters[with_status_id]=${status(other, 0)}`],
      [{ status_id: 999_999 }, ''],
    ] as const) {
      const res = await bulk(offerId, payload, query);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: 'invalid_reference', message: 'Status not found' });
    }
    expect(await statusesOf(t, offerId)).toEqual(before);
    expect([...(await updatedAtOf(t, org.licence.id, people)).values()]).toEqual(
      Array(6).fill(LONG_AGO.getTime()),
    );
    for (const payload of [{}, { status_id: 'x' }, { status_id: null }]) {
      expect((await bulk(offerId, payload)).statusCode).toBe(400);
    }
    expect(
      (await bulk(offerId, { status_id: status(org, 1) }, '?filters[with_status_id]=x')).statusCode,
    ).toBe(400);
  });

  it('does nothing half: a failure on one row leaves every application and candidate as it was', async () => {
    const { offerId, people, applications } = await pipeline();
    const before = await statusesOf(t, offerId);
    const last = applications[4];
    // A database rule that refuses the fifth row mid-statement, as a failing disk or a killed connection would.
    await t.db.execute(
      sql.raw(`create function refuse_fifth() returns trigger language plpgsql as $$
        begin
          if new.id = ${last} then raise exception 'refused'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger refuse_fifth before update on job_applications for each row execute function refuse_fifth()',
      ),
    );
    try {
      const res = await bulk(offerId, { status_id: status(org, 4) });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger refuse_fifth on job_applications'));
      await t.db.execute(sql.raw('drop function refuse_fifth()'));
    }
    expect(await statusesOf(t, offerId)).toEqual(before);
    expect([...(await updatedAtOf(t, org.licence.id, people)).values()]).toEqual(
      Array(6).fill(LONG_AGO.getTime()),
    );
  });

  it('follows the offer rules: 403 for a user who may not change it, 404 across licences', async () => {
    const { offerId } = await pipeline();
    const before = await statusesOf(t, offerId);
    expect((await bulk(offerId, { status_id: status(org, 2) }, '', org.bob.headers)).statusCode).toBe(403);
    expect((await bulk(offerId, { status_id: status(other, 2) }, '', other.admin.headers)).statusCode).toBe(
      404,
    );
    expect((await bulk(999_999, { status_id: status(org, 2) })).statusCode).toBe(404);
    expect(await statusesOf(t, offerId)).toEqual(before);
    expect((await bulk(offerId, { status_id: status(org, 2) }, '', org.admin.headers)).json()).toEqual({
      updated: 6,
    });
  });
});
