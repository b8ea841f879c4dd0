import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Organisation, organisation, setSetting } from '../../test/fixtures/organisation.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let org: Organisation;
let offerId: number;
type Headers = Record<string, string>;
const setLevel = (id: number, level: 'manager' | 'other') =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: org.admin.headers, payload: { level } });
const rename = (headers: Headers, name: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/job_offers/${offerId}`,
    headers,
    payload: { job_offer: { name } },
  });

beforeAll(async () => {
  t = await createTestApp();
  org = await organisation(t);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/job_offers',
    headers: org.alice.headers,
    payload: { job_offer: { name: 'Levels', assigned_users: [org.bob.id] } },
  });
  offerId = res.json().id;
});
afterAll(() => t.close());

describe("SPEC section 6's levels (docs/decisions/090-user-levels.md)", () => {
  it('a manager changes the offers they manage or are assigned to', async () => {
    expect((await rename(org.alice.headers, 'By the manager')).statusCode).toBe(200);
    expect((await rename(org.bob.headers, 'By the assigned manager')).statusCode).toBe(200);
  });

  it('other reads the offers they are on but changes, tags, deletes and creates none; an admin still may', async () => {
    expect((await setLevel(org.bob.id, 'other')).statusCode).toBe(200);
    const read = await t.app.inject({ url: `/api/job_offers/${offerId}`, headers: org.bob.headers });
    expect(read.statusCode).toBe(200);
    const refused = await rename(org.bob.headers, 'By other');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'forbidden',
      message: 'Your level lets you read job offers, not change them',
    });
    const tag = await t.app.inject({
      method: 'POST',
      url: '/api/tags',
      headers: org.admin.headers,
      payload: { name: 'Level tag' },
    });
    const attach = await t.app.inject({
      method: 'POST',
      url: `/api/job_offers/${offerId}/tags/${tag.json().id}`,
      headers: org.bob.headers,
    });
    expect(attach.statusCode).toBe(403);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers: org.bob.headers,
      payload: { job_offer: { name: 'Not allowed' } },
    });
    expect(created.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/job_offers/${offerId}`, headers: org.bob.headers }))
        .statusCode,
    ).toBe(403);
    expect((await rename(org.admin.headers, 'By the admin')).statusCode).toBe(200);
  });

  it('applies on the next request, and back to manager gives the rights back', async () => {
    await setLevel(org.alice.id, 'other');
    expect((await rename(org.alice.headers, 'Alice as other')).statusCode).toBe(403);
    await setLevel(org.alice.id, 'manager');
    expect((await rename(org.alice.headers, 'Alice as manager')).statusCode).toBe(200);
  });

  it('other still sees only what the transparency rule shows them', async () => {
    await setSetting(t, org.licence.id, 'transparency', 'opaque');
    const admins = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers: org.admin.headers,
      payload: { job_offer: { name: 'Admin only' } },
    });
    expect(
      (await t.app.inject({ url: `/api/job_offers/${admins.json().id}`, headers: org.bob.headers }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: `/api/job_offers/${offerId}`, headers: org.bob.headers })).statusCode,
    ).toBe(200);
    await setSetting(t, org.licence.id, 'transparency', 'transparent');
  });
});
