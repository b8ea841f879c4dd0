// DELETE /api/users/{id}, and the last admin of a licence, whom neither a demotion nor a deletion removes.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  jobOfferAssignedUsers,
  jobOffers,
  refreshTokens,
  userClientData,
  users,
} from '../../db/schema/index.ts';
import { organisation } from '../../test/fixtures/organisation.ts';
import { type Organisation, type TestApp, userApi, withTwoOrganisations } from '../../test/fixtures/users.ts';

let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const { patch, remove, row } = userApi(() => t);

describe('the last admin', () => {
  it('cannot be demoted or deleted; with a second admin, one of them can', async () => {
    const o = await organisation(t);
    const demote = await patch(o.admin.headers, o.admin.id, { role: 'user' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({
      error: 'last_admin',
      message: 'The last admin of a licence cannot become a user',
    });
    expect((await row(o.admin.id))?.role).toBe('admin');
    // Deleting oneself is refused whatever the count; the last admin is always the caller.
    const self = await remove(o.admin.headers, o.admin.id);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe('You cannot delete your own account');

    expect((await patch(o.admin.headers, o.alice.id, { role: 'admin' })).statusCode).toBe(200);
    expect((await patch(o.alice.headers, o.admin.id, { role: 'user' })).statusCode).toBe(200);
    expect((await patch(o.alice.headers, o.alice.id, { role: 'user' })).statusCode).toBe(409);
  });

  it('holds when two admins demote each other at the same moment', async () => {
    const o = await organisation(t);
    await patch(o.admin.headers, o.alice.id, { role: 'admin' });
    const answers = await Promise.all([
      patch(o.admin.headers, o.alice.id, { role: 'user' }),
      patch(o.alice.headers, o.admin.id, { role: 'user' }),
    ]);
    const codes = answers.map((res) => res.statusCode).sort();
    // The second to run finds its caller already demoted (403) or the target the last admin (409).
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.licenceId, o.licence.id), eq(users.role, 'admin')));
    expect(admins).toHaveLength(1);
  });

  it('holds when two admins delete each other at the same moment', async () => {
    const o = await organisation(t);
    await patch(o.admin.headers, o.alice.id, { role: 'admin' });
    const answers = await Promise.all([
      remove(o.admin.headers, o.alice.id),
      remove(o.alice.headers, o.admin.id),
    ]);
    const codes = answers.map((res) => res.statusCode).sort();
    // The second to run finds its caller deleted (401) or the target the last admin (409).
    expect(codes[0]).toBe(204);
    expect([401, 409]).toContain(codes[1]);
    const admins = await t.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.licenceId, o.licence.id), eq(users.role, 'admin')));
    expect(admins).toHaveLength(1);
  });
});

describe('DELETE /api/users/{id}', () => {
  it("reassigns the user's job offers to the deleting admin and ends their sessions at once", async () => {
    const o = await organisation(t);
    const offer = await t.app.inject({
      method: 'POST',
      url: '/api/job_offers',
      headers: o.alice.headers,
      payload: { job_offer: { name: 'Alice offer', assigned_users: [o.alice.id, o.bob.id] } },
    });
    expect(offer.statusCode).toBe(201);
    await t.app.inject({
      method: 'PUT',
      url: `/api/client_data/${o.alice.id}`,
      headers: o.admin.headers,
      payload: { sf_id: 'SF-1' },
    });
    const login = await t.login(o.alice.email);

    const res = await remove(o.admin.headers, o.alice.id);
    expect(res.statusCode).toBe(204);
    expect(await row(o.alice.id)).toBeUndefined();
    const [kept] = await t.db.select().from(jobOffers).where(eq(jobOffers.id, offer.json().id));
    expect(kept?.userId).toBe(o.admin.id);
    const assigned = await t.db
      .select({ userId: jobOfferAssignedUsers.userId })
      .from(jobOfferAssignedUsers)
      .where(eq(jobOfferAssignedUsers.jobOfferId, offer.json().id));
    expect(assigned).toEqual([{ userId: o.bob.id }]);
    expect(await t.db.select().from(refreshTokens).where(eq(refreshTokens.userId, o.alice.id))).toEqual([]);
    expect(await t.db.select().from(userClientData).where(eq(userClientData.userId, o.alice.id))).toEqual([]);
    expect((await t.app.inject({ url: '/api/users/me', headers: o.alice.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/users/refresh/${login.token}` })).statusCode).toBe(401);
    expect((await remove(o.admin.headers, o.alice.id)).statusCode).toBe(404);
  });

  it("answers 403 to a user, 404 for another licence's user, and deletes nothing", async () => {
    const refused = await remove(org.alice.headers, org.bob.id);
    expect(refused.statusCode).toBe(403);
    expect((await remove(other.admin.headers, org.bob.id)).statusCode).toBe(404);
    expect((await remove(org.admin.headers, 'me')).statusCode).toBe(400);
    expect(await row(org.bob.id)).toBeDefined();
  });
});
