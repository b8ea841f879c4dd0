import { beforeAll, describe, expect, it } from 'vitest';
import { apply, insertOffer, insertPeople } from '../../test/fixtures/job-applications.ts';
import { type Organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { TestApp } from '../../test/harness.ts';

// GET /api/job_offers/{id}/job_applications: one page of an offer's pipeline.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
let offerId: number;
let ids: { ada: number; alan: number; grace: number; manual: number; percent: number };
const hour = (h: number) => new Date(Date.UTC(2026, 0, 1, h));

beforeAll(async () => {
  const L = org.licence.id;
  const [ada, alan, grace, manual, percent] = await insertPeople(t, L, [
    {
      firstName: 'Ada',
      lastName: 'Lovelace',
      details: { title: 'Analyst' },
      updatedAt: hour(3),
      emails: ['ada@engines.test', 'countess@home.test'],
    },
    { firstName: 'Alan', lastName: 'Turing', details: { title: 'Cryptographer' }, updatedAt: hour(5) },
    { firstName: 'Grace', lastName: 'Hopper', updatedAt: hour(1), emails: ['grace@navy.test'] },
    {
      manualData: { firstName: 'Margaret', lastName: 'Hamilton', title: 'Flight software lead' },
      updatedAt: hour(4),
    },
    { firstName: '50% off', lastName: 'Sale', updatedAt: hour(2) },
  ]);
  if (!ada || !alan || !grace || !manual || !percent) throw new Error('no candidates');
  ids = { ada, alan, grace, manual, percent };
  offerId = await insertOffer(t, L, org.alice.id, 'Pipeline');
  const [first, second] = org.statuses;
  await apply(t, L, offerId, [
    { candidateId: ada, statusId: first?.id ?? null },
    { candidateId: alan, statusId: second?.id ?? null },
    { candidateId: grace, statusId: first?.id ?? null },
    { candidateId: manual, statusId: null },
    { candidateId: percent, statusId: second?.id ?? null },
  ]);
  // Another offer of the licence: its applications never show in this one.
  const elsewhere = await insertOffer(t, L, org.alice.id, 'Elsewhere');
  await apply(t, L, elsewhere, [{ candidateId: ada, statusId: first?.id ?? null }]);
});

const list = (query = '', headers = org.alice.headers, id = offerId) =>
  t.app.inject({ url: `/api/job_offers/${id}/job_applications${query}`, headers });
const candidateIds = (body: { data: { candidate_id: number }[] }) => body.data.map((a) => a.candidate_id);

describe('GET /api/job_offers/{id}/job_applications', () => {
  it("lists the offer's applications, the most recently changed candidate first", async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total_count).toBe(5);
    expect(candidateIds(body)).toEqual([ids.alan, ids.manual, ids.ada, ids.percent, ids.grace]);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      candidate_id: ids.alan,
      job_offer_id: offerId,
      status_id: org.statuses[1]?.id,
      comment: null,
      created_at: expect.any(String),
      source: null,
      answers: [],
    });
    expect(res.headers['x-total-count']).toBe('5');
  });

  it('embeds the status (null when it has none) and the candidate as GET /candidates/{id} shows it', async () => {
    const body = (await list('?embed[]=status&embed[]=candidate')).json();
    const [alan, manual, ada] = body.data;
    expect(alan.status).toEqual({ id: org.statuses[1]?.id, name: 'Contacted', color: '7950f2' });
    expect(manual.status).toBeNull();
    expect(manual.candidate).toMatchObject({
      first_name: 'Margaret',
      last_name: 'Hamilton',
      full_name: 'Margaret Hamilton',
    });
    expect(ada.candidate).toMatchObject({
      id: ids.ada,
      full_name: 'Ada Lovelace',
      email: 'ada@engines.test',
      contacts: { emails: ['ada@engines.test', 'countess@home.test'] },
      details: { title: 'Analyst' },
    });
    const one = (
      await t.app.inject({ url: `/api/candidates/${ids.ada}`, headers: org.alice.headers })
    ).json();
    expect(ada.candidate).toEqual(one);
    expect((await list('?embed=status,candidate')).json().data[0].status.name).toBe('Contacted');
  });

  it('pages 10 by default, with per_page, a Link to the next page and the total on every page', async () => {
    const first = await list('?per_page=2');
    expect(candidateIds(first.json())).toEqual([ids.alan, ids.manual]);
    expect(first.headers.link).toContain('page=2');
    const third = await list('?per_page=2&page=3');
    expect(candidateIds(third.json())).toEqual([ids.grace]);
    expect(third.json().total_count).toBe(5);
    expect(third.headers.link).toBeUndefined();
    const past = await list('?per_page=2&page=9');
    expect(past.json()).toEqual({ data: [], total_count: 5 });
    expect((await list('?page=-3&per_page=abc')).json().data).toHaveLength(5);
  });

  it('filters by status with filters[with_status_id]', async () => {
    const first = org.statuses[0]?.id;
    const body = (await list(`?filters[with_status_id]=${first}`)).json();
    expect(candidateIds(body)).toEqual([ids.ada, ids.grace]);
    expect(body.total_count).toBe(2);
    const foreign = other.statuses[0]?.id;
    expect((await list(`?filters[with_status_id]=${foreign}`)).json()).toEqual({ data: [], total_count: 0 });
    expect((await list('?filters[with_status_id]=abc')).statusCode).toBe(400);
  });

  it('searches the name, manual name, title and e-mails, ignoring case; LIKE wildcards are literal', async () => {
    const search = async (term: string) =>
      candidateIds((await list(`?filters[search]=${encodeURIComponent(term)}`)).json());
    expect(await search('LOVELACE')).toEqual([ids.ada]);
    expect(await search('ada love')).toEqual([ids.ada]);
    expect(await search('margaret ham')).toEqual([ids.manual]);
    expect(await search('software')).toEqual([ids.manual]);
    expect(await search('crypto')).toEqual([ids.alan]);
    expect(await search('navy.test')).toEqual([ids.grace]);
    expect(await search('countess@')).toEqual([ids.ada]);
    expect(await search('50%')).toEqual([ids.percent]);
    expect(await search('%')).toEqual([ids.percent]);
    expect(await search('_')).toEqual([]);
    expect(await search('  ')).toHaveLength(5);
    const both = (
      await list(`?filters[search]=a&filters[with_status_id]=${org.statuses[0]?.id}&per_page=1`)
    ).json();
    expect(both.total_count).toBe(2);
  });

  it("counts each status's total from the offer's kept counts, which follow a move at once", async () => {
    const [first, second] = org.statuses;
    const totals = async () =>
      Promise.all(
        ['', `?filters[with_status_id]=${first?.id}`, `?filters[with_status_id]=${second?.id}`].map(
          async (query) => (await list(query)).json().total_count,
        ),
      );
    expect(await totals()).toEqual([5, 2, 2]);
    const grace = (await list(`?filters[with_status_id]=${first?.id}`))
      .json()
      .data.find((a: { candidate_id: number }) => a.candidate_id === ids.grace);
    const move = (statusId: number | undefined) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/job_applications/${grace.id}`,
        headers: org.alice.headers,
        payload: { status_id: statusId },
      });
    expect((await move(second?.id)).statusCode).toBe(200);
    expect(await totals()).toEqual([5, 1, 3]);
    expect((await move(first?.id)).statusCode).toBe(200);
    expect(await totals()).toEqual([5, 2, 2]);
  });

  it("answers 404 for a missing offer, another licence's, or one hidden from the caller", async () => {
    expect((await list('', org.alice.headers, 999_999)).statusCode).toBe(404);
    const res = await list('', other.admin.headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'not_found', message: 'Job offer not found' });
    await setSetting(t, org.licence.id, 'transparency', 'opaque');
    try {
      expect((await list('', org.bob.headers)).statusCode).toBe(404);
      expect((await list('', org.alice.headers)).statusCode).toBe(200);
      expect((await list('', org.admin.headers)).statusCode).toBe(200);
    } finally {
      await setSetting(t, org.licence.id, 'transparency', 'transparent');
    }
    expect((await list('', org.bob.headers)).statusCode).toBe(200);
  });

  it('a change to a candidate brings them first in every offer they are in (contacts, manual data, tags, moves)', async () => {
    const elsewhere = await insertOffer(t, org.licence.id, org.alice.id, 'Second offer');
    await apply(t, org.licence.id, elsewhere, [
      { candidateId: ids.grace, statusId: null },
      { candidateId: ids.percent, statusId: null },
    ]);
    const firstIn = async (id = offerId) => candidateIds((await list('', org.alice.headers, id)).json())[0];
    const change = (url: string, payload: object, method: 'PATCH' | 'POST' = 'PATCH') =>
      t.app.inject({ method, url, headers: org.alice.headers, payload });

    expect(
      (
        await change(`/api/candidates/${ids.grace}/add_contact`, {
          type: 'phone',
          value: '+33 6 00 00 00 01',
        })
      ).statusCode,
    ).toBe(200);
    expect(await firstIn()).toBe(ids.grace);
    expect(await firstIn(elsewhere)).toBe(ids.grace);

    await change(`/api/candidates/${ids.percent}/`, {
      candidate: { manual_data: { title: 'Bargain hunter' } },
    });
    expect(await firstIn()).toBe(ids.percent);
    expect(await firstIn(elsewhere)).toBe(ids.percent);

    const tag = (await change('/api/tags', { name: 'Order tag' }, 'POST')).json();
    await change(`/api/candidates/${ids.grace}/tags/${tag.id}`, {}, 'POST');
    expect(await firstIn(elsewhere)).toBe(ids.grace);

    const apps = (await list('', org.alice.headers, elsewhere)).json().data;
    const percentApp = apps.find((a: { candidate_id: number }) => a.candidate_id === ids.percent);
    await change(`/api/job_applications/${percentApp.id}`, { status_id: org.statuses[2]?.id ?? 0 });
    expect(await firstIn()).toBe(ids.percent);

    await change(`/api/candidates/${ids.alan}/add_contact`, { type: 'email', value: 'alan@bletchley.test' });
    expect(await firstIn()).toBe(ids.alan);
    // A bulk move bumps its candidates in the other offers too.
    await change(`/api/job_offers/${elsewhere}/job_applications`, { status_id: org.statuses[3]?.id ?? 0 });
    expect([ids.grace, ids.percent]).toContain(await firstIn());
  });

  it('refuses a malformed query and needs a session', async () => {
    expect((await list('?embed[]=salary')).statusCode).toBe(400);
    expect((await list(`?filters[search]=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/api/job_offers/abc/job_applications', headers: org.alice.headers }))
        .statusCode,
    ).toBe(400);
    expect((await t.app.inject({ url: `/api/job_offers/${offerId}/job_applications` })).statusCode).toBe(401);
  });
});
