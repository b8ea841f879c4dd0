import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthIdentities } from '../../db/schema/index.ts';
import { appWith, localProvider, signInWith } from '../../test/fixtures/oauth.ts';
import type { TestApp } from '../../test/harness.ts';
import { DEFAULT_TENANT_ID, type LocalOpenIdProvider } from '../../test/local-openid-provider.ts';

let google: LocalOpenIdProvider;
let microsoft: LocalOpenIdProvider;
let t: TestApp;

beforeAll(async () => {
  google = await localProvider('google', 'google');
  microsoft = await localProvider('microsoft', 'microsoft');
  t = await appWith({ google, microsoft }, DEFAULT_TENANT_ID);
});
afterAll(async () => {
  await t.close();
  await google.stop();
  await microsoft.stop();
});

/** A new licence whose admin signs in with `provider`; returns the admin's Vivier headers. */
async function signedIn(local: LocalOpenIdProvider, provider: 'google' | 'microsoft') {
  const { admin } = await t.licence();
  const res = await signInWith(t, provider, local, admin.email);
  expect(res.statusCode, res.body).toBe(200);
  return { admin, headers: t.auth(res.json().jwt) };
}

const token = (headers: Record<string, string>, query = '') =>
  t.app.inject({ url: `/api/oauth/token${query}`, headers });

describe('GET /api/oauth/token', () => {
  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ url: '/api/oauth/token' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 200 null to a user who never signed in with a provider: an absence, not an error', async () => {
    const { admin } = await t.licence();
    const { jwt } = await t.login(admin.email);
    const res = await token(t.auth(jwt));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    const asked = await token(t.auth(jwt), '?provider=microsoft');
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toBeNull();
  });

  it("answers the provider's access token of the signed-in user, without asking the provider again", async () => {
    const { headers } = await signedIn(google, 'google');
    const refreshes = google.state.refreshCount;
    const res = await token(headers);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ provider: 'google' });
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
    expect((await token(headers)).json().access_token).toBe(body.access_token);
    expect(google.state.refreshCount).toBe(refreshes);
  });

  it('refreshes an access token about to expire with the stored refresh token, once', async () => {
    google.state.accessTokenLifetime = 30;
    const { headers } = await signedIn(google, 'google');
    google.state.accessTokenLifetime = 3600;
    const refreshes = google.state.refreshCount;
    const first = await token(headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(google.state.refreshCount).toBe(refreshes + 1);
    expect(new Date(first.json().expires_at).getTime()).toBeGreaterThan(Date.now() + 3000 * 1000);
    const second = await token(headers);
    expect(second.json().access_token).toBe(first.json().access_token);
    expect(google.state.refreshCount).toBe(refreshes + 1);
  });

  it('forgets a grant the provider no longer honours: 404, never 401 (that would sign the user out)', async () => {
    google.state.accessTokenLifetime = 30;
    const { admin, headers } = await signedIn(google, 'google');
    google.state.accessTokenLifetime = 3600;
    google.revokeRefreshTokens();
    const res = await token(headers);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: 'no_provider_token',
      message: 'Vivier no longer holds a valid Google authorization for you: sign in with Google again',
    });
    expect(await t.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, admin.id))).toEqual([]);
    expect((await t.app.inject({ url: '/api/users/me', headers })).statusCode).toBe(200);
  });

  it('answers 503 when the provider cannot be reached for the refresh', async () => {
    google.state.accessTokenLifetime = 30;
    const { headers } = await signedIn(google, 'google');
    google.state.accessTokenLifetime = 3600;
    await google.down();
    try {
      const res = await token(headers);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('provider_unavailable');
    } finally {
      await google.up();
    }
    expect((await token(headers)).statusCode).toBe(200);
  });

  it("answers the latest provider's token, or the one asked for", async () => {
    const { admin, headers } = await signedIn(google, 'google');
    expect((await token(headers)).json().provider).toBe('google');
    expect((await signInWith(t, 'microsoft', microsoft, admin.email)).statusCode).toBe(200);
    expect((await token(headers)).json().provider).toBe('microsoft');
    expect((await token(headers, '?provider=google')).json().provider).toBe('google');
    expect((await token(headers, '?provider=yahoo')).statusCode).toBe(400);
  });

  it("never answers another user's token", async () => {
    await signedIn(google, 'google');
    const { admin } = await t.licence();
    const { jwt } = await t.login(admin.email);
    const res = await token(t.auth(jwt));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
    expect((await token(t.auth(jwt), '?provider=google')).json()).toBeNull();
  });

  it('keeps the refresh token of an earlier sign-in when the provider sends none', async () => {
    const { admin, headers } = await signedIn(google, 'google');
    const [before] = await t.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, admin.id));
    // Google sends a refresh token only at the first consent: the next sign-in has none.
    google.omitNextRefreshToken();
    expect((await signInWith(t, 'google', google, admin.email)).statusCode).toBe(200);
    const [after] = await t.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, admin.id));
    expect(after?.refreshToken).toBe(before?.refreshToken);
    expect(after?.accessToken).not.toBe(before?.accessToken);
    expect((await token(headers)).statusCode).toBe(200);
  });

  it('answers 404 when the stored tokens were sealed under another server secret', async () => {
    const { admin, headers } = await signedIn(google, 'google');
    await t.db
      .update(oauthIdentities)
      .set({ accessToken: 'v1.AAAA.BBBB.CCCC', refreshToken: 'v1.AAAA.BBBB.CCCC' })
      .where(eq(oauthIdentities.userId, admin.id));
    const res = await token(headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('no_provider_token');
  });
});
