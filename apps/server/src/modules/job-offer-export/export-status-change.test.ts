import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidates, jobApplications } from '../../db/schema/index.ts';
import {
  insertApplications,
  insertCandidates,
  jobOfferRequests,
  type Organisation,
} from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// The status change after an export: POST /api/job_offers/{id}/export/status_change (SPEC sections 4 and 7).
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create } = jobOfferRequests(() => t);
const change = (headers: Record<string, string>, id: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/job_offers/${id}/export/status_change`, headers, payload });

const statusOf = (o: Organisation, i: number) => {
  const status = o.statuses[i];
  if (!status) throw new Error(`no status ${i}`);
  return status.id;
};

/** Statuses of an offer's applications, by candidate. */
const statusesOf = async (jobOfferId: number) =>
  (
    await t.db
      .select({ statusId: jobApplications.statusId })
      .from(jobApplications)
      .where(eq(jobApplications.jobOfferId, jobOfferId))
      .orderBy(asc(jobApplications.candidateId))
  ).map((row) => row.statusId);

/** An offer of alice's with 6 candidates: statuses 0, 0, 1, 2, 3 and none. */
async function exportedOffer(o: Organisation) {
  const offer = (await create(o.alice.headers, { name: 'Exported' })).json();
  const people = await insertCandidates(t, o.licence.id, 6);
  const statuses = [statusOf(o, 0), statusOf(o, 0), statusOf(o, 1), statusOf(o, 2), statusOf(o, 3), null];
  await insertApplications(
    t,
    o.licence.id,
    offer.id,
    people.map((candidateId, i) => ({ candidateId, statusId: statuses[i] ?? null })),
  );
  return { offer, people };
}

describe('POST /api/job_offers/{id}/export/status_change', () => {
  it('moves every application of the selected statuses to the chosen one, and only those', async () => {
    const { offer, people } = await exportedOffer(org);
    const untouched = (await create(org.alice.headers, { name: 'Other offer' })).json();
    await insertApplications(t, org.licence.id, untouched.id, [
      { candidateId: people[0] as number, statusId: statusOf(org, 0) },
    ]);
    await t.db.update(candidates).set({ updatedAt: new Date('2020-01-01') });
    const res = await change(org.alice.headers, offer.id, {
      status_id: statusOf(org, 4),
      statuses: [statusOf(org, 0), statusOf(org, 1)],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ updated_count: 3 });
    expect(await statusesOf(offer.id)).toEqual([
      statusOf(org, 4),
      statusOf(org, 4),
      statusOf(org, 4),
      statusOf(org, 2),
      statusOf(org, 3),
      null,
    ]);
    expect(await statusesOf(untouched.id)).toEqual([statusOf(org, 0)]);
    // The moved candidates' last change is now (candidate lists sort by it); the others keep theirs.
    const touched = await t.db
      .select({ id: candidates.id, updatedAt: candidates.updatedAt })
      .from(candidates)
      .where(eq(candidates.licenceId, org.licence.id))
      .orderBy(asc(candidates.id));
    const recent = touched.filter((c) => c.updatedAt.getFullYear() > 2020).map((c) => c.id);
    expect(recent).toEqual(people.slice(0, 3));
    // And the offer's list, newest change first, shows them first (issue 18 section 5: the status change
    // skipped `candidate_updated_at`, so the list kept its old order); their other offers agree too.
    const listed = (
      await t.app.inject({
        url: `/api/job_offers/${offer.id}/job_applications?per_page=3`,
        headers: org.alice.headers,
      })
    ).json() as { data: { candidate_id: number }[] };
    expect(listed.data.map((row) => row.candidate_id).sort()).toEqual(people.slice(0, 3).sort());
    const [mismatch] = await t.db
      .execute(sql`select count(*)::int as n from job_applications ja
      join candidates c on c.id = ja.candidate_id
      where ja.candidate_updated_at <> c.updated_at and c.id in (${sql.join(people.slice(0, 3), sql`, `)})`)
      .then((r) => (r as unknown as { rows: { n: number }[] }).rows);
    expect(mismatch?.n).toBe(0);
  });

  it('leaves applications already in the chosen status as they are, and counts only the moves', async () => {
    const { offer } = await exportedOffer(org);
    const res = await change(org.alice.headers, offer.id, {
      status_id: statusOf(org, 0),
      statuses: [statusOf(org, 0), statusOf(org, 1)],
    });
    expect(res.json()).toEqual({ updated_count: 1 });
  });

  it('is all or nothing: a failure on one row moves none (one statement in one transaction)', async () => {
    const { offer, people } = await exportedOffer(org);
    const victim = people[2] as number;
    // A trigger that fails the update of one row, after others of the same statement were already updated.
    await t.db.execute(
      sql.raw(`create function fail_one() returns trigger language plpgsql as $$
        begin
          if new.candidate_id = ${victim} then raise exception 'disk full'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger fail_one before update on job_applications for each row execute function fail_one()',
      ),
    );
    try {
      const res = await change(org.alice.headers, offer.id, {
        status_id: statusOf(org, 4),
        statuses: [statusOf(org, 0), statusOf(org, 1)],
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql.raw('drop trigger fail_one on job_applications'));
      await t.db.execute(sql.raw('drop function fail_one()'));
    }
    expect(await statusesOf(offer.id)).toEqual([
      statusOf(org, 0),
      statusOf(org, 0),
      statusOf(org, 1),
      statusOf(org, 2),
      statusOf(org, 3),
      null,
    ]);
  });

  it('refuses unknown or other-licence statuses with 422 and moves nothing', async () => {
    const { offer } = await exportedOffer(org);
    const before = await statusesOf(offer.id);
    for (const payload of [
      { status_id: statusOf(other, 4), statuses: [statusOf(org, 0)] },
      { status_id: statusOf(org, 4), statuses: [statusOf(org, 0), statusOf(other, 1)] },
      { status_id: 2_000_000, statuses: [statusOf(org, 0)] },
    ]) {
      const res = await change(org.alice.headers, offer.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().error).toBe('invalid_reference');
    }
    expect(await statusesOf(offer.id)).toEqual(before);
  });

  it("answers 404 for another licence's offer, 403 to a user who sees it but may not change it", async () => {
    const { offer } = await exportedOffer(org);
    const before = await statusesOf(offer.id);
    const body = { status_id: statusOf(org, 4), statuses: [statusOf(org, 0)] };
    const foreign = await change(other.admin.headers, offer.id, {
      status_id: statusOf(other, 4),
      statuses: [statusOf(other, 0)],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await change(org.alice.headers, 2_000_000, body)).statusCode).toBe(404);
    const bob = await change(org.bob.headers, offer.id, body);
    expect(bob.statusCode).toBe(403);
    expect(await statusesOf(offer.id)).toEqual(before);
    expect((await change(org.admin.headers, offer.id, body)).statusCode).toBe(200);
  });

  it('answers 400 to a malformed body and moves nothing', async () => {
    const { offer } = await exportedOffer(org);
    const before = await statusesOf(offer.id);
    for (const payload of [
      {},
      { status_id: statusOf(org, 4) },
      { status_id: statusOf(org, 4), statuses: [] },
      { status_id: String(statusOf(org, 4)), statuses: [statusOf(org, 0)] },
      { status_id: statusOf(org, 4), statuses: [String(statusOf(org, 0))] },
      { status_id: null, statuses: [statusOf(org, 0)] },
      { status_id: 0, statuses: [statusOf(org, 0)] },
    ]) {
      const res = await change(org.alice.headers, offer.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await statusesOf(offer.id)).toEqual(before);
    expect((await change({}, offer.id, { status_id: 1, statuses: [1] })).statusCode).toBe(401);
  });
});
