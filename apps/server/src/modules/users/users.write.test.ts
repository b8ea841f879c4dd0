import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  jobOfferAssignedUsers,
  jobOffers,
  refreshTokens,
  userClientData,
  users,
} from '../../db/schema/index.ts';
import { type Organisation, organisation } from '../../test/fixtures/organisation.ts';
import { withTwoOrganisations } from '../../test/fixtures/with-organisations.ts';
import { PASSWORD, resourceRequests, type TestApp } from '../../test/harness.ts';

let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));

const { create, update: patch, remove } = resourceRequests(() => t, '/api/users');
const row = async (id: number) => (await t.db.select().from(users).where(eq(users.id, id)))[0];
const canLogin = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } }))
    .statusCode === 200;

describe('POST /api/users', () => {
  it('lets an admin create a user of their licence, who can then sign in', async () => {
    const res = await create(org.admin.headers, {
      email: '  Grace@Example.test ',
      password: 'a new password',
      first_name: ' Grace ',
      last_name: 'Hopper',
      role: 'user',
      level: 'other',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      email: 'Grace@Example.test',
      first_name: 'Grace',
      last_name: 'Hopper',
      role: 'user',
      level: 'other',
      sf_id: null,
      picture: null,
      license_id: org.licence.id,
      settings: { export: { type: null }, email_signature: { value: '' } },
      created_at: expect.any(String),
    });
    expect(res.json()).not.toHaveProperty('password_hash');
    expect(await canLogin('grace@example.test', 'a new password')).toBe(true);
  });

  it('defaults to a user of the manager level; without a password nobody can sign in as them', async () => {
    const res = await create(org.admin.headers, { email: 'nopass@example.test' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ role: 'user', level: 'manager', first_name: '', last_name: '' });
    expect((await row(res.json().id))?.passwordHash).toBeNull();
    expect(await canLogin('nopass@example.test', '')).toBe(false);
  });

  it('answers 409 for an email another user of the licence has, in any case, creating nothing', async () => {
    for (const email of [org.alice.email.toUpperCase(), ' grace@EXAMPLE.test']) {
      const res = await create(org.admin.headers, { email, password: 'a new password' });
      expect(res.statusCode, email).toBe(409);
      expect(res.json()).toEqual({ error: 'conflict', message: 'A user with this email already exists' });
    }
  });

  it('creates one user when the same email is created twice at once in one licence', async () => {
    const payload = { email: 'twice@example.test', password: 'a new password' };
    const answers = await Promise.all([
      create(org.admin.headers, payload),
      create(org.admin.headers, payload),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409]);
    expect(await t.db.select().from(users).where(eq(users.email, 'twice@example.test'))).toHaveLength(1);
  });

  it('lets two licences each have a user with one address (docs/decisions/136-accounts-per-licence.md)', async () => {
    const payload = { email: 'shared@example.test', password: 'a new password' };
    const answers = await Promise.all([
      create(org.admin.headers, payload),
      create(other.admin.headers, payload),
    ]);
    expect(answers.map((res) => res.statusCode)).toEqual([201, 201]);
    expect(await t.db.select().from(users).where(eq(users.email, 'shared@example.test'))).toHaveLength(2);
  });

  it('refuses a user (403) and bad bodies (400), writing nothing', async () => {
    const refused = await create(org.alice.headers, {
      email: 'sneaky@example.test',
      password: 'a new password',
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'forbidden', message: 'Only an admin can do this' });
    for (const body of [
      {},
      { email: 'not an email' },
      { email: 'short@example.test', password: 'short' },
      { email: 'long@example.test', password: 'x'.repeat(129) },
      { email: 'role@example.test', role: 'owner' },
      { email: 'level@example.test', level: 'boss' },
      { email: 'name@example.test', first_name: 'x'.repeat(101) },
      { email: 'nul@example.test', last_name: 'a\u0000b' },
      { email: ['a@b.c'] },
    ]) {
      const res = await create(org.admin.headers, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error).toBe('validation_error');
    }
    const emails = (await t.db.select({ email: users.email }).from(users)).map((u) => u.email);
    for (const email of [
      'sneaky@example.test',
      'short@example.test',
      'long@example.test',
      'role@example.test',
    ]) {
      expect(emails).not.toContain(email);
    }
  });

  it('refuses a common password in any case (400 too_common), creating nothing', async () => {
    for (const password of ['password1', 'Password1', 'ILOVEYOU', 'qwertyuiop']) {
      const res = await create(org.admin.headers, { email: 'common@example.test', password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toEqual({
        error: 'validation_error',
        message: 'Invalid request: body.password is too common',
        details: [{ path: 'body.password', problem: 'too_common', message: 'is too common' }],
      });
    }
    expect(await t.db.select().from(users).where(eq(users.email, 'common@example.test'))).toHaveLength(0);
  });

  it('accepts passwords of exactly 8 and 128 characters', async () => {
    expect(
      (await create(org.admin.headers, { email: 'p8@example.test', password: 'k7#vQ2pz' })).statusCode,
    ).toBe(201);
    expect(
      (await create(org.admin.headers, { email: 'p128@example.test', password: 'y'.repeat(128) })).statusCode,
    ).toBe(201);
    expect(await canLogin('p128@example.test', 'y'.repeat(128))).toBe(true);
  });

  it('refuses a licence id in the body (400 naming it) and creates nobody: a user is of the caller’s licence', async () => {
    const res = await create(org.admin.headers, {
      email: 'moved@example.test',
      license_id: other.licence.id,
      licence_id: other.licence.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('unknown field: license_id; unknown field: licence_id');
    const [created] = await t.db.select().from(users).where(eq(users.email, 'moved@example.test'));
    expect(created).toBeUndefined();
  });
});

describe('GET /api/users/{id}', () => {
  it("answers a user of the licence to anyone in it, 404 for another licence's", async () => {
    const res = await t.app.inject({ url: `/api/users/${org.bob.id}`, headers: org.alice.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: org.bob.id, email: org.bob.email });
    const foreign = await t.app.inject({ url: `/api/users/${org.bob.id}`, headers: other.admin.headers });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'not_found', message: 'User not found' });
    expect((await t.app.inject({ url: '/api/users/0', headers: org.alice.headers })).statusCode).toBe(400);
  });
});

describe('PATCH /api/users/{id}', () => {
  it('lets an admin change any field of a user of the licence; an empty password changes nothing', async () => {
    const id = (
      await create(org.admin.headers, { email: 'edit@example.test', password: 'first password' })
    ).json().id as number;
    const res = await patch(org.admin.headers, id, {
      email: 'edited@example.test',
      first_name: 'Edith',
      last_name: 'Ed',
      role: 'admin',
      level: 'other',
      password: '',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: 'edited@example.test',
      first_name: 'Edith',
      last_name: 'Ed',
      role: 'admin',
      level: 'other',
    });
    expect(await canLogin('edited@example.test', 'first password')).toBe(true);
    expect((await patch(org.admin.headers, id, { password: 'second password' })).statusCode).toBe(200);
    expect(await canLogin('edited@example.test', 'first password')).toBe(false);
    expect(await canLogin('edited@example.test', 'second password')).toBe(true);
  });

  it('ends the sessions of a user whose password an admin sets', async () => {
    const login = await t.login(org.bob.email);
    expect((await patch(org.admin.headers, org.bob.id, { password: PASSWORD })).statusCode).toBe(200);
    const refresh = await t.app.inject({ url: `/api/users/refresh/${login.token}` });
    expect(refresh.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/me', headers: t.auth(login.jwt) })).statusCode).toBe(401);
    const live = await t.db
      .select()
      .from(refreshTokens)
      .where(and(eq(refreshTokens.userId, org.bob.id), isNull(refreshTokens.revokedAt)));
    expect(live).toEqual([]);
  });

  it('refuses a common or a 129-character password, by an admin or the user themself, changing nothing', async () => {
    const id = (
      await create(org.admin.headers, { email: 'keeps@example.test', password: 'kept password' })
    ).json().id;
    const { jwt } = await t.login('keeps@example.test', 'kept password');
    const before = await row(id);
    for (const headers of [org.admin.headers, { authorization: `Bearer ${jwt}` }]) {
      for (const [password, problem] of [
        ['Football1', 'too_common'],
        ['x'.repeat(129), 'too_long'],
      ]) {
        const res = await patch(headers, id, { first_name: 'Changed', password });
        expect(res.statusCode, password).toBe(400);
        expect(res.json()).toMatchObject({
          error: 'validation_error',
          details: [{ path: 'body.password', problem }],
        });
      }
    }
    expect(await row(id)).toEqual(before);
    expect(await canLogin('keeps@example.test', 'kept password')).toBe(true);
  });

  it('lets a user change their own names, password and settings', async () => {
    const id = (
      await create(org.admin.headers, { email: 'self@example.test', password: 'self password' })
    ).json().id as number;
    const { jwt } = await t.login('self@example.test', 'self password');
    const res = await patch(t.auth(jwt), id, {
      first_name: 'Selma',
      last_name: 'Self',
      password: 'my new password',
      current_password: 'self password',
      settings: { export: { type: 'admen' }, email_signature: { value: '<p><strong>Selma</strong></p>' } },
      // The form sends its role, level and email back unchanged: not a change, so allowed.
      role: 'user',
      level: 'manager',
      email: 'SELF@example.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Selma',
      last_name: 'Self',
      email: 'self@example.test',
      settings: { export: { type: 'admen' }, email_signature: { value: '<p><strong>Selma</strong></p>' } },
    });
    expect(await canLogin('self@example.test', 'my new password')).toBe(true);
    // Each part of the settings changes alone.
    const signature = await patch(t.auth(jwt), id, {
      settings: { email_signature: { value: '<p>Bye</p>' } },
    });
    expect(signature.json().settings).toEqual({
      export: { type: 'admen' },
      email_signature: { value: '<p>Bye</p>' },
    });
    const format = await patch(t.auth(jwt), id, { settings: { export: { type: null } } });
    expect(format.json().settings).toEqual({
      export: { type: null },
      email_signature: { value: '<p>Bye</p>' },
    });
  });

  it('keeps only what the editor makes in a signature: no script, handler or javascript: link', async () => {
    const res = await patch(org.alice.headers, org.alice.id, {
      settings: {
        email_signature: {
          value:
            '<p onclick="steal()">Alice<script>alert(1)</script> <a href="javascript:alert(1)">x</a> ' +
            '<a href="https://example.test" target="_blank">site</a><img src=x onerror=alert(1)><style>p{}</style></p>' +
            '<iframe src="https://evil.test"></iframe><ul><li><em>i</em> <u>u</u> <s>s</s></li></ul><hr>',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const value = res.json().settings.email_signature.value as string;
    expect(value).toBe(
      '<p>Alice <a>x</a> <a href="https://example.test" target="_blank" rel="noopener noreferrer nofollow">site</a></p>' +
        '<ul><li><em>i</em> <u>u</u> <s>s</s></li></ul><hr />',
    );
  });

  it('refuses a user changing their own role, level or email, or another user (403), changing nothing', async () => {
    for (const body of [{ role: 'admin' }, { level: 'other' }, { email: 'alice2@example.test' }]) {
      const res = await patch(org.alice.headers, org.alice.id, { first_name: 'Changed', ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(403);
    }
    const otherUser = await patch(org.alice.headers, org.bob.id, { first_name: 'Hacked' });
    expect(otherUser.statusCode).toBe(403);
    expect(otherUser.json()).toEqual({
      error: 'forbidden',
      message: 'Only an admin can change another user',
    });
    expect(await row(org.alice.id)).toMatchObject({ role: 'user', level: 'manager', firstName: 'Uma' });
    expect((await row(org.bob.id))?.firstName).toBe('Uma');
  });

  it("answers 404 for another licence's user, 409 for a taken email, 400 for bad values", async () => {
    expect((await patch(other.admin.headers, org.bob.id, { first_name: 'Stolen' })).statusCode).toBe(404);
    const taken = await patch(org.admin.headers, org.bob.id, { email: org.alice.email.toUpperCase() });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('A user with this email already exists');
    for (const body of [
      { password: 'short' },
      { role: 'root' },
      { email: '' },
      { settings: { export: { type: 'xlsx' } } },
      { settings: { email_signature: { value: 'x'.repeat(20_001) } } },
      { first_name: 12 },
    ]) {
      expect((await patch(org.admin.headers, org.bob.id, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await row(org.bob.id)).toMatchObject({ email: org.bob.email, role: 'user' });
  });

  it('applies a role change on the next request, without a new token', async () => {
    const id = (
      await create(org.admin.headers, { email: 'promoted@example.test', password: 'promoted password' })
    ).json().id as number;
    const { jwt } = await t.login('promoted@example.test', 'promoted password');
    const tryCreate = () =>
      create(t.auth(jwt), {
        email: `made-${Date.now()}-${Math.random()}@example.test`,
        password: 'a new password',
      });
    expect((await tryCreate()).statusCode).toBe(403);
    expect((await patch(org.admin.headers, id, { role: 'admin' })).statusCode).toBe(200);
    expect((await tryCreate()).statusCode).toBe(201);
    expect((await patch(org.admin.headers, id, { role: 'user' })).statusCode).toBe(200);
    expect((await tryCreate()).statusCode).toBe(403);
  });
});

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
