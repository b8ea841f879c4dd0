import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidates, jobApplications } from '../../db/schema/index.ts';
import * as fixtures from '../../test/fixtures/job-applications.ts';

// PATCH and DELETE /api/job_applications/{id}: the status switcher and 'Delete' of a candidate row.
let t: fixtures.TestApp, org: fixtures.Organisation, other: fixtures.Organisation;
fixtures.withTwoOrganisations((made) => ({ t, org, other } = made));
const { apply, insertOffer, insertPeople, LONG_AGO, setSetting, updatedAtOf } = fixtures;
let offerId: number;

beforeAll(async () => {
  // Alice manages the offer and Bob is assigned to it; the admin is neither.
  offerId = await insertOffer(t, org.licence.id, org.alice.id, 'Moves', [org.bob.id]);
});

const status = (o: fixtures.Organisation, i: number) => {
  const s = o.statuses[i];
  if (!s) throw new Error('no status');
  return s.id;
};

/** A fresh candidate in the offer, changed long ago; answers the application and candidate ids. */
async function application(statusIndex = 0, jobOfferId = offerId, o = org) {
  const [candidateId] = await insertPeople(t, o.licence.id, [{ firstName: 'Moved', updatedAt: LONG_AGO }]);
  if (!candidateId) throw new Error('no candidate');
  const [id] = await apply(t, o.licence.id, jobOfferId, [{ candidateId, statusId: status(o, statusIndex) }]);
  if (!id) throw new Error('no application');
  return { id, candidateId };
}

const move = (id: number, payload: object | string, headers = org.alice.headers, query = '') =>
  t.app.inject({ method: 'PATCH', url: `/api/job_applications/${id}${query}`, headers, payload });
const remove = (id: number, headers = org.alice.headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/job_applications/${id}`, headers });
const statusOf = async (id: number) =>
  (await t.db.select().from(jobApplications).where(eq(jobApplications.id, id)))[0]?.statusId;

describe('PATCH /api/job_applications/{id}', () => {
  it("moves the application to a status of the licence and bumps the candidate's updated_at", async () => {
    const { id, candidateId } = await application(0);
    const res = await move(id, { status_id: status(org, 2) }, org.alice.headers, '?embed[]=status');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id,
      candidate_id: candidateId,
      job_offer_id: offerId,
      status_id: status(org, 2),
      status: { id: status(org, 2), name: 'Interview', color: 'fab005' },
    });
    expect(res.json().candidate).toBeUndefined();
    expect(await statusOf(id)).toBe(status(org, 2));
    expect((await updatedAtOf(t, org.licence.id, [candidateId])).get(candidateId)).toBeGreaterThan(
      LONG_AGO.getTime(),
    );
    const embedded = await move(id, { status_id: status(org, 3) }, org.alice.headers, '?embed[]=candidate');
    expect(embedded.json().candidate).toMatchObject({ id: candidateId, first_name: 'Moved' });
  });

  it("refuses another licence's status or a missing one with 422 and moves nothing", async () => {
    const { id, candidateId } = await application(1);
    for (const status_id of [status(other, 0), 999_999]) {
      const res = await move(id, { status_id });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: 'invalid_reference', message: 'Status not found' });
    }
    expect(await statusOf(id)).toBe(status(org, 1));
    expect((await updatedAtOf(t, org.licence.id, [candidateId])).get(candidateId)).toBe(LONG_AGO.getTime());
  });

  it('refuses a malformed body with 400', async () => {
    const { id } = await application(1);
    for (const payload of [
      {},
      { status_id: '3' },
      { status_id: null },
      { status_id: 1.5 },
      { status_id: -1 },
    ]) {
      expect((await move(id, payload)).statusCode).toBe(400);
    }
    expect((await move(id, 'status=3')).statusCode).toBe(415);
    expect(await statusOf(id)).toBe(status(org, 1));
  });

  it('lets the manager, an assigned user and an admin move; another user of a transparent licence gets 403', async () => {
    const { id } = await application(0);
    expect((await move(id, { status_id: status(org, 1) }, org.bob.headers)).statusCode).toBe(200);
    expect((await move(id, { status_id: status(org, 2) }, org.admin.headers)).statusCode).toBe(200);
    const outsider = await insertOffer(t, org.licence.id, org.admin.id, 'Not Alice');
    const theirs = await application(0, outsider);
    const refused = await move(theirs.id, { status_id: status(org, 1) }, org.alice.headers);
    expect(refused.statusCode).toBe(403);
    expect(await statusOf(theirs.id)).toBe(status(org, 0));
    // Opaque: an offer Alice cannot see is not there at all.
    await setSetting(t, org.licence.id, 'transparency', 'opaque');
    try {
      expect((await move(theirs.id, { status_id: status(org, 1) }, org.alice.headers)).statusCode).toBe(404);
    } finally {
      await setSetting(t, org.licence.id, 'transparency', 'transparent');
    }
  });

  it("answers 404 for another licence's application, exactly like a missing one", async () => {
    const foreignOffer = await insertOffer(t, other.licence.id, other.alice.id, 'Theirs');
    const theirs = await application(0, foreignOffer, other);
    const res = await move(theirs.id, { status_id: status(org, 1) });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Job application not found' });
    expect((await move(999_999, { status_id: status(org, 1) })).json()).toEqual(res.json());
    expect(await statusOf(theirs.id)).toBe(status(other, 0));
  });
});

describe('DELETE /api/job_applications/{id}', () => {
  it('takes the candidate out of the offer, keeps the candidate, and answers 404 the second time', async () => {
    const { id, candidateId } = await application(0);
    const res = await remove(id);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await statusOf(id)).toBeUndefined();
    const [candidate] = await t.db.select().from(candidates).where(eq(candidates.id, candidateId));
    expect(candidate?.updatedAt.getTime()).toBeGreaterThan(LONG_AGO.getTime());
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('follows the offer rule (403) and the tenant rule (404), deleting nothing', async () => {
    const outsider = await insertOffer(t, org.licence.id, org.admin.id, 'Admin only');
    const theirs = await application(0, outsider);
    expect((await remove(theirs.id, org.alice.headers)).statusCode).toBe(403);
    expect((await remove(theirs.id, other.admin.headers)).statusCode).toBe(404);
    expect(await statusOf(theirs.id)).toBe(status(org, 0));
    expect((await remove(theirs.id, org.admin.headers)).statusCode).toBe(204);
  });

  it('two tabs deleting the same application: one 204, one 404', async () => {
    const { id } = await application(0);
    const codes = (await Promise.all([remove(id), remove(id)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([204, 404]);
  });
});
