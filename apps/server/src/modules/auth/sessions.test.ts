import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/secret-token.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

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
