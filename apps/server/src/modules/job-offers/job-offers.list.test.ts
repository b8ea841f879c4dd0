import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { statuses } from '../../db/schema/index.ts';
import {
  insertApplications,
  insertCandidates,
  jobOfferRequests,
  type Organisation,
  organisation,
} from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { Headers, TestApp } from '../../test/harness.ts';

// Reading job offers: the list (pages, filters, search, embeds), the per-status summary, and one offer.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create, get, createCompany } = jobOfferRequests(() => t);

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

  it('searches offer names and company names, ignoring case, as substrings from 3 characters', async () => {
    expect(names(await list('?filters[search]=DEVELOP'))).toEqual(['Rust developer']);
    expect(names(await list('?filters[search]=globex'))).toEqual(['Rust developer']);
    expect(names(await list('?filters[search]=tech'))).toEqual(['Sales manager']);
    expect(names(await list('?filters[search]=man'))).toEqual(['Sales manager']);
  });

  it('matches a term of 1 or 2 characters at the start of the offer or company name (DESIGN section 2)', async () => {
    expect(names(await list('?filters[search]=an'))).toEqual([]);
    expect(names(await list('?filters[search]=SA'))).toEqual(['Sales manager']);
    // 'in' starts the company name Initech.
    expect(names(await list('?filters[search]=in'))).toEqual(['Sales manager']);
    expect(names(await list('?filters[search]=r&per_page=100'))).toEqual(['Rust developer']);
    expect(names(await list('?filters[search]=f&per_page=100'))).toHaveLength(9);
    expect((await list('?filters[search]=nothing-like-this')).json()).toEqual({ data: [], total_count: 0 });
    expect((await list('?filters[search]=%20%20')).json().total_count).toBe(13);
  });

  it('takes LIKE wildcards in the search literally', async () => {
    expect(names(await list('?filters[search]=100%25'))).toEqual(['100% remote_ops']);
    expect(names(await list('?filters[search]=_ops'))).toEqual(['100% remote_ops']);
    // One character is a prefix: no name starts with '%' or '_', and neither is a wildcard matching all 13.
    expect((await list('?filters[search]=%25')).json().total_count).toBe(0);
    expect((await list('?filters[search]=_')).json().total_count).toBe(0);
    expect(names(await list('?filters[search]=10'))).toEqual(['100% remote_ops']);
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
