import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statuses } from '../../db/schema/index.ts';
import { type TestApp, withTestApp } from '../../test/harness.ts';
import { DEFAULT_PIPELINE } from '../licence/provision.ts';

let t: TestApp;
withTestApp((app) => (t = app));

describe('GET /api/statuses', () => {
  it("answers the licence's pipeline sorted by index, for any user, and never another licence's", async () => {
    const { licence, statuses: pipeline } = await t.licence();
    await t.licence();
    await t.user(licence.id, 'user@org1.test');
    const first = pipeline[0];
    if (!first) throw new Error('pipeline missing');
    // Move the first status to the end: the order is the index, not the id.
    await t.db.update(statuses).set({ index: 42 }).where(eq(statuses.id, first.id));
    const { jwt } = await t.login('user@org1.test');
    const res = await t.app.inject({ url: '/api/statuses', headers: t.auth(jwt) });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.map((s: { name: string }) => s.name)).toEqual([
      ...DEFAULT_PIPELINE.slice(1).map((s) => s.name),
      DEFAULT_PIPELINE[0].name,
    ]);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      name: 'Contacted',
      index: 1,
      color: '7950f2',
      rejected: false,
    });
    expect(data.at(-1)).toEqual({
      id: first.id,
      name: first.name,
      index: 42,
      color: first.color,
      rejected: false,
    });
    const ids = new Set(pipeline.map((s) => s.id));
    for (const s of data) expect(ids.has(s.id)).toBe(true);
    const other = await t.login('admin@org2.test');
    const theirs = (await t.app.inject({ url: '/api/statuses', headers: t.auth(other.jwt) })).json().data;
    for (const s of theirs) expect(ids.has(s.id)).toBe(false);
  });

  it('answers 401 without a token', async () => {
    expect((await t.app.inject({ url: '/api/statuses' })).statusCode).toBe(401);
  });
});
