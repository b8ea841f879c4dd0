import { describe, expect, it } from 'vitest';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import type { Headers, TestApp } from '../../test/harness.ts';

// Saved searches (issue 28, decision 208): private and shared, new matches per viewer, owner's rights.
let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const save = (headers: Headers, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/saved_searches', headers, payload });
const list = async (headers: Headers) => {
  const res = await t.app.inject({ url: '/api/saved_searches', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    id: number;
    name: string;
    new_matches: number;
    mine: boolean;
    alert: string | null;
  }[];
};
const open = (headers: Headers, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/saved_searches/${id}/open`, headers });
const newCandidate = async (headers: Headers, lastName: string) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/candidates',
    headers,
    payload: { candidate: { first_name: 'Saved', last_name: lastName } },
  });
  expect(res.statusCode, res.body).toBe(201);
};
const query = (search: string) => ({ search, tags: [], in_cvs: false, source: '', legal_basis: '' });

describe('saved searches', () => {
  it('refuses bad input (400): empty name, a name over 100 characters, unknown fields, a bad tag expression', async () => {
    const bad = [
      { name: '  ', query: query('x') },
      { name: 'a'.repeat(101), query: query('x') },
      { name: 'ok', query: query('x'), colour: 'red' },
      { name: 'ok', query: { ...query('x'), sort: 'name' } },
      { name: 'ok', query: { ...query('x'), tags: ['1', 'or'] } },
      { name: 'ok', query: { ...query('x'), legal_basis: 'whim' } },
    ];
    for (const payload of bad) {
      const res = await save(org.alice.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/saved_searches/1',
      headers: org.alice.headers,
      payload: {},
    });
    expect(patch.statusCode).toBe(400);
  });

  it("keeps a private search its owner's and shows a shared one to the licence, never to another", async () => {
    const mine = (await save(org.alice.headers, { name: 'Alice private', query: query('zebulon') })).json();
    const shared = await save(org.alice.headers, {
      name: 'Team Rust',
      shared: true,
      query: query('rustacean'),
    });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json()).toMatchObject({ name: 'Team Rust', shared: true, mine: true, new_matches: 0 });
    const sharedId = shared.json().id as number;

    const bobs = await list(org.bob.headers);
    expect(bobs.map((s) => s.name)).toContain('Team Rust');
    expect(bobs.map((s) => s.name)).not.toContain('Alice private');
    expect(bobs.find((s) => s.id === sharedId)?.mine).toBe(false);
    expect((await open(org.bob.headers, mine.id)).statusCode).toBe(404);
    expect((await list(other.admin.headers)).map((s) => s.id)).not.toContain(sharedId);
    expect((await open(other.admin.headers, sharedId)).statusCode).toBe(404);
    const otherPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved_searches/${sharedId}`,
      headers: other.admin.headers,
      payload: { name: 'Mine now' },
    });
    expect(otherPatch.statusCode).toBe(404);

    // Rename and share: the owner only.
    const bobRenames = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved_searches/${sharedId}`,
      headers: org.bob.headers,
      payload: { name: 'Bob was here' },
    });
    expect(bobRenames.statusCode).toBe(403);
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/saved_searches/${mine.id}`,
      headers: org.alice.headers,
      payload: { name: 'Zebulons', shared: true },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Zebulons', shared: true });
    expect((await list(org.bob.headers)).map((s) => s.name)).toContain('Zebulons');

    // Delete: a user not the owner is refused, an admin deletes a shared one.
    const bobDeletes = await t.app.inject({
      method: 'DELETE',
      url: `/api/saved_searches/${sharedId}`,
      headers: org.bob.headers,
    });
    expect(bobDeletes.statusCode).toBe(403);
    const adminDeletes = await t.app.inject({
      method: 'DELETE',
      url: `/api/saved_searches/${sharedId}`,
      headers: org.admin.headers,
    });
    expect(adminDeletes.statusCode).toBe(204);
    expect((await list(org.alice.headers)).map((s) => s.id)).not.toContain(sharedId);
  });

  it('counts new matches per viewer, up when a matching candidate is created and back to 0 after opening', async () => {
    const created = await save(org.alice.headers, {
      name: 'Quetzals',
      shared: true,
      query: query('quetzal'),
    });
    const id = created.json().id as number;
    await newCandidate(org.admin.headers, 'Quetzalcoatl');
    await newCandidate(org.admin.headers, 'Quetzaline');
    await newCandidate(org.admin.headers, 'Unrelated');
    await newCandidate(other.admin.headers, 'Quetzal of another licence');
    const count = async (headers: Headers) => (await list(headers)).find((s) => s.id === id)?.new_matches;
    expect(await count(org.alice.headers)).toBe(2);
    expect(await count(org.bob.headers)).toBe(2);

    const opened = await open(org.alice.headers, id);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ id, new_matches: 0, query: { search: 'quetzal' } });
    expect(opened.json().last_opened_at).not.toBeNull();
    expect(await count(org.alice.headers)).toBe(0);
    // Bob has not opened it: his count stays.
    expect(await count(org.bob.headers)).toBe(2);

    await newCandidate(org.bob.headers, 'Quetzalli');
    expect(await count(org.alice.headers)).toBe(1);
    expect(await count(org.bob.headers)).toBe(3);
  });

  it('saves parallel searches each once', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        save(org.bob.headers, { name: `Parallel ${i}`, query: query(`p${i}`) }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
    const ids = new Set(results.map((r) => r.json().id));
    expect(ids.size).toBe(6);
    const names = (await list(org.bob.headers)).filter((s) => s.mine).map((s) => s.name);
    for (let i = 0; i < 6; i++) expect(names).toContain(`Parallel ${i}`);
  });

  it("sets a search's alert: its owner only, another licence's is 404, bad input is 400 and changes nothing", async () => {
    const created = await save(org.alice.headers, {
      name: 'Alerting',
      shared: true,
      query: query('alerting'),
      alert: 'daily',
      alert_language: 'fr',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ alert: 'daily' });
    const id = created.json().id as number;
    const patch = (headers: Headers, payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/saved_searches/${id}`,
        headers,
        payload: payload as object,
      });
    const aliceSees = async () =>
      (await list(org.alice.headers)).find((s) => s.id === id) as { alert: string };

    // A teammate sees the shared search but not its owner's alert, and may not set it.
    expect((await list(org.bob.headers)).find((s) => s.id === id)).toMatchObject({ alert: null });
    const bob = await patch(org.bob.headers, { alert: 'instant' });
    expect(bob.statusCode).toBe(403);
    const stranger = await patch(other.admin.headers, { alert: 'instant' });
    expect(stranger.statusCode).toBe(404);
    for (const payload of [
      { alert: 'hourly' },
      { alert: true },
      { alert: 'instant', alert_language: 'de' },
      { alert_language: 'fr' },
      { alert: 'instant', colour: 'red' },
    ]) {
      const res = await patch(org.alice.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const badCreate = await save(org.alice.headers, { name: 'x', query: query('x'), alert: 'weekly' });
    expect(badCreate.statusCode).toBe(400);
    expect((await aliceSees())?.alert).toBe('daily');

    const turned = await patch(org.alice.headers, { alert: 'instant' });
    expect(turned.statusCode, turned.body).toBe(200);
    expect(turned.json()).toMatchObject({ alert: 'instant', name: 'Alerting' });
    expect((await patch(org.alice.headers, { alert: 'off' })).json()).toMatchObject({ alert: 'off' });
    expect((await aliceSees())?.alert).toBe('off');
  });
});
