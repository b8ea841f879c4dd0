import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  candidates,
  emailTemplates,
  jobApplications,
  jobOfferAssignedUsers,
  jobOffers,
  statuses,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  insertApplications,
  insertCandidates,
  type Organisation,
  organisation,
} from './job-offers.fixtures.ts';

let t: TestApp;
let org: Organisation;
let other: Organisation;
beforeAll(async () => {
  t = await createTestApp();
  org = await organisation(t);
  other = await organisation(t);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const create = (headers: Headers, job_offer: Record<string, unknown>, query = '') =>
  t.app.inject({ method: 'POST', url: `/api/job_offers${query}`, headers, payload: { job_offer } });
const patch = (headers: Headers, id: number, job_offer: Record<string, unknown>, query = '') =>
  t.app.inject({ method: 'PATCH', url: `/api/job_offers/${id}${query}`, headers, payload: { job_offer } });
const get = (headers: Headers, url: string) => t.app.inject({ url, headers });
const createCompany = async (headers: Headers, name: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/companies', headers, payload: { name } })).json() as {
    id: number;
    name: string;
  };
const countOffers = async (licenceId: number) =>
  (await t.db.select({ n: count() }).from(jobOffers).where(eq(jobOffers.licenceId, licenceId)))[0]?.n;

describe('POST /api/job_offers', () => {
  it('creates an offer managed by the caller, with company, assigned users and a zeroed summary (201)', async () => {
    const acme = await createCompany(org.alice.headers, 'Acme');
    const res = await create(
      org.alice.headers,
      { name: '  Backend engineer  ', company_id: acme.id, assigned_users: [org.bob.id, org.bob.id] },
      '?embed[]=company&embed[]=user',
    );
    expect(res.statusCode).toBe(201);
    const offer = res.json();
    expect(offer).toMatchObject({
      name: 'Backend engineer',
      company_id: acme.id,
      company: { id: acme.id, name: 'Acme' },
      user_id: org.alice.id,
      user: { id: org.alice.id, first_name: 'Uma', last_name: 'User', email: org.alice.email },
      archived: false,
      assigned_users: [org.bob.id],
      tags: [],
      candidates_count: 0,
      email_template_id: null,
    });
    expect(new Date(offer.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(offer.summary.statuses).toEqual(
      org.statuses.map((s) => ({
        id: s.id,
        index: s.index,
        name: s.name,
        color: s.color,
        candidates_count: 0,
      })),
    );
  });

  it('creates an offer without a company, archived when asked, and ignores unknown keys', async () => {
    const res = await create(org.admin.headers, {
      id: 999,
      name: 'Designer',
      archived: true,
      company: { id: 1 },
      tags: [1],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      name: 'Designer',
      company: null,
      company_id: null,
      archived: true,
      user_id: org.admin.id,
    });
    expect(res.json().id).not.toBe(999);
    expect(res.json()).not.toHaveProperty('user');
  });

  it('rejects an empty, blank, missing, oversized or wrongly typed name with 400 and writes nothing', async () => {
    const before = await countOffers(org.licence.id);
    for (const job_offer of [
      { name: '' },
      { name: '   ' },
      {},
      { name: 'x'.repeat(201) },
      { name: 42 },
      { name: ['a'] },
      { name: null },
      { name: 'nul\u0000byte' },
    ]) {
      const res = await create(org.alice.headers, job_offer);
      expect(res.statusCode, JSON.stringify(job_offer)).toBe(400);
      expect(res.json().error).toBe('validation_error');
      expect(res.json().details[0].path).toBe('body.job_offer.name');
    }
    const blank = await create(org.alice.headers, { name: '  ' });
    expect(blank.json().message).toBe('Invalid request: body.job_offer.name must not be empty');
    const notWrapped = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers: org.alice.headers,
      payload: { name: 'x' },
    });
    expect(notWrapped.statusCode).toBe(400);
    expect(await countOffers(org.licence.id)).toBe(before);
  });

  it('rejects wrong types of the other fields with 400 and writes nothing', async () => {
    const before = await countOffers(org.licence.id);
    const bodies = [
      { name: 'x', company_id: 'abc' },
      { name: 'x', company_id: true },
      { name: 'x', company_id: '5' },
      { name: 'x', assigned_users: [true] },
      { name: 'x', company_id: -1 },
      { name: 'x', company_id: 1.5 },
      { name: 'x', assigned_users: 'everyone' },
      { name: 'x', assigned_users: [0] },
      { name: 'x', archived: 'yes' },
      { name: 'x', email_template_id: {} },
      { name: 'x', company_id: 99_999_999_999 },
      { name: 'x', assigned_users: Array.from({ length: 201 }, (_, i) => i + 1) },
    ];
    for (const job_offer of bodies) {
      const res = await create(org.alice.headers, job_offer);
      expect(res.statusCode, JSON.stringify(job_offer)).toBe(400);
    }
    expect(await countOffers(org.licence.id)).toBe(before);
  });

  it('answers 422 for a company, user or email template that is unknown or of another licence, and writes nothing', async () => {
    const before = await countOffers(org.licence.id);
    const foreignCompany = await createCompany(other.alice.headers, 'Foreign Co');
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'x', company_id: 2_000_000 }, 'Company not found'],
      [{ name: 'x', company_id: foreignCompany.id }, 'Company not found'],
      [{ name: 'x', assigned_users: [org.bob.id, other.bob.id] }, `User ${other.bob.id} not found`],
      [{ name: 'x', assigned_users: [2_000_000] }, 'User 2000000 not found'],
      [{ name: 'x', email_template_id: 2_000_000 }, 'Email template not found'],
    ];
    for (const [job_offer, message] of cases) {
      const res = await create(org.alice.headers, job_offer);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ error: 'invalid_reference', message });
    }
    expect(await countOffers(org.licence.id)).toBe(before);
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      payload: { job_offer: { name: 'x' } },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/job_offers', () => {
  let t2: TestApp;
  let o: Organisation;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    // A licence of its own, so counts and order are exactly known.
    t2 = t;
    o = await organisation(t2);
    const globex = await createCompany(o.alice.headers, 'Globex Corporation');
    const initech = await createCompany(o.alice.headers, 'Initech');
    const specs: [string, Headers, Record<string, unknown>][] = [
      ['rust', o.alice.headers, { name: 'Rust developer', company_id: globex.id }],
      ['sales', o.bob.headers, { name: 'Sales manager', company_id: initech.id }],
      ['old', o.alice.headers, { name: 'Old archived role', archived: true }],
      ['pct', o.bob.headers, { name: '100% remote_ops' }],
    ];
    for (let i = 0; i < 9; i++) specs.push([`filler${i}`, o.admin.headers, { name: `Filler ${i}` }]);
    for (const [key, headers, body] of specs) {
      const res = await create(headers, body);
      expect(res.statusCode).toBe(201);
      ids[key] = res.json().id;
    }
  });

  const list = (query = '', headers = o.alice.headers) => get(headers, `/api/job_offers${query}`);
  const names = (res: { json(): { data: { name: string }[] } }) => res.json().data.map((d) => d.name);

  it('lists 10 per page, newest first, with total, X-Total-Count and Link next', async () => {
    const first = await list();
    expect(first.statusCode).toBe(200);
    expect(first.json().total_count).toBe(13);
    expect(first.headers['x-total-count']).toBe('13');
    expect(first.json().data).toHaveLength(10);
    expect(names(first).slice(0, 2)).toEqual(['Filler 8', 'Filler 7']);
    expect(first.headers.link).toBe('</api/job_offers?page=2&per_page=10>; rel="next"');
    const second = await list('?page=2');
    expect(names(first).at(-1)).toBe('100% remote_ops');
    expect(names(second)).toEqual(['Old archived role', 'Sales manager', 'Rust developer']);
    expect(second.headers.link).toBeUndefined();
    const beyond = await list('?page=5');
    expect(beyond.json()).toEqual({ data: [], total_count: 13 });
    const garbage = await list('?page=abc&per_page=-3');
    expect(names(garbage)).toEqual(names(first));
  });

  it('keeps the filters in the Link header', async () => {
    const res = await list('?filters[archived]=false&per_page=5');
    expect(res.headers.link).toBe(
      '</api/job_offers?filters%5Barchived%5D=false&per_page=5&page=2>; rel="next"',
    );
  });

  it('filters archived and active offers', async () => {
    expect(names(await list('?filters[archived]=true'))).toEqual(['Old archived role']);
    const active = await list('?filters[archived]=false&per_page=100');
    expect(active.json().total_count).toBe(12);
    expect(names(active)).not.toContain('Old archived role');
  });

  it("filters the caller's own offers with owned_by_me", async () => {
    expect(names(await list('?filters[owned_by_me]=true'))).toEqual(['Old archived role', 'Rust developer']);
    expect(names(await list('?filters[owned_by_me]=true', o.bob.headers))).toEqual([
      '100% remote_ops',
      'Sales manager',
    ]);
    expect((await list('?filters[owned_by_me]=false')).json().total_count).toBe(13);
    expect(names(await list('?filters[owned_by_me]=true&filters[archived]=false'))).toEqual([
      'Rust developer',
    ]);
  });

  it('searches offer names and company names, ignoring case, as substrings', async () => {
    expect(names(await list('?filters[search]=DEVELOP'))).toEqual(['Rust developer']);
    expect(names(await list('?filters[search]=globex'))).toEqual(['Rust developer']);
    expect(names(await list('?filters[search]=tech'))).toEqual(['Sales manager']);
    expect(names(await list('?filters[search]=an'))).toEqual(['Sales manager']);
    expect(names(await list('?filters[search]=r&per_page=100'))).toEqual(
      expect.arrayContaining(['Rust developer', 'Filler 0', 'Sales manager']),
    );
    expect((await list('?filters[search]=nothing-like-this')).json()).toEqual({ data: [], total_count: 0 });
    expect((await list('?filters[search]=%20%20')).json().total_count).toBe(13);
  });

  it('takes LIKE wildcards in the search literally', async () => {
    expect(names(await list('?filters[search]=100%25'))).toEqual(['100% remote_ops']);
    expect(names(await list('?filters[search]=_ops'))).toEqual(['100% remote_ops']);
    expect((await list('?filters[search]=%25')).json().total_count).toBe(1);
    expect((await list('?filters[search]=_')).json().total_count).toBe(1);
  });

  it('embeds the manager with embed[]=user or embed=company,user; company and tags always', async () => {
    const res = await list('?filters[search]=rust&embed[]=company&embed[]=user');
    expect(res.json().data[0]).toMatchObject({
      company: { name: 'Globex Corporation' },
      user: { id: o.alice.id, email: o.alice.email, first_name: 'Uma', last_name: 'User' },
      tags: [],
    });
    const comma = await list('?filters[search]=rust&embed=company,user');
    expect(comma.json().data[0].user.id).toBe(o.alice.id);
    const bare = await list('?filters[search]=rust');
    expect(bare.json().data[0]).not.toHaveProperty('user');
    expect(bare.json().data[0].company).toEqual({ id: expect.any(Number), name: 'Globex Corporation' });
  });

  it('rejects bad filters and embeds with 400', async () => {
    for (const q of [
      '?filters[archived]=yes',
      '?filters[owned_by_me]=1',
      '?embed[]=salary',
      `?filters[search]=${'x'.repeat(201)}`,
      '?filters=abc',
      '?filters[search][]=a',
      '?filters[search]=a%00b',
    ]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
  });

  it("never lists another licence's offers", async () => {
    const res = await get(other.admin.headers, '/api/job_offers?per_page=100');
    expect(res.json().data.map((d: { id: number }) => d.id)).not.toEqual(expect.arrayContaining([ids.rust]));
    for (const d of res.json().data) expect(Object.values(ids)).not.toContain(d.id);
  });
});

describe('candidates_count and summary', () => {
  it('counts applications per status for every offer of a page, with every status even at 0', async () => {
    const o = await organisation(t);
    const [s0, s1, s2] = o.statuses;
    if (!s0 || !s1 || !s2) throw new Error('pipeline missing');
    const first = (await create(o.alice.headers, { name: 'First' })).json();
    const second = (await create(o.alice.headers, { name: 'Second' })).json();
    const empty = (await create(o.alice.headers, { name: 'Empty' })).json();
    const people = await insertCandidates(t, o.licence.id, 7);
    const at = (i: number) => people[i] as number;
    await insertApplications(t, o.licence.id, first.id, [
      { candidateId: at(0), statusId: s0.id },
      { candidateId: at(1), statusId: s0.id },
      { candidateId: at(2), statusId: s2.id },
      { candidateId: at(3), statusId: null },
    ]);
    await insertApplications(t, o.licence.id, second.id, [
      { candidateId: at(0), statusId: s1.id },
      { candidateId: at(4), statusId: s1.id },
      { candidateId: at(5), statusId: s1.id },
    ]);
    // Another licence's applications on its own offer change nothing here.
    const foreign = (await create(other.alice.headers, { name: 'Foreign' })).json();
    await insertApplications(t, other.licence.id, foreign.id, [
      {
        candidateId: (await insertCandidates(t, other.licence.id, 1))[0] as number,
        statusId: other.statuses[0]?.id ?? null,
      },
    ]);

    const res = await get(o.alice.headers, '/api/job_offers');
    const byName = Object.fromEntries(res.json().data.map((d: { name: string }) => [d.name, d]));
    const summary = (offer: { summary: { statuses: { id: number; candidates_count: number }[] } }) =>
      Object.fromEntries(offer.summary.statuses.map((s) => [s.id, s.candidates_count]));
    expect(byName.First.candidates_count).toBe(4);
    expect(summary(byName.First)).toMatchObject({ [s0.id]: 2, [s1.id]: 0, [s2.id]: 1 });
    expect(byName.Second.candidates_count).toBe(3);
    expect(summary(byName.Second)).toMatchObject({ [s0.id]: 0, [s1.id]: 3, [s2.id]: 0 });
    expect(byName.Empty.candidates_count).toBe(0);
    expect(byName.Empty.summary.statuses).toHaveLength(o.statuses.length);
    for (const offer of Object.values(byName) as {
      summary: { statuses: { index: number; name: string; color: string }[] };
    }[]) {
      const indexes = offer.summary.statuses.map((s) => s.index);
      expect(indexes).toEqual([...indexes].sort((a, b) => a - b));
      expect(offer.summary.statuses[0]).toMatchObject({ name: s0.name, color: s0.color });
    }
    const one = await get(o.alice.headers, `/api/job_offers/${first.id}`);
    expect(one.json().candidates_count).toBe(4);
    expect(summary(one.json())).toEqual(summary(byName.First));
    expect(empty.candidates_count).toBe(0);
  });

  it('sorts the summary by the pipeline index, not by id', async () => {
    const o = await organisation(t);
    const [s0, s1] = o.statuses;
    if (!s0 || !s1) throw new Error('pipeline missing');
    await t.db.update(statuses).set({ index: 99 }).where(eq(statuses.id, s0.id));
    const offer = (await create(o.alice.headers, { name: 'Reordered' })).json();
    const ordered = offer.summary.statuses.map((s: { id: number }) => s.id);
    expect(ordered[0]).toBe(s1.id);
    expect(ordered.at(-1)).toBe(s0.id);
  });
});

describe('GET /api/job_offers/{id}', () => {
  it('answers one offer, 404 for a missing or other-licence one, 400 for a bad id', async () => {
    const mine = (await create(org.alice.headers, { name: 'Single' })).json();
    const ok = await get(org.bob.headers, `/api/job_offers/${mine.id}?embed[]=user`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ id: mine.id, name: 'Single', user: { id: org.alice.id } });
    const foreign = await get(other.admin.headers, `/api/job_offers/${mine.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: 'Job offer not found' });
    expect((await get(org.bob.headers, '/api/job_offers/2000000')).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-4', '1.5', '99999999999']) {
      expect((await get(org.bob.headers, `/api/job_offers/${bad}`)).statusCode, bad).toBe(400);
    }
  });
});

describe('PATCH /api/job_offers/{id}', () => {
  it('changes name, company, assigned users and archived; leaves out fields it was not given', async () => {
    const acme = await createCompany(org.alice.headers, 'Patch Co');
    const offer = (await create(org.alice.headers, { name: 'Before', assigned_users: [org.bob.id] })).json();
    const res = await patch(
      org.alice.headers,
      offer.id,
      { id: offer.id, name: ' After ', company_id: acme.id },
      '?embed[]=company',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'After',
      company: { id: acme.id, name: 'Patch Co' },
      assigned_users: [org.bob.id],
      archived: false,
    });
    const archived = await patch(org.alice.headers, offer.id, { archived: true });
    expect(archived.json()).toMatchObject({ name: 'After', archived: true, company_id: acme.id });
    const unarchived = await patch(org.alice.headers, offer.id, {
      archived: false,
      company_id: null,
      assigned_users: [],
    });
    expect(unarchived.json()).toMatchObject({
      archived: false,
      company: null,
      company_id: null,
      assigned_users: [],
    });
    const reassigned = await patch(org.alice.headers, offer.id, {
      assigned_users: [org.admin.id, org.bob.id],
    });
    expect(reassigned.json().assigned_users).toEqual([org.admin.id, org.bob.id].sort((a, b) => a - b));
    const empty = await patch(org.alice.headers, offer.id, {});
    expect(empty.statusCode).toBe(200);
    expect(empty.json().name).toBe('After');
  });

  it('links an email template of the licence and unlinks it with null', async () => {
    const [template] = await t.db
      .insert(emailTemplates)
      .values({ licenceId: org.licence.id, name: 'Invitation' })
      .returning({ id: emailTemplates.id });
    const [foreign] = await t.db
      .insert(emailTemplates)
      .values({ licenceId: other.licence.id, name: 'Not ours' })
      .returning({ id: emailTemplates.id });
    const offer = (
      await create(org.alice.headers, { name: 'With template', email_template_id: template?.id })
    ).json();
    expect(offer.email_template_id).toBe(template?.id);
    const refused = await patch(org.alice.headers, offer.id, { email_template_id: foreign?.id });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ error: 'invalid_reference', message: 'Email template not found' });
    const cleared = await patch(org.alice.headers, offer.id, { email_template_id: null });
    expect(cleared.json().email_template_id).toBeNull();
  });

  it('rejects bad input with 400/422 and changes nothing', async () => {
    const offer = (await create(org.alice.headers, { name: 'Stable', assigned_users: [org.bob.id] })).json();
    const foreignCompany = await createCompany(other.alice.headers, 'Foreign Patch Co');
    const cases: [Record<string, unknown>, number][] = [
      [{ name: '' }, 400],
      [{ name: '   ' }, 400],
      [{ name: 'y'.repeat(201) }, 400],
      [{ archived: 'true' }, 400],
      [{ assigned_users: [org.admin.id, 'x'] }, 400],
      [{ name: 'Changed', company_id: foreignCompany.id }, 422],
      [{ name: 'Changed', assigned_users: [org.admin.id, other.alice.id] }, 422],
      [{ name: 'Changed', email_template_id: 2_000_000 }, 422],
    ];
    for (const [body, status] of cases) {
      const res = await patch(org.alice.headers, offer.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
    }
    const after = await get(org.alice.headers, `/api/job_offers/${offer.id}`);
    expect(after.json()).toMatchObject({
      name: 'Stable',
      company_id: null,
      assigned_users: [org.bob.id],
      archived: false,
    });
  });

  it("answers 404 for another licence's offer or a missing one", async () => {
    const offer = (await create(org.alice.headers, { name: 'Not yours' })).json();
    const res = await patch(other.admin.headers, offer.id, { name: 'Stolen' });
    expect(res.statusCode).toBe(404);
    expect((await patch(org.admin.headers, 2_000_000, { name: 'x' })).statusCode).toBe(404);
    expect((await get(org.alice.headers, `/api/job_offers/${offer.id}`)).json().name).toBe('Not yours');
  });
});

describe('DELETE /api/job_offers/{id}', () => {
  it('deletes the offer with its applications in one go; candidates and other offers stay', async () => {
    const o = await organisation(t);
    const doomed = (await create(o.alice.headers, { name: 'Doomed', assigned_users: [o.bob.id] })).json();
    const kept = (await create(o.alice.headers, { name: 'Kept' })).json();
    const people = await insertCandidates(t, o.licence.id, 3);
    const statusId = o.statuses[0]?.id ?? null;
    await insertApplications(
      t,
      o.licence.id,
      doomed.id,
      people.map((candidateId) => ({ candidateId, statusId })),
    );
    await insertApplications(t, o.licence.id, kept.id, [{ candidateId: people[0] as number, statusId }]);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_offers/${doomed.id}`,
      headers: o.alice.headers,
    });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await get(o.alice.headers, `/api/job_offers/${doomed.id}`)).statusCode).toBe(404);
    const apps = await t.db.select().from(jobApplications).where(eq(jobApplications.licenceId, o.licence.id));
    expect(apps.map((a) => a.jobOfferId)).toEqual([kept.id]);
    const people2 = await t.db
      .select({ id: candidates.id })
      .from(candidates)
      .where(eq(candidates.licenceId, o.licence.id));
    expect(people2).toHaveLength(3);
    const assigned = await t.db
      .select()
      .from(jobOfferAssignedUsers)
      .where(eq(jobOfferAssignedUsers.jobOfferId, doomed.id));
    expect(assigned).toEqual([]);
    expect((await get(o.alice.headers, `/api/job_offers/${kept.id}`)).json().candidates_count).toBe(1);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_offers/${doomed.id}`,
      headers: o.alice.headers,
    });
    expect(again.statusCode).toBe(404);
  });

  it("answers 404 for another licence's offer and deletes nothing", async () => {
    const offer = (await create(org.alice.headers, { name: 'Safe' })).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/job_offers/${offer.id}`,
      headers: other.admin.headers,
    });
    expect(res.statusCode).toBe(404);
    expect((await get(org.alice.headers, `/api/job_offers/${offer.id}`)).statusCode).toBe(200);
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/job_offers/abc',
      headers: org.admin.headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every job offer, company, tag and status route', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of [
      '/api/job_offers',
      '/api/job_offers/{id}',
      '/api/job_offers/{id}/tags/{tagId}',
      '/api/companies',
      '/api/companies/{id}',
      '/api/tags',
      '/api/tags/{id}',
      '/api/statuses',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
  });
});
