import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { candidates, jobApplications } from '../../db/schema/index.ts';
import { seedCandidate } from '../../test/fixtures/candidate-database.ts';
import { type Organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// POST /api/job_applications/bulk_create: the candidate database's 'Add to job offer'.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
let offerId: number;
let people: number[];
let theirCandidate: number;
let theirOffer: number;

const createOffer = async (_o: Organisation, headers: Record<string, string>, name: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/job_offers',
    headers,
    payload: { job_offer: { name } },
  });
  return res.json().id as number;
};

beforeAll(async () => {
  offerId = await createOffer(org, org.alice.headers, 'Backend developer');
  theirOffer = await createOffer(other, other.alice.headers, 'Their offer');
  people = [];
  for (let i = 0; i < 5; i++) {
    people.push(await seedCandidate(t, org.licence.id, { firstName: `P${i}`, minutesAgo: 60 + i }));
  }
  theirCandidate = await seedCandidate(t, other.licence.id, { firstName: 'Theirs' });
});

const bulk = (payload: Record<string, unknown>, headers = org.alice.headers) =>
  t.app.inject({ method: 'POST', url: '/api/job_applications/bulk_create', headers, payload });
const applications = (jobOfferId = offerId) =>
  t.db
    .select({ candidateId: jobApplications.candidateId, statusId: jobApplications.statusId })
    .from(jobApplications)
    .where(eq(jobApplications.jobOfferId, jobOfferId));
const status = (i: number) => org.statuses[i]?.id ?? 0;

describe('POST /api/job_applications/bulk_create', () => {
  it('adds the candidates at the status in one go, and moves them to the top of candidate lists', async () => {
    const [a, b] = people as [number, number];
    const before = new Date();
    const res = await bulk({ job_offer_id: offerId, status_id: status(1), candidates_ids: [a, b, a] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 2, duplicates: [] });
    expect((await applications()).sort((x, y) => x.candidateId - y.candidateId)).toEqual([
      { candidateId: a, statusId: status(1) },
      { candidateId: b, statusId: status(1) },
    ]);
    const [touched] = await t.db.select().from(candidates).where(eq(candidates.id, a));
    expect(touched?.updatedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    // The offer's card counts them under the status.
    const offer = await t.app.inject({ url: `/api/job_offers/${offerId}`, headers: org.alice.headers });
    expect(offer.json().candidates_count).toBe(2);
  });

  it('skips and reports candidates already in the offer', async () => {
    const [a, b, c] = people as [number, number, number];
    const res = await bulk({ job_offer_id: offerId, status_id: status(2), candidates_ids: [c, b, a] });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ created: 1, duplicates: [a, b].sort((x, y) => x - y) });
    // The duplicates keep their status.
    const rows = await applications();
    expect(rows.find((r) => r.candidateId === a)?.statusId).toBe(status(1));
    expect(rows.find((r) => r.candidateId === c)?.statusId).toBe(status(2));
  });

  it('adds each candidate once when two requests race', async () => {
    const offer = await createOffer(org, org.alice.headers, 'Race');
    const ids = people.slice(0, 4);
    const answers = await Promise.all(
      [ids, [...ids].reverse(), ids].map((candidates_ids) =>
        bulk({ job_offer_id: offer, status_id: status(0), candidates_ids }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(answers.reduce((sum, r) => sum + r.json().created, 0)).toBe(4);
    expect(await applications(offer)).toHaveLength(4);
  });

  it("refuses another licence's candidate or status, or an unknown one, and writes nothing (422)", async () => {
    const offer = await createOffer(org, org.alice.headers, 'Refusals');
    const [a] = people as [number];
    for (const [payload, message] of [
      [
        { job_offer_id: offer, status_id: status(0), candidates_ids: [a, theirCandidate] },
        `Candidate ${theirCandidate} not found`,
      ],
      [
        { job_offer_id: offer, status_id: status(0), candidates_ids: [a, 99_999_999] },
        'Candidate 99999999 not found',
      ],
      [{ job_offer_id: offer, status_id: other.statuses[0]?.id, candidates_ids: [a] }, 'Status not found'],
    ] as const) {
      const res = await bulk(payload);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: 'invalid_reference', message });
    }
    expect(await applications(offer)).toEqual([]);
  });

  it("answers 404 for another licence's offer or a hidden one, 403 for one the caller may not change", async () => {
    const [a] = people as [number];
    expect(
      (await bulk({ job_offer_id: theirOffer, status_id: status(0), candidates_ids: [a] })).statusCode,
    ).toBe(404);
    // Transparent licence: Bob sees Alice's offer but is neither its manager nor assigned.
    const forbidden = await bulk(
      { job_offer_id: offerId, status_id: status(0), candidates_ids: [a] },
      org.bob.headers,
    );
    expect(forbidden.statusCode).toBe(403);
    // An admin may.
    const admin = await bulk(
      { job_offer_id: offerId, status_id: status(0), candidates_ids: [people[3] as number] },
      org.admin.headers,
    );
    expect(admin.json()).toEqual({ created: 1, duplicates: [] });
    await setSetting(t, org.licence.id, 'transparency', 'opaque');
    const hidden = await bulk(
      { job_offer_id: offerId, status_id: status(0), candidates_ids: [a] },
      org.bob.headers,
    );
    expect(hidden.statusCode).toBe(404);
    await setSetting(t, org.licence.id, 'transparency', 'transparent');
    expect(await applications(theirOffer)).toEqual([]);
  });

  it('needs both the job offer and the status, and candidates as a list of ids', async () => {
    const [a] = people as [number];
    for (const payload of [
      { status_id: status(0), candidates_ids: [a] },
      { job_offer_id: offerId, candidates_ids: [a] },
      { job_offer_id: offerId, status_id: status(0), candidates_ids: [] },
      { job_offer_id: offerId, status_id: status(0) },
      { job_offer_id: String(offerId), status_id: status(0), candidates_ids: [a] },
      { job_offer_id: offerId, status_id: status(0), candidates_ids: ['1'] },
      { job_offer_id: offerId, status_id: status(0), candidates_ids: [0] },
      {
        job_offer_id: offerId,
        status_id: status(0),
        candidates_ids: Array.from({ length: 1001 }, (_, i) => i + 1),
      },
    ]) {
      expect((await bulk(payload)).statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
    }
    const count = await t.db
      .select()
      .from(jobApplications)
      .where(and(eq(jobApplications.jobOfferId, offerId), eq(jobApplications.statusId, status(0))));
    expect(count.map((r) => r.candidateId)).toEqual([people[3]]);
  });
});
