import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../../db/schema/index.ts';
import { type Organisation, organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import { resourceRequests, type TestApp } from '../../test/harness.ts';

let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create: post, update: rename } = resourceRequests(() => t, '/api/companies');
const namesOf = async (licenceId: number) =>
  (await t.db.select({ name: companies.name }).from(companies).where(eq(companies.licenceId, licenceId)))
    .map((c) => c.name)
    .sort();

describe('POST /api/companies', () => {
  it('creates a company with a trimmed name (201)', async () => {
    const res = await post(org.alice.headers, { name: '  Umbrella Corp  ' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), name: 'Umbrella Corp' });
  });

  it('answers the existing company (200) for a name that differs only in case, creating nothing', async () => {
    const first = (await post(org.alice.headers, { name: 'Wayne Enterprises' })).json();
    const again = await post(org.bob.headers, { name: 'wayne ENTERPRISES ' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    expect(
      (await namesOf(org.licence.id)).filter((n) => n.toLowerCase() === 'wayne enterprises'),
    ).toHaveLength(1);
  });

  it('lets two licences each have a company of the same name', async () => {
    const mine = await post(org.alice.headers, { name: 'Shared Name' });
    const theirs = await post(other.alice.headers, { name: 'Shared Name' });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(mine.json().id);
  });

  it('rejects empty, blank, oversized, missing and wrongly typed names with 400, writing nothing', async () => {
    const before = await namesOf(org.licence.id);
    for (const body of [
      { name: '' },
      { name: '  ' },
      { name: 'x'.repeat(201) },
      { name: 'nul\u0000byte' },
      {},
      { name: 7 },
      { name: { a: 1 } },
      [],
    ]) {
      const res = await post(org.alice.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
    expect((await post(org.alice.headers, { name: 'x'.repeat(200) })).statusCode).toBe(201);
    expect(await namesOf(org.licence.id)).toEqual([...before, 'x'.repeat(200)].sort());
  });

  describe('with company_creation = admins_only', () => {
    beforeAll(() => setSetting(t, org.licence.id, 'company_creation', 'admins_only'));
    afterAll(() => setSetting(t, org.licence.id, 'company_creation', 'everyone'));

    it('answers 403 to a user and creates nothing; an admin still creates', async () => {
      const refused = await post(org.alice.headers, { name: 'Refused Ltd' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        error: 'forbidden',
        message: 'Only an admin can create or rename a company',
      });
      expect(await namesOf(org.licence.id)).not.toContain('Refused Ltd');
      expect((await post(org.admin.headers, { name: 'Admin Ltd' })).statusCode).toBe(201);
    });

    it('answers 403 to a user renaming a company', async () => {
      const company = (await post(org.admin.headers, { name: 'Locked name' })).json();
      expect((await rename(org.alice.headers, company.id, { name: 'Changed' })).statusCode).toBe(403);
      expect((await rename(org.admin.headers, company.id, { name: 'Changed by admin' })).statusCode).toBe(
        200,
      );
    });

    it("leaves another licence's rule alone", async () => {
      expect((await post(other.alice.headers, { name: 'Still allowed' })).statusCode).toBe(201);
    });
  });
});

describe('GET /api/companies', () => {
  it('lists the licence companies sorted by name, searchable ignoring case, paginated', async () => {
    const o = await organisation(t);
    for (const name of ['beta Labs', 'Alpha Inc', 'Gamma Labs', 'delta'])
      await post(o.alice.headers, { name });
    const all = await t.app.inject({ url: '/api/companies', headers: o.bob.headers });
    expect(all.statusCode).toBe(200);
    expect(all.json()).toEqual({
      data: ['Alpha Inc', 'beta Labs', 'delta', 'Gamma Labs'].map((name) => ({
        id: expect.any(Number),
        name,
      })),
      total_count: 4,
    });
    const labs = await t.app.inject({ url: '/api/companies?filters[search]=LABS', headers: o.bob.headers });
    expect(labs.json().data.map((c: { name: string }) => c.name)).toEqual(['beta Labs', 'Gamma Labs']);
    const inside = await t.app.inject({ url: '/api/companies?filters[search]=lta', headers: o.bob.headers });
    expect(inside.json().data.map((c: { name: string }) => c.name)).toEqual(['delta']);
    // A term of 1 or 2 characters matches the start of the name (DESIGN section 2).
    const short = await t.app.inject({ url: '/api/companies?filters[search]=ta', headers: o.bob.headers });
    expect(short.json().data).toEqual([]);
    const prefix = await t.app.inject({ url: '/api/companies?filters[search]=GA', headers: o.bob.headers });
    expect(prefix.json().data.map((c: { name: string }) => c.name)).toEqual(['Gamma Labs']);
    const page = await t.app.inject({ url: '/api/companies?per_page=3', headers: o.bob.headers });
    expect(page.json().data).toHaveLength(3);
    expect(page.headers['x-total-count']).toBe('4');
    expect(page.headers.link).toBe('</api/companies?per_page=3&page=2>; rel="next"');
    const last = await t.app.inject({ url: '/api/companies?per_page=3&page=2', headers: o.bob.headers });
    expect(last.json().data.map((c: { name: string }) => c.name)).toEqual(['Gamma Labs']);
    expect(last.headers.link).toBeUndefined();
  });

  it("never lists another licence's companies", async () => {
    const res = await t.app.inject({ url: '/api/companies?per_page=100', headers: other.bob.headers });
    expect(
      res
        .json()
        .data.map((c: { name: string }) => c.name)
        .sort(),
    ).toEqual(await namesOf(other.licence.id));
    expect(res.json().data.map((c: { name: string }) => c.name)).not.toContain('Umbrella Corp');
  });

  it('rejects a malformed search with 400', async () => {
    const res = await t.app.inject({
      url: `/api/companies?filters[search]=${'x'.repeat(201)}`,
      headers: org.bob.headers,
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('PATCH /api/companies/{id}', () => {
  it('renames a company, trimmed; keeping its own name in another case is fine', async () => {
    const company = (await post(org.alice.headers, { name: 'Old Name' })).json();
    const res = await rename(org.bob.headers, company.id, { name: ' New Name ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: company.id, name: 'New Name' });
    expect((await rename(org.bob.headers, company.id, { name: 'NEW NAME' })).json().name).toBe('NEW NAME');
  });

  it('answers 409 when another company has the name, and changes nothing', async () => {
    await post(org.alice.headers, { name: 'Taken Co' });
    const company = (await post(org.alice.headers, { name: 'Free Co' })).json();
    const res = await rename(org.alice.headers, company.id, { name: 'taken co' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'conflict', message: 'A company with this name already exists' });
    expect(await namesOf(org.licence.id)).toContain('Free Co');
  });

  it("answers 404 for another licence's or a missing company, 400 for bad input; nothing changes", async () => {
    const company = (await post(org.alice.headers, { name: 'Guarded Co' })).json();
    const foreign = await rename(other.admin.headers, company.id, { name: 'Stolen' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: 'Company not found' });
    expect((await rename(org.alice.headers, 2_000_000, { name: 'x' })).statusCode).toBe(404);
    expect((await rename(org.alice.headers, 'abc', { name: 'x' })).statusCode).toBe(400);
    expect((await rename(org.alice.headers, company.id, { name: '' })).statusCode).toBe(400);
    expect((await rename(org.alice.headers, company.id, { name: 'y'.repeat(201) })).statusCode).toBe(400);
    expect(await namesOf(org.licence.id)).toContain('Guarded Co');
  });
});
