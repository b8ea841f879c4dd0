import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { candidates, jobApplications, jobOffers } from '../../db/schema/index.ts';
import {
  insertApplications,
  insertCandidates,
  jobOfferRequests,
  type Organisation,
  organisation,
  setSetting,
} from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { Headers, TestApp } from '../../test/harness.ts';

// Copying candidates into another job offer: POST /api/job_offers/{id}/copy (SPEC sections 2, 4 and 7).
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create, createCompany, get, countOffers } = jobOfferRequests(() => t);
const copy = (headers: Headers, id: number, payload: object, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/job_offers/${id}/copy${query}`, headers, payload });

const statusAt = (o: Organisation, i: number) => {
  const status = o.statuses[i];
  if (!status) throw new Error(`no status ${i}`);
  return status.id;
};

/** The (candidate, status) pairs of an offer, by candidate. */
const applicationsOf = (jobOfferId: number) =>
  t.db
    .select({ candidateId: jobApplications.candidateId, statusId: jobApplications.statusId })
    .from(jobApplications)
    .where(eq(jobApplications.jobOfferId, jobOfferId))
    .orderBy(asc(jobApplications.candidateId));

/** A source offer of `o` managed by alice with 4 candidates: two in status 0, one in status 1, one in status 2. */
async function sourceOffer(o: Organisation, name = 'Source') {
  const source = (await create(o.alice.headers, { name })).json();
  const people = await insertCandidates(t, o.licence.id, 4);
  const [a, b, c, d] = people as [number, number, number, number];
  await insertApplications(t, o.licence.id, source.id, [
    { candidateId: a, statusId: statusAt(o, 0) },
    { candidateId: b, statusId: statusAt(o, 0) },
    { candidateId: c, statusId: statusAt(o, 1) },
    { candidateId: d, statusId: statusAt(o, 2) },
  ]);
  return { source, a, b, c, d };
}

describe('POST /api/job_offers/{id}/copy into an existing offer', () => {
  it('copies the candidates of the chosen statuses, each keeping its status, and answers the destination', async () => {
    const { source, a, b, c } = await sourceOffer(org);
    const dest = (await create(org.alice.headers, { name: 'Destination' })).json();
    const res = await copy(
      org.alice.headers,
      source.id,
      { id: source.id, from_status: [statusAt(org, 0), statusAt(org, 1)], dest: { id: dest.id } },
      '?embed[]=user',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toEqual([a, b, c]);
    expect(body.duplicates).toEqual([]);
    expect(body.job_offer).toMatchObject({ id: dest.id, name: 'Destination', candidates_count: 3 });
    expect(body.job_offer.user).toMatchObject({ id: org.alice.id });
    expect(await applicationsOf(dest.id)).toEqual([
      { candidateId: a, statusId: statusAt(org, 0) },
      { candidateId: b, statusId: statusAt(org, 0) },
      { candidateId: c, statusId: statusAt(org, 1) },
    ]);
    // The source is unchanged.
    expect(await applicationsOf(source.id)).toHaveLength(4);
  });

  it('skips candidates already in the destination and reports them as duplicates', async () => {
    const { source, a, b, c } = await sourceOffer(org);
    const dest = (await create(org.alice.headers, { name: 'Has one already' })).json();
    await insertApplications(t, org.licence.id, dest.id, [{ candidateId: b, statusId: statusAt(org, 3) }]);
    const res = await copy(org.alice.headers, source.id, {
      from_status: [statusAt(org, 0), statusAt(org, 1)],
      dest: { id: dest.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: [a, c], duplicates: [b] });
    // The duplicate keeps the status it had in the destination.
    expect(await applicationsOf(dest.id)).toEqual([
      { candidateId: a, statusId: statusAt(org, 0) },
      { candidateId: b, statusId: statusAt(org, 3) },
      { candidateId: c, statusId: statusAt(org, 1) },
    ]);
    // Copying again copies nothing more.
    const again = await copy(org.alice.headers, source.id, {
      from_status: [statusAt(org, 0), statusAt(org, 1)],
      dest: { id: dest.id },
    });
    expect(again.json()).toMatchObject({ ok: [], duplicates: [a, b, c] });
    expect(await applicationsOf(dest.id)).toHaveLength(3);
  });

  it('moves the copied candidates to the top of candidate lists (their last change)', async () => {
    const { source, a, d } = await sourceOffer(org);
    const dest = (await create(org.alice.headers, { name: 'Touch' })).json();
    const before = new Date();
    await t.db
      .update(candidates)
      .set({ updatedAt: new Date('2020-01-01') })
      .where(eq(candidates.id, a));
    await t.db
      .update(candidates)
      .set({ updatedAt: new Date('2020-01-01') })
      .where(eq(candidates.id, d));
    await copy(org.alice.headers, source.id, { from_status: [statusAt(org, 0)], dest: { id: dest.id } });
    const [copied] = await t.db.select().from(candidates).where(eq(candidates.id, a));
    const [notCopied] = await t.db.select().from(candidates).where(eq(candidates.id, d));
    expect(copied?.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(notCopied?.updatedAt.toISOString()).toBe('2020-01-01T00:00:00.000Z');
  });

  it('answers empty lists when the chosen statuses hold nobody', async () => {
    const { source } = await sourceOffer(org);
    const dest = (await create(org.alice.headers, { name: 'Nobody' })).json();
    const res = await copy(org.alice.headers, source.id, {
      from_status: [statusAt(org, 5)],
      dest: { id: dest.id },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ok: [], duplicates: [], job_offer: { candidates_count: 0 } });
  });

  it('copying an offer into itself answers 422 and changes nothing', async () => {
    const { source } = await sourceOffer(org);
    const res = await copy(org.alice.headers, source.id, {
      from_status: [statusAt(org, 0)],
      dest: { id: source.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'same_job_offer',
      message: 'Candidates cannot be copied into the job offer they come from',
    });
    expect(await applicationsOf(source.id)).toHaveLength(4);
  });

  it("answers 404 for another licence's destination or source, exactly as for a missing one", async () => {
    const { source } = await sourceOffer(org);
    const foreign = (await create(other.alice.headers, { name: 'Foreign' })).json();
    const intoForeign = await copy(org.alice.headers, source.id, {
      from_status: [statusAt(org, 0)],
      dest: { id: foreign.id },
    });
    const intoMissing = await copy(org.alice.headers, source.id, {
      from_status: [statusAt(org, 0)],
      dest: { id: 2_000_000 },
    });
    expect(intoForeign.statusCode).toBe(404);
    expect(intoForeign.json()).toEqual(intoMissing.json());
    expect(await applicationsOf(foreign.id)).toEqual([]);
    const fromForeign = await copy(other.alice.headers, source.id, {
      from_status: [statusAt(other, 0)],
      dest: { id: foreign.id },
    });
    expect(fromForeign.statusCode).toBe(404);
    expect(await applicationsOf(foreign.id)).toEqual([]);
  });

  it('refuses a destination the caller sees but may not change (403), and a hidden one in an opaque licence (404)', async () => {
    const o = await organisation(t);
    const { source } = await sourceOffer(o);
    const bobs = (await create(o.bob.headers, { name: "Bob's" })).json();
    const seen = await copy(o.alice.headers, source.id, {
      from_status: [statusAt(o, 0)],
      dest: { id: bobs.id },
    });
    expect(seen.statusCode).toBe(403);
    await setSetting(t, o.licence.id, 'transparency', 'opaque');
    const hidden = await copy(o.alice.headers, source.id, {
      from_status: [statusAt(o, 0)],
      dest: { id: bobs.id },
    });
    expect(hidden.statusCode).toBe(404);
    expect(await applicationsOf(bobs.id)).toEqual([]);
    // An admin may copy into any offer of the licence.
    const byAdmin = await copy(o.admin.headers, source.id, {
      from_status: [statusAt(o, 0)],
      dest: { id: bobs.id },
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().ok).toHaveLength(2);
  });

  it('refuses statuses of another licence or unknown ones with 422 and copies nothing', async () => {
    const { source } = await sourceOffer(org);
    const dest = (await create(org.alice.headers, { name: 'Bad statuses' })).json();
    for (const from_status of [[statusAt(org, 0), statusAt(other, 0)], [2_000_000]]) {
      const res = await copy(org.alice.headers, source.id, { from_status, dest: { id: dest.id } });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toBe('invalid_reference');
    }
    expect(await applicationsOf(dest.id)).toEqual([]);
  });

  it('two copies racing into the same destination insert each candidate once', async () => {
    const { source, a, b, c, d } = await sourceOffer(org);
    const dest = (await create(org.alice.headers, { name: 'Race' })).json();
    const body = { from_status: org.statuses.map((s) => s.id), dest: { id: dest.id } };
    const results = await Promise.all([1, 2, 3].map(() => copy(org.alice.headers, source.id, body)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const copied = results.flatMap((r) => r.json().ok as number[]).sort((x, y) => x - y);
    expect(copied).toEqual([a, b, c, d]);
    expect(await applicationsOf(dest.id)).toHaveLength(4);
  });
});

describe('POST /api/job_offers/{id}/copy into a new offer', () => {
  it('creates the offer with the caller as manager and the company given, and copies into it', async () => {
    const { source, c } = await sourceOffer(org);
    const acme = await createCompany(org.bob.headers, 'Copy Acme');
    const res = await copy(
      org.bob.headers,
      source.id,
      { from_status: [statusAt(org, 1)], dest: { name: '  Shortlist  ', company_id: acme.id } },
      '?embed[]=user',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ok).toEqual([c]);
    expect(body.job_offer).toMatchObject({
      name: 'Shortlist',
      company: { id: acme.id, name: 'Copy Acme' },
      user_id: org.bob.id,
      user: { id: org.bob.id },
      archived: false,
      candidates_count: 1,
    });
    expect(body.job_offer.summary.statuses[1]).toMatchObject({ id: statusAt(org, 1), candidates_count: 1 });
    const shown = await get(org.bob.headers, `/api/job_offers/${body.job_offer.id}`);
    expect(shown.statusCode).toBe(200);
  });

  it('creates an offer without a company', async () => {
    const { source } = await sourceOffer(org);
    const res = await copy(org.alice.headers, source.id, {
      from_status: [statusAt(org, 0)],
      dest: { name: 'No company copy' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().job_offer).toMatchObject({ name: 'No company copy', company: null });
  });

  it('creates nothing when the copy is refused (one transaction)', async () => {
    const { source } = await sourceOffer(org);
    const foreignCompany = await createCompany(other.alice.headers, 'Foreign Copy Co');
    const before = await countOffers(org.licence.id);
    const badCompany = await copy(org.alice.headers, source.id, {
      from_status: [statusAt(org, 0)],
      dest: { name: 'Never', company_id: foreignCompany.id },
    });
    expect(badCompany.statusCode).toBe(422);
    const badStatus = await copy(org.alice.headers, source.id, {
      from_status: [statusAt(other, 0)],
      dest: { name: 'Never either' },
    });
    expect(badStatus.statusCode).toBe(422);
    expect(await countOffers(org.licence.id)).toBe(before);
    const named = await t.db
      .select()
      .from(jobOffers)
      .where(and(eq(jobOffers.licenceId, org.licence.id), eq(jobOffers.name, 'Never')));
    expect(named).toEqual([]);
  });

  it('answers 400 to a malformed body and writes nothing', async () => {
    const { source } = await sourceOffer(org);
    const dest = (await create(org.alice.headers, { name: 'Malformed' })).json();
    const before = await countOffers(org.licence.id);
    for (const payload of [
      {},
      { from_status: [statusAt(org, 0)] },
      { from_status: [], dest: { id: dest.id } },
      { from_status: [String(statusAt(org, 0))], dest: { id: dest.id } },
      { from_status: [statusAt(org, 0)], dest: {} },
      { from_status: [statusAt(org, 0)], dest: { id: String(dest.id) } },
      { from_status: [statusAt(org, 0)], dest: { id: dest.id, name: 'Both' } },
      { from_status: [statusAt(org, 0)], dest: { name: '   ' } },
      { from_status: [statusAt(org, 0)], dest: { name: 'x'.repeat(201) } },
      { from_status: [statusAt(org, 0)], dest: null },
      { from_status: Array.from({ length: 101 }, (_, i) => i + 1), dest: { id: dest.id } },
    ]) {
      const res = await copy(org.alice.headers, source.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
    expect((await copy(org.alice.headers, 0, { from_status: [1], dest: { id: dest.id } })).statusCode).toBe(
      400,
    );
    expect(await countOffers(org.licence.id)).toBe(before);
    expect(await applicationsOf(dest.id)).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    const { source } = await sourceOffer(org);
    const res = await copy({}, source.id, { from_status: [statusAt(org, 0)], dest: { name: 'Anonymous' } });
    expect(res.statusCode).toBe(401);
  });
});
