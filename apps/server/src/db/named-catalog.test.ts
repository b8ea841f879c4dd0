import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Organisation, organisation } from '../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../test/fixtures/with-organisations.ts';
import { resourceRequests, type TestApp } from '../test/harness.ts';
import type { NamedCatalogTable } from './named-catalog.ts';
import { companies, tags } from './schema/index.ts';

/**
 * What companies and tags share (db/named-catalog.ts; SPEC section 7): create-or-find by name ignoring case, the
 * sorted and searchable page, rename, and the answers to bad input and other licences. Who may write is each
 * resource's policy, tested beside it (companies.routes.test.ts, tags.routes.test.ts): here a user creates and
 * the renamer is one the default settings allow.
 */
describe.each([
  {
    path: '/api/companies',
    table: companies as NamedCatalogTable,
    thing: 'Company',
    duplicate: 'A company with this name already exists',
    renamer: 'alice' as const,
  },
  {
    path: '/api/tags',
    table: tags as NamedCatalogTable,
    thing: 'Tag',
    duplicate: 'A tag with this name already exists',
    renamer: 'admin' as const,
  },
])('$path', ({ path, table, thing, duplicate, renamer }) => {
  let t: TestApp, org: Organisation, other: Organisation;
  withTwoOrganisations((made) => ({ t, org, other } = made));
  const { create: post, update: rename, list } = resourceRequests(() => t, path);
  const namesOf = async (licenceId: number) =>
    (await t.db.select({ name: table.name }).from(table).where(eq(table.licenceId, licenceId)))
      .map((row) => row.name)
      .sort();
  const names = (res: { json: () => { data: { name: string }[] } }) => res.json().data.map((row) => row.name);

  describe('POST', () => {
    it('creates with a trimmed name (201); a name differing only in case answers the existing one (200)', async () => {
      const res = await post(org.alice.headers, { name: '  Umbrella Corp  ' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ id: expect.any(Number), name: 'Umbrella Corp' });
      const again = await post(org.bob.headers, { name: 'umbrella CORP ' });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(res.json());
      expect((await namesOf(org.licence.id)).filter((n) => n.toLowerCase() === 'umbrella corp')).toHaveLength(
        1,
      );
    });

    it('lets two licences each have the same name', async () => {
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
        { name: false },
        { name: { a: 1 } },
        { name: ['a'] },
        [],
      ]) {
        const res = await post(org.alice.headers, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(res.json().error).toBe('validation_error');
      }
      expect(await namesOf(org.licence.id)).toEqual(before);
      expect((await post(org.alice.headers, { name: 'x'.repeat(200) })).statusCode).toBe(201);
    });
  });

  describe('GET', () => {
    it('lists the licence rows sorted by name ignoring case, searchable, paginated with Link next', async () => {
      const o = await organisation(t);
      for (const name of ['beta Labs', 'Alpha Inc', 'Gamma Labs', 'delta'])
        await post(o.alice.headers, { name });
      const all = await list(o.bob.headers);
      expect(all.statusCode).toBe(200);
      expect(all.json()).toEqual({
        data: ['Alpha Inc', 'beta Labs', 'delta', 'Gamma Labs'].map((name) => ({
          id: expect.any(Number),
          name,
        })),
        total_count: 4,
      });
      expect(names(await list(o.bob.headers, '?filters[search]=LABS'))).toEqual(['beta Labs', 'Gamma Labs']);
      expect(names(await list(o.bob.headers, '?filters[search]=lta'))).toEqual(['delta']);
      // A term of 1 or 2 characters matches the start of the name (DESIGN section 2).
      expect(names(await list(o.bob.headers, '?filters[search]=ta'))).toEqual([]);
      expect(names(await list(o.bob.headers, '?filters[search]=GA'))).toEqual(['Gamma Labs']);
      const page = await list(o.bob.headers, '?per_page=3');
      expect(page.json().data).toHaveLength(3);
      expect(page.headers['x-total-count']).toBe('4');
      expect(page.headers.link).toBe(`<${path}?per_page=3&page=2>; rel="next"`);
      const last = await list(o.bob.headers, '?per_page=3&page=2');
      expect(names(last)).toEqual(['Gamma Labs']);
      expect(last.headers.link).toBeUndefined();
    });

    it("never lists another licence's rows", async () => {
      await post(org.alice.headers, { name: 'Only mine' });
      const res = await list(other.bob.headers, '?per_page=100');
      expect(names(res).sort()).toEqual(await namesOf(other.licence.id));
      expect(names(res)).not.toContain('Only mine');
    });

    it('rejects an oversized search or an unknown filter with 400', async () => {
      expect((await list(org.bob.headers, `?filters[search]=${'x'.repeat(201)}`)).statusCode).toBe(400);
      expect((await list(org.bob.headers, '?filters[owner]=me')).statusCode).toBe(400);
    });
  });

  describe('PATCH', () => {
    it('renames, trimmed; keeping its own name in another case is fine', async () => {
      const row = (await post(org.alice.headers, { name: 'Old Name' })).json();
      const res = await rename(org[renamer].headers, row.id, { name: ' New Name ' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ id: row.id, name: 'New Name' });
      expect((await rename(org[renamer].headers, row.id, { name: 'NEW NAME' })).json().name).toBe('NEW NAME');
    });

    it('answers 409 when another row has the name ignoring case, and changes nothing', async () => {
      await post(org.alice.headers, { name: 'Taken' });
      const row = (await post(org.alice.headers, { name: 'Free' })).json();
      const res = await rename(org[renamer].headers, row.id, { name: 'taken' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'conflict', message: duplicate });
      expect(await namesOf(org.licence.id)).toContain('Free');
    });

    it("answers 404 for another licence's or a missing row, 400 for bad input; nothing changes", async () => {
      const row = (await post(org.alice.headers, { name: 'Guarded' })).json();
      const foreign = await rename(other.admin.headers, row.id, { name: 'Stolen' });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json()).toEqual({ error: 'not_found', message: `${thing} not found` });
      expect((await rename(org[renamer].headers, 2_000_000, { name: 'x' })).statusCode).toBe(404);
      expect((await rename(org[renamer].headers, 'abc', { name: 'x' })).statusCode).toBe(400);
      expect((await rename(org[renamer].headers, row.id, { name: ' ' })).statusCode).toBe(400);
      expect((await rename(org[renamer].headers, row.id, { name: 'z'.repeat(201) })).statusCode).toBe(400);
      expect(await namesOf(org.licence.id)).toContain('Guarded');
    });
  });
});
