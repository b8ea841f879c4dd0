import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { jobApplications, jobOffers } from '../../db/schema/index.ts';
import * as fixtures from '../../test/fixtures/job-applications.ts';
import { countMismatches } from '../../test/job-offer-counts.ts';

// The counts of an offer's applications per status are kept by triggers (issue 29, decision 206): after every
// kind of change the index shows what a recount says, and nothing else has to remember to update them.
let t: fixtures.TestApp, org: fixtures.Organisation, other: fixtures.Organisation;
fixtures.withTwoOrganisations((made) => ({ t, org, other } = made));
const { apply, insertOffer, insertPeople } = fixtures;

const status = (o: fixtures.Organisation, i: number) => {
  const s = o.statuses[i];
  if (!s) throw new Error('no status');
  return s.id;
};

/** What the job offers index says of an offer: `{statusName: count}` and the total. */
async function indexSays(offerId: number, headers = org.alice.headers) {
  const res = await t.app.inject({ url: `/api/job_offers?per_page=100`, headers });
  expect(res.statusCode).toBe(200);
  const offer = res.json().data.find((o: { id: number }) => o.id === offerId);
  return offer;
}

/** An offer of Alice with `plan.length` candidates, each in the status of that index (null: none). */
async function pipeline(plan: (number | null)[], name = 'Counted') {
  const L = org.licence.id;
  const offerId = await insertOffer(t, L, org.alice.id, name);
  const people = await insertPeople(
    t,
    L,
    plan.map((_, i) => ({ firstName: `Counted ${i}`, lastName: 'Person' })),
  );
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

beforeEach(async () => {
  expect(await countMismatches(t.db)).toEqual([]);
});

describe('the kept counts of applications per offer and status', () => {
  it('follow inserts, single moves, bulk moves, copies and deletions through the API', async () => {
    const { offerId, applications } = await pipeline([0, 0, 0, 1, 1, null]);
    const before = await indexSays(offerId);
    expect(before).toBeDefined();

    const [first, second] = applications;
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/job_applications/${first}`,
      headers: org.alice.headers,
      payload: { status_id: status(org, 2) },
    });
    expect(moved.statusCode).toBe(200);
    expect(await countMismatches(t.db)).toEqual([]);

    const bulk = await t.app.inject({
      method: 'PATCH',
      url: `/api/job_offers/${offerId}/job_applications?filters[with_status_id]=${status(org, 1)}`,
      headers: org.alice.headers,
      payload: { status_id: status(org, 0) },
    });
    expect(bulk.json()).toEqual({ updated: 2 });
    expect(await countMismatches(t.db)).toEqual([]);

    const destination = await insertOffer(t, org.licence.id, org.alice.id, 'Copied into');
    const copied = await t.app.inject({
      method: 'POST',
      url: `/api/job_offers/${offerId}/copy`,
      headers: org.alice.headers,
      payload: { from_status: [status(org, 0)], dest: { id: destination } },
    });
    expect(copied.statusCode).toBe(200);
    expect(await countMismatches(t.db)).toEqual([]);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_applications/${second}`,
      headers: org.alice.headers,
    });
    expect(removed.statusCode).toBe(204);
    expect(await countMismatches(t.db)).toEqual([]);

    // What the index shows is the recount: of 6 applications one was deleted; after the moves, 3 are in the
    // first status (1 left, 2 moved in), none in the second, 1 in the third, 1 without a status.
    const after = await indexSays(offerId);
    expect(after.candidates_count).toBe(5);
    expect(
      after.summary.statuses.slice(0, 3).map((s: { candidates_count: number }) => s.candidates_count),
    ).toEqual([3, 0, 1]);
    expect(before.candidates_count).toBe(6);
  });

  it('follow a status deleted with its applications moved, an erasure and a deleted offer', async () => {
    const { offerId, people } = await pipeline([2, 2, 3]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/statuses/${status(org, 2)}?move_to=${status(org, 1)}`,
      headers: org.admin.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await countMismatches(t.db)).toEqual([]);

    const [erased] = people;
    const erasure = await t.app.inject({
      method: 'POST',
      url: `/api/candidates/${erased}/erase`,
      headers: org.admin.headers,
      payload: { confirmation: 'Counted 0 Person' },
    });
    expect(erasure.statusCode).toBeLessThan(300);
    expect(await countMismatches(t.db)).toEqual([]);

    await t.db.delete(jobOffers).where(eq(jobOffers.id, offerId));
    expect(await countMismatches(t.db)).toEqual([]);
  });

  it('follow applications whose status goes away under them (set null) and statements that move nothing', async () => {
    const { offerId, applications } = await pipeline([4, 4, 0]);
    // A write that changes no status (the candidate touched) leaves the counts as they are.
    await t.db
      .update(jobApplications)
      .set({ candidateUpdatedAt: new Date() })
      .where(eq(jobApplications.jobOfferId, offerId));
    expect(await countMismatches(t.db)).toEqual([]);
    // The status's foreign key sets null: its applications count under "no status".
    await t.db.execute(sql`delete from statuses where id = ${status(org, 4)}`);
    expect(await countMismatches(t.db)).toEqual([]);
    expect(applications).toHaveLength(3);
  });

  // The tests above deleted the statuses of index 2 and 4: this one moves between the others.
  it('stay exact when two people move the same applications at once, and a rolled back move counts nothing', async () => {
    const { offerId, applications } = await pipeline([0, 0, 0, 0, 1, 1, 1, 1]);
    const moves = applications.flatMap((id, i) => [
      t.app.inject({
        method: 'PATCH',
        url: `/api/job_applications/${id}`,
        headers: org.alice.headers,
        payload: { status_id: status(org, i % 2 ? 1 : 3) },
      }),
      t.app.inject({
        method: 'PATCH',
        url: `/api/job_applications/${id}`,
        headers: org.admin.headers,
        payload: { status_id: status(org, i % 2 ? 3 : 1) },
      }),
    ]);
    const bulkMoves = [0, 1, 3].map((i) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/job_offers/${offerId}/job_applications`,
        headers: org.alice.headers,
        payload: { status_id: status(org, i) },
      }),
    );
    const answers = await Promise.all([...moves, ...bulkMoves]);
    expect(answers.map((answer) => answer.statusCode).filter((code) => code !== 200)).toEqual([]);
    expect(await countMismatches(t.db)).toEqual([]);

    await expect(
      t.db.transaction(async (tx) => {
        await tx
          .update(jobApplications)
          .set({ statusId: status(org, 0) })
          .where(eq(jobApplications.jobOfferId, offerId));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await countMismatches(t.db)).toEqual([]);
  });

  it("never shows another licence's counts", async () => {
    const { offerId } = await pipeline([0, 1]);
    const res = await t.app.inject({ url: `/api/job_offers?per_page=100`, headers: other.alice.headers });
    expect(res.json().data.map((o: { id: number }) => o.id)).not.toContain(offerId);
  });
});
