// GET and PATCH /api/users/{id}: reading a user, an admin editing one, a user editing themself.
import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/index.ts';
import { type Organisation, type TestApp, userApi, withTwoOrganisations } from '../../test/fixtures/users.ts';
import { PASSWORD } from '../../test/harness.ts';

let t: TestApp, org: Organisation, other: Organisation;
withTwoOrganisations((made) => ({ t, org, other } = made));
const { create, patch, row, canLogin } = userApi(() => t);

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
