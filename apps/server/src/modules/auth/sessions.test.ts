import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { createTestApp, PASSWORD, type TestApp } from '../../test/harness.ts';

/** A session's end (issue 7 section 3): logout revokes it, and it lives 30 days from the sign-in at most. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.licence();
});
afterAll(() => t.close());

const refresh = (token: string) => t.app.inject({ url: `/api/users/refresh/${token}` });
const logout = (token: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/users/logout', payload: { token } });

describe('POST /api/users/logout', () => {
  it("revokes the session's whole family, and leaves the user's other sessions alone", async () => {
    const first = await t.login('admin@org1.test');
    const other = await t.login('admin@org1.test');
    const rotated = (await refresh(first.token)).json();
    // The web sends the newest token; an older copy of the same session dies with it.
    const res = await logout(rotated.token);
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect((await refresh(rotated.token)).statusCode).toBe(401);
    expect((await refresh(first.token)).statusCode).toBe(401);
    expect((await refresh(other.token)).statusCode).toBe(200);
  });

  it('revokes from an older token of the family too', async () => {
    const session = await t.login('admin@org1.test');
    const next = (await refresh(session.token)).json();
    expect((await logout(session.token)).statusCode).toBe(204);
    expect((await refresh(next.token)).statusCode).toBe(401);
  });

  it('answers 204 to an unknown token, and 400 to a malformed body, with no access token needed', async () => {
    expect((await logout('no-such-token')).statusCode).toBe(204);
    const bad = await logout(42);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('validation_error');
  });
});

describe('the lifetime of a session', () => {
  it('ends 30 days after the sign-in, however often it is refreshed', async () => {
    const session = await t.login('admin@org1.test');
    const [issued] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(session.token)));
    const days = ((issued?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.99);
    expect(days).toBeLessThanOrEqual(30);

    // The sign-in was long ago: one hour of the session is left.
    const end = new Date(Date.now() + 3_600_000);
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: end })
      .where(eq(refreshTokens.family, issued?.family ?? ''));
    let token = session.token;
    for (let i = 0; i < 3; i++) {
      const next = await refresh(token);
      expect(next.statusCode).toBe(200);
      token = next.json().token;
    }
    const [latest] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(token)));
    expect(latest?.expiresAt.getTime()).toBe(end.getTime());

    // Past its end, the newest token is refused like any other.
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.family, issued?.family ?? ''));
    const after = await refresh(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'invalid_refresh_token', message: 'Could not refresh token' });
  });
});

const me = (jwt: string) => t.app.inject({ url: '/api/users/me', headers: t.auth(jwt) });
const sessionOf = (jwt: string): unknown =>
  JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()).sid;

describe('a password change (ASVS 7.4.3)', () => {
  it('names the session in the access token: the refresh family, kept when it is refreshed', async () => {
    const session = await t.login('admin@org1.test');
    const [row] = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(session.token)));
    expect(sessionOf(session.jwt)).toBe(row?.family);
    const next = (await refresh(session.token)).json();
    expect(sessionOf(next.jwt)).toBe(row?.family);
  });

  it('made by the user ends their other sessions at once, and keeps the one it was made from', async () => {
    const { licence } = await t.licence();
    const user = await t.user(licence.id, 'changer@sessions.test');
    const a = await t.login('changer@sessions.test');
    const b = await t.login('changer@sessions.test');
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: t.auth(a.jwt),
      payload: { password: 'a changed password', current_password: PASSWORD },
    });
    expect(change.statusCode).toBe(200);

    // B is over: its refresh token, and its access token before its 15 minutes are up.
    expect((await refresh(b.token)).statusCode).toBe(401);
    const refused = await me(b.jwt);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toBe('invalid_token');

    // A goes on: its access token, its refresh token, and the pair that refresh gives.
    expect((await me(a.jwt)).statusCode).toBe(200);
    const next = await refresh(a.token);
    expect(next.statusCode).toBe(200);
    expect((await me(next.json().jwt)).statusCode).toBe(200);
    expect((await refresh(next.json().token)).statusCode).toBe(200);
  });

  it('ends every session when the access token names none (signed before sessions were named)', async () => {
    const { licence } = await t.licence();
    const user = await t.user(licence.id, 'unnamed@sessions.test');
    const a = await t.login('unnamed@sessions.test');
    const payload = JSON.parse(Buffer.from(a.jwt.split('.')[1] ?? '', 'base64url').toString());
    const { sid: _sid, ...claims } = payload;
    const unnamed = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(t.config.jwtSecret ?? ''));
    expect((await me(unnamed)).statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'PATCH',
      url: `/api/users/${user.id}`,
      headers: t.auth(unnamed),
      payload: { password: 'a changed password', current_password: PASSWORD },
    });
    expect(change.statusCode).toBe(200);
    expect((await refresh(a.token)).statusCode).toBe(401);
    expect((await me(a.jwt)).statusCode).toBe(401);
  });
});

describe('an ended session', () => {
  it('stops its access token at once: logout, or a replay that revokes the family', async () => {
    const out = await t.login('admin@org1.test');
    expect((await me(out.jwt)).statusCode).toBe(200);
    expect((await logout(out.token)).statusCode).toBe(204);
    expect((await me(out.jwt)).statusCode).toBe(401);

    const stolen = await t.login('admin@org1.test');
    const next = (await refresh(stolen.token)).json();
    await t.pastReuseInterval();
    expect((await refresh(stolen.token)).statusCode).toBe(401);
    expect((await me(next.jwt)).statusCode).toBe(401);
    expect((await me(stolen.jwt)).statusCode).toBe(401);
  });
});
