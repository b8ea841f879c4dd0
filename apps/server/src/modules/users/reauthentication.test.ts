import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { createTestApp, PASSWORD, type TestApp } from '../../test/harness.ts';

/**
 * A stolen access token must not become a permanent takeover (issue 18 section 3,
 * docs/decisions/135-reauthentication.md): one's own password and email change only with the current password
 * (or a sign-in within five minutes for an account without one); every password change spends the recovery
 * links mailed before it; an admin who sets someone's password ends their sessions and tells them by mail.
 */
let t: TestApp;
let licenceId: number;
let adminJwt: string;
beforeAll(async () => {
  t = await createTestApp({ VIVIER_PUBLIC_URL: 'https://vivier.example' });
  const { licence } = await t.licence();
  licenceId = licence.id;
  adminJwt = (await t.login('admin@org1.test')).jwt;
});
afterAll(() => t.close());

const patch = (jwt: string, id: number, payload: object) =>
  t.app.inject({ method: 'PATCH', url: `/api/users/${id}`, headers: t.auth(jwt), payload });
const refresh = (token: string) => t.app.inject({ url: `/api/users/refresh/${token}` });
const canLogin = async (email: string, password: string) =>
  (await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } }))
    .statusCode === 200;
const forgot = async (email: string) => {
  await t.app.inject({ url: `/api/password/forgot/${email}` });
  await t.settled();
};
/** The reset links mailed to `email`, oldest first. */
const resetLinks = (email: string) =>
  t
    .outbox()
    .map((mail) => mail.replace(/=\r?\n/g, ''))
    .filter((mail) => mail.includes(`To: ${email}`))
    // Each mail says the link twice (English, French).
    .map((mail) => mail.match(/\/reset_password\/([\w-]+)/)?.[1] ?? '');
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'PATCH', url: `/api/password/${token}`, payload: { password } });

describe('changing one’s own password', () => {
  it('with the access token alone is refused: the owner keeps the account and their sessions', async () => {
    const user = await t.user(licenceId, 'victim@reauth.test');
    const owner = await t.login('victim@reauth.test');
    const thief = await t.login('victim@reauth.test');
    for (const payload of [
      { password: 'the thief’s password' },
      { password: 'the thief’s password', current_password: 'a guess at it' },
    ]) {
      const res = await patch(thief.jwt, user.id, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'current_password_required',
        message: 'Your current password is needed for this change',
      });
    }
    expect(await canLogin('victim@reauth.test', PASSWORD)).toBe(true);
    expect(await canLogin('victim@reauth.test', 'the thief’s password')).toBe(false);
    expect((await refresh(owner.token)).statusCode).toBe(200);

    const own = await patch(owner.jwt, user.id, {
      password: 'my own new password',
      current_password: PASSWORD,
    });
    expect(own.statusCode).toBe(200);
    expect(await canLogin('victim@reauth.test', 'my own new password')).toBe(true);
  });

  it('without a password (a Google-only account) needs a sign-in within the last five minutes', async () => {
    const user = await t.user(licenceId, 'google-only@reauth.test');
    const session = await t.login('google-only@reauth.test');
    await t.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    // The sign-in was six minutes ago.
    await t.db
      .update(refreshTokens)
      .set({ createdAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(refreshTokens.userId, user.id));
    const late = await patch(session.jwt, user.id, { password: 'a first password' });
    expect(late.statusCode).toBe(403);
    expect(late.json().error).toBe('current_password_required');

    await t.db
      .update(refreshTokens)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.userId, user.id));
    expect((await patch(session.jwt, user.id, { password: 'a first password' })).statusCode).toBe(200);
    expect(await canLogin('google-only@reauth.test', 'a first password')).toBe(true);
  });
});

describe('changing one’s own email', () => {
  it('needs the current password too (an admin changing their own address)', async () => {
    const { licence, admin } = await t.licence();
    const session = await t.login(admin.email);
    const refused = await patch(session.jwt, admin.id, { email: 'thief@elsewhere.test' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('current_password_required');
    expect((await t.db.select().from(users).where(eq(users.id, admin.id)))[0]?.email).toBe(admin.email);
    // Sending back the unchanged address (a form sends every field) asks for nothing.
    expect((await patch(session.jwt, admin.id, { email: admin.email, first_name: 'Ada' })).statusCode).toBe(
      200,
    );

    const done = await patch(session.jwt, admin.id, {
      email: 'ada@org-new.test',
      current_password: PASSWORD,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ email: 'ada@org-new.test', license_id: licence.id });
  });
});

describe('outstanding recovery links', () => {
  it('are all spent by a reset: an older link no longer works', async () => {
    await t.user(licenceId, 'twolinks@reauth.test');
    await forgot('twolinks@reauth.test');
    await forgot('twolinks@reauth.test');
    const [older, newer] = resetLinks('twolinks@reauth.test');
    expect(older && newer).toBeTruthy();
    expect((await reset(newer ?? '', 'the chosen password')).statusCode).toBe(200);
    const stale = await reset(older ?? '', 'another password');
    expect(stale.statusCode).toBe(410);
    expect(stale.json().error).toBe('reset_token_invalid');
    expect(await canLogin('twolinks@reauth.test', 'the chosen password')).toBe(true);
  });

  it('are spent by an in-app change, the person’s own or an admin’s', async () => {
    const user = await t.user(licenceId, 'inapp@reauth.test');
    await forgot('inapp@reauth.test');
    const session = await t.login('inapp@reauth.test');
    expect(
      (await patch(session.jwt, user.id, { password: 'changed in the app', current_password: PASSWORD }))
        .statusCode,
    ).toBe(200);
    const [link] = resetLinks('inapp@reauth.test');
    expect((await reset(link ?? '', 'from the old link')).statusCode).toBe(410);

    await forgot('inapp@reauth.test');
    const second = resetLinks('inapp@reauth.test')[1];
    expect((await patch(adminJwt, user.id, { password: 'set by the admin' })).statusCode).toBe(200);
    expect((await reset(second ?? '', 'from the old link')).statusCode).toBe(410);
    expect(await canLogin('inapp@reauth.test', 'set by the admin')).toBe(true);
  });
});

describe('an admin who sets another user’s password', () => {
  it('ends that user’s sessions and tells them by mail', async () => {
    const user = await t.user(licenceId, 'told@reauth.test');
    const session = await t.login('told@reauth.test');
    const res = await patch(adminJwt, user.id, { password: 'set by the admin' });
    expect(res.statusCode).toBe(200);
    expect((await refresh(session.token)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/users/me', headers: t.auth(session.jwt) })).statusCode).toBe(401);
    await t.settled();
    const notice = t
      .outbox()
      .find((mail) => mail.includes('To: told@reauth.test') && mail.includes('password'));
    expect(notice).toBeDefined();
    expect(notice).toContain('Organisation 1');
    expect(notice).not.toContain('set by the admin');
  });
});
