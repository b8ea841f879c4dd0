import { beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../../test/fixtures/job-applications.ts';

// GET and PATCH /api/candidates/{id}, GET /api/candidates/{id}/job_applications.
let t: fixtures.TestApp, org: fixtures.Organisation, other: fixtures.Organisation;
fixtures.withTwoOrganisations((made) => ({ t, org, other } = made));
const { apply, insertOffer, insertPeople, LONG_AGO, setSetting, updatedAtOf } = fixtures;
let adaId: number;

beforeAll(async () => {
  [adaId = 0] = await insertPeople(t, org.licence.id, [
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      linkedinUrl: 'https://linkedin.com/in/ada',
      details: { title: 'Analyst', skills: ['Maths'] },
      updatedAt: LONG_AGO,
      emails: ['ada@engines.test'],
    },
  ]);
});

const get = (id: number, headers = org.alice.headers) =>
  t.app.inject({ url: `/api/candidates/${id}`, headers });
const patch = (id: number, payload: object | string, headers = org.alice.headers) =>
  t.app.inject({ method: 'PATCH', url: `/api/candidates/${id}/`, headers, payload });

describe('GET /api/candidates/{id}', () => {
  it('answers the candidate with its fallbacks', async () => {
    const res = await get(adaId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: adaId,
      full_name: 'Ada Lovelace',
      email: 'ada@engines.test',
      phone: null,
      social_networks: [{ type: 'linkedin', value: 'https://linkedin.com/in/ada' }],
      details: { title: 'Analyst', skills: ['Maths'] },
    });
  });

  it("answers 404 for another licence's candidate, exactly like a missing one", async () => {
    const res = await get(adaId, other.admin.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Candidate not found' });
    expect((await get(999_999)).json()).toEqual(res.json());
    expect((await get(0)).statusCode).toBe(400);
  });
});

describe('PATCH /api/candidates/{id}/', () => {
  it('changes the manual data and details it is given, keeps the rest, and bumps updated_at', async () => {
    const [id = 0] = await insertPeople(t, org.licence.id, [
      { details: { title: 'Clerk' }, updatedAt: LONG_AGO },
    ]);
    const res = await patch(id, {
      candidate: { manual_data: { first_name: ' Charles ', last_name: 'Babbage' } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Charles',
      last_name: 'Babbage',
      full_name: 'Charles Babbage',
      manual_data: { first_name: 'Charles', last_name: 'Babbage', title: null },
      details: { title: 'Clerk' },
    });
    expect(Date.parse(res.json().updated_at)).toBeGreaterThan(LONG_AGO.getTime());
    const titled = await patch(id, {
      candidate: { manual_data: { title: 'Inventor', first_name: '' }, details: { skills: ['Engines'] } },
    });
    expect(titled.json()).toMatchObject({
      first_name: null,
      last_name: 'Babbage',
      manual_data: { first_name: null, last_name: 'Babbage', title: 'Inventor' },
      details: { title: 'Clerk', skills: ['Engines'] },
    });
  });

  it('refuses bad input with 400 and another licence with 404, changing nothing', async () => {
    const before = (await get(adaId)).json();
    for (const payload of [
      { candidate: { manual_data: { first_name: 'x'.repeat(201) } } },
      { candidate: { manual_data: { first_name: 12 } } },
      { candidate: { details: { skills: 'Maths' } } },
      { candidate: { manual_data: { title: 'a\u0000b' } } },
      {},
    ]) {
      expect((await patch(adaId, payload)).statusCode).toBe(400);
    }
    expect(
      (await patch(adaId, { candidate: { manual_data: { first_name: 'Eve' } } }, other.admin.headers))
        .statusCode,
    ).toBe(404);
    expect((await get(adaId)).json()).toEqual(before);
  });

  it('two tabs changing different keys keep both changes', async () => {
    const [id = 0] = await insertPeople(t, org.licence.id, [{}]);
    await Promise.all([
      patch(id, { candidate: { manual_data: { first_name: 'Left' } } }),
      patch(id, { candidate: { manual_data: { title: 'Right' } } }),
    ]);
    expect((await get(id)).json().manual_data).toEqual({
      first_name: 'Left',
      last_name: null,
      title: 'Right',
    });
  });
});

describe('GET /api/candidates/{id}/job_applications', () => {
  it("lists the candidate's applications in the offers the caller sees, with the job offer embedded", async () => {
    const [id = 0] = await insertPeople(t, org.licence.id, [{ firstName: 'Multi' }]);
    const mine = await insertOffer(t, org.licence.id, org.alice.id, 'Mine');
    const hers = await insertOffer(t, org.licence.id, org.bob.id, 'Bob only');
    await apply(t, org.licence.id, mine, [{ candidateId: id, statusId: org.statuses[0]?.id ?? null }]);
    await apply(t, org.licence.id, hers, [{ candidateId: id, statusId: null }]);
    const url = `/api/candidates/${id}/job_applications?embed[]=job_offer&embed[]=status`;
    const res = await t.app.inject({ url, headers: org.alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().total_count).toBe(2);
    const [newest, oldest] = res.json().data;
    expect(newest).toMatchObject({
      job_offer_id: hers,
      job_offer: { id: hers, name: 'Bob only', archived: false, company: null },
      status: null,
    });
    expect(oldest).toMatchObject({ job_offer_id: mine, status: { name: 'To contact' } });
    expect(newest.candidate).toBeUndefined();
    await setSetting(t, org.licence.id, 'transparency', 'opaque');
    try {
      const hidden = (await t.app.inject({ url, headers: org.alice.headers })).json();
      expect(hidden.data.map((a: { job_offer_id: number }) => a.job_offer_id)).toEqual([mine]);
    } finally {
      await setSetting(t, org.licence.id, 'transparency', 'transparent');
    }
    const foreign = await t.app.inject({ url, headers: other.admin.headers });
    expect(foreign.statusCode).toBe(404);
    expect((await updatedAtOf(t, org.licence.id, [id])).size).toBe(1);
  });
});
