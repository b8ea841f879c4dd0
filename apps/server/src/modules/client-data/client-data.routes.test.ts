import { describe, expect, it } from 'vitest';
import { userClientData } from '../../db/schema/index.ts';
import type { Organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import { resourceRequests, type TestApp } from '../../test/harness.ts';

let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { replace: put, list } = resourceRequests(() => t, '/api/client_data');

describe('PUT /api/client_data/{userId}', () => {
  it("lets an admin save a user's Salesforce ID, shown in the user's answers too", async () => {
    const res = await put(org.admin.headers, org.alice.id, { sf_id: ' 0035g00000XyZ ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user_id: org.alice.id,
      sf_id: '0035g00000XyZ',
      updated_at: expect.any(String),
    });
    const user = await t.app.inject({ url: `/api/users/${org.alice.id}`, headers: org.bob.headers });
    expect(user.json().sf_id).toBe('0035g00000XyZ');
    const me = await t.app.inject({ url: '/api/users/me', headers: org.alice.headers });
    expect(me.json().sf_id).toBe('0035g00000XyZ');
    // Saving again replaces the record; an empty ID is none.
    expect((await put(org.admin.headers, org.alice.id, { sf_id: '' })).json().sf_id).toBeNull();
    expect((await put(org.admin.headers, org.alice.id, { sf_id: 'SF-2' })).json().sf_id).toBe('SF-2');
  });

  it("refuses a user (403), another licence's user (404) and bad bodies (400), writing nothing", async () => {
    const before = await t.db.select().from(userClientData);
    const refused = await put(org.alice.headers, org.alice.id, { sf_id: 'SELF' });
    expect(refused.statusCode).toBe(403);
    expect((await put(other.admin.headers, org.bob.id, { sf_id: 'STOLEN' })).statusCode).toBe(404);
    expect((await put(org.admin.headers, 2_000_000, { sf_id: 'NOBODY' })).statusCode).toBe(404);
    for (const body of [{}, { sf_id: 12 }, { sf_id: 'x'.repeat(65) }, { sf_id: 'a\u0000b' }]) {
      expect((await put(org.admin.headers, org.bob.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await t.db.select().from(userClientData)).toEqual(before);
  });
});

describe('GET /api/client_data', () => {
  it("lists the licence's records to any of its users, 100 per page by default, never another licence's", async () => {
    await put(org.admin.headers, org.bob.id, { sf_id: 'SF-BOB' });
    await put(other.admin.headers, other.bob.id, { sf_id: 'SF-OTHER' });
    const res = await list(org.bob.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { user_id: number; sf_id: string }) => [r.user_id, r.sf_id])).toEqual(
      [
        [org.alice.id, 'SF-2'],
        [org.bob.id, 'SF-BOB'],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    expect(res.json().total_count).toBe(2);
    const paged = await list(org.bob.headers, '?per_page=1');
    expect(paged.json().data).toHaveLength(1);
    expect(paged.headers.link).toBe('</api/client_data?per_page=1&page=2>; rel="next"');
    expect((await list({})).statusCode).toBe(401);
  });
});
