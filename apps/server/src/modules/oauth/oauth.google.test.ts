import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthAttempts, oauthIdentities } from '../../db/schema/index.ts';
import {
  appWith,
  authorizationUrl,
  CLIENT,
  callback,
  localProvider,
  noAccountMessage,
  PUBLIC_URL,
  providerAnswer,
  signInWith,
} from '../../test/fixtures/oauth.ts';
import type { TestApp } from '../../test/harness.ts';
import type { LocalOpenIdProvider } from '../../test/local-openid-provider.ts';

let google: LocalOpenIdProvider;
let t: TestApp;
let admin: { email: string; id: number };
let licenceId: number;

beforeAll(async () => {
  google = await localGoogle();
  t = await appWith({ google });
  const created = await t.licence();
  admin = created.admin;
  licenceId = created.licence.id;
});
afterAll(async () => {
  await t.close();
  await google.stop();
});

const localGoogle = () => localProvider('google', 'google');
const rejectedMessage =
  'Failed to log in with Google: the answer of Google could not be verified, please try again';

describe('GET /api/oauth/google/auth', () => {
  it('answers the provider address of an authorization code request with PKCE, state and nonce', async () => {
    const url = await authorizationUrl(t, 'google');
    expect(`${url.origin}${url.pathname}`).toBe(`${google.issuer}/authorize`);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      client_id: CLIENT.google.id,
      response_type: 'code',
      redirect_uri: `${PUBLIC_URL}/oauth/google/callback`,
      code_challenge_method: 'S256',
      access_type: 'offline',
    });
    expect(query.scope?.split(' ')).toEqual([
      'openid',
      'email',
      'profile',
      'https://www.googleapis.com/auth/gmail.settings.basic',
    ]);
    expect(query.state).toMatch(/^[\w-]{32,}$/);
    expect(query.nonce).toMatch(/^[\w-]{32,}$/);
    expect(query.code_challenge).toMatch(/^[\w-]{43}$/);
    // The attempt is kept server-side; the state only as a hash, the verifier never leaves the server.
    const rows = await t.db.select().from(oauthAttempts);
    expect(rows.some((row) => row.stateHash === query.state)).toBe(false);
    expect(rows.some((row) => row.nonce === query.nonce)).toBe(true);
    expect(JSON.stringify(query)).not.toContain(rows.at(-1)?.codeVerifier);
  });

  it('builds the redirect URI from configuration, never from the Host header', async () => {
    const res = await t.app.inject({
      url: '/api/oauth/google/auth',
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(new URL(res.json().url).searchParams.get('redirect_uri')).toBe(
      `${PUBLIC_URL}/oauth/google/callback`,
    );
  });

  it('fetches the discovery document once and keeps it', async () => {
    await authorizationUrl(t, 'google');
    await signInWith(t, 'google', google, admin.email);
    const discoveries = google.state.requests.filter((r) => r.endsWith('/.well-known/openid-configuration'));
    expect(discoveries).toHaveLength(1);
  });

  it('is documented in the OpenAPI document with the other sign-in routes', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    for (const path of ['/api/oauth/{provider}/auth', '/api/oauth/{provider}/callback', '/api/oauth/token'])
      expect(doc.paths, path).toHaveProperty([path]);
  });

  it('answers 400 for a provider it does not know', async () => {
    const res = await t.app.inject({ url: '/api/oauth/github/auth' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_error');
  });
});

describe('GET /api/oauth/google/callback', () => {
  it('signs in the user whose email Google verified, with the same answer as a password login', async () => {
    const res = await signInWith(t, 'google', google, admin.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const password = await t.login(admin.email);
    expect(Object.keys(body).sort()).toEqual(Object.keys(password).sort());
    const { jwt: _a, token: _b, ...user } = body;
    const { jwt: _c, token: _d, ...sameUser } = password;
    expect(user).toEqual(sameUser);
    expect(user).toMatchObject({ id: admin.id, email: admin.email, license_id: licenceId });

    const me = await t.app.inject({ url: '/api/users/me', headers: t.auth(body.jwt) });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(admin.id);
    const refreshed = await t.app.inject({ url: `/api/users/refresh/${body.token}` });
    expect(refreshed.statusCode).toBe(200);
  });

  it('refuses an unknown email with the message of SPEC section 8, and keeps nothing', async () => {
    const res = await signInWith(t, 'google', google, 'stranger@nowhere.test');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'no_account', message: noAccountMessage('Google') });
    const identities = await t.db.select().from(oauthIdentities);
    expect(identities.every((row) => row.userId === admin.id)).toBe(true);
  });

  it('refuses a tampered state, and the genuine answer still completes', async () => {
    const search = await providerAnswer(t, 'google', google, admin.email);
    const tampered = new URLSearchParams(search);
    tampered.set('state', `${tampered.get('state')}x`);
    const res = await callback(t, 'google', `?${tampered}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'invalid_state',
      message: 'This sign-in with Google has expired or was already used, please sign in again',
    });
    const missing = new URLSearchParams(search);
    missing.delete('state');
    expect((await callback(t, 'google', `?${missing}`)).statusCode).toBe(401);
    expect((await callback(t, 'google', search)).statusCode).toBe(200);
  });

  it('completes an attempt once: a replayed answer is refused, even when both arrive together', async () => {
    const search = await providerAnswer(t, 'google', google, admin.email);
    const [first, second] = await Promise.all([callback(t, 'google', search), callback(t, 'google', search)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 401]);
    const again = await callback(t, 'google', search);
    expect(again.statusCode).toBe(401);
    expect(again.json().error).toBe('invalid_state');
  });

  it('refuses a code replayed under another attempt: its PKCE verifier does not match', async () => {
    const stolen = new URLSearchParams(await providerAnswer(t, 'google', google, admin.email));
    const mine = new URLSearchParams(await providerAnswer(t, 'google', google, 'stranger@nowhere.test'));
    mine.set('code', stolen.get('code') ?? '');
    const res = await callback(t, 'google', `?${mine}`);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'oauth_failed', message: rejectedMessage });
  });

  it('refuses an answer for another provider', async () => {
    const search = await providerAnswer(t, 'google', google, admin.email);
    const res = await callback(t, 'microsoft', search);
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('provider_not_configured');
  });

  it.each([
    ['another audience', { aud: 'someone-else' }],
    ['another issuer', { iss: 'https://accounts.evil.example' }],
    ['another nonce', { nonce: 'not-the-nonce' }],
    ['an expired token', { exp: Math.floor(Date.now() / 1000) - 600 }],
  ])('refuses an ID token with %s', async (_, claims) => {
    google.alterNextIdToken(claims);
    const res = await signInWith(t, 'google', google, admin.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'oauth_failed', message: rejectedMessage });
  });

  it('accepts an answer that names Google as its issuer (RFC 9207), and refuses one naming another', async () => {
    google.state.issParameter = true;
    try {
      const search = await providerAnswer(t, 'google', google, admin.email);
      expect(new URLSearchParams(search).get('iss')).toBe(google.issuer);
      expect((await callback(t, 'google', search)).statusCode).toBe(200);
      const other = new URLSearchParams(await providerAnswer(t, 'google', google, admin.email));
      other.set('iss', 'https://accounts.evil.example');
      const res = await callback(t, 'google', `?${other}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'oauth_failed', message: rejectedMessage });
    } finally {
      google.state.issParameter = false;
    }
  });

  it('refuses an ID token signed by a key Google does not publish', async () => {
    google.forgeNextIdToken();
    const res = await signInWith(t, 'google', google, admin.email);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('oauth_failed');
  });

  it('refuses an email Google has not verified', async () => {
    const { licence } = await t.licence();
    const unverified = await t.user(licence.id, 'unverified@org.test');
    google.setClaims(unverified.email, { email_verified: false });
    const res = await signInWith(t, 'google', google, unverified.email);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'email_not_verified',
      message: 'Failed to log in with Google: Google has not verified your email address',
    });
    google.setClaims(unverified.email, { email_verified: undefined });
    expect((await signInWith(t, 'google', google, unverified.email)).statusCode).toBe(401);
    google.setClaims(unverified.email, {});
    expect((await signInWith(t, 'google', google, unverified.email)).statusCode).toBe(200);
  });

  it('says so when the person cancels at Google', async () => {
    const url = await authorizationUrl(t, 'google');
    const back = await google.signIn(url.href, admin.email, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    const res = await callback(t, 'google', back.search);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error: 'oauth_denied',
      message: 'Sign-in with Google was cancelled or refused',
    });
    // The attempt is spent.
    expect((await callback(t, 'google', back.search)).json().error).toBe('invalid_state');
  });

  it('answers 400, not 500, to a malformed query string', async () => {
    expect((await callback(t, 'google', '?code[]=a&state=b')).statusCode).toBe(400);
    expect((await callback(t, 'google', `?code=a&state=${'s'.repeat(5000)}`)).statusCode).toBe(400);
    expect((await callback(t, 'google', '?state[a]=1')).statusCode).toBe(400);
  });

  it('answers 502 when Google answers the code exchange with a server error', async () => {
    const search = await providerAnswer(t, 'google', google, admin.email);
    google.failNextTokenRequest(500);
    const res = await callback(t, 'google', search);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'provider_error',
      message: 'Google answered in a way Vivier cannot use, please try again later',
    });
  });

  it('keeps the provider tokens sealed, not in clear', async () => {
    const res = await signInWith(t, 'google', google, admin.email);
    expect(res.statusCode).toBe(200);
    const [row] = await t.db.select().from(oauthIdentities).where(eq(oauthIdentities.userId, admin.id));
    expect(row?.accessToken).toMatch(/^v1\./);
    expect(row?.refreshToken).toMatch(/^v1\./);
    const token = await t.app.inject({ url: '/api/oauth/token', headers: t.auth(res.json().jwt) });
    expect(token.statusCode).toBe(200);
    expect(row?.accessToken).not.toContain(token.json().access_token);
    expect(row?.accessToken.length).toBeGreaterThan(token.json().access_token.length);
  });
});

describe('a provider that is down', () => {
  it('answers 503, never 500, and works again once the provider is back', async () => {
    const down = await localGoogle();
    const s = await appWith({ google: down });
    try {
      const { admin: person } = await s.licence();
      await down.down();
      const auth = await s.app.inject({ url: '/api/oauth/google/auth' });
      expect(auth.statusCode).toBe(503);
      expect(auth.json()).toEqual({
        error: 'provider_unavailable',
        message: 'Google cannot be reached, please try again later',
      });

      await down.up();
      const search = await providerAnswer(s, 'google', down, person.email);
      // Discovered and cached; now the provider goes down between its page and the callback.
      await down.down();
      const res = await callback(s, 'google', search);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe('provider_unavailable');

      await down.up();
      expect((await signInWith(s, 'google', down, person.email)).statusCode).toBe(200);
    } finally {
      await s.close();
      await down.stop();
    }
  });
});

describe('a provider that is not configured', () => {
  // An app of its own (a database and a server): started in a hook, whose time limit is a start's, not a test's.
  let bare: TestApp;
  beforeAll(async () => {
    bare = await appWith({});
  });
  afterAll(async () => {
    await bare?.close();
  });

  it('answers 404 provider_not_configured to both calls', async () => {
    for (const url of ['/api/oauth/google/auth', '/api/oauth/microsoft/callback?code=a&state=b']) {
      const res = await bare.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe('provider_not_configured');
    }
    expect((await bare.app.inject({ url: '/api/oauth/microsoft/auth' })).json().message).toBe(
      'Sign-in with Microsoft is not configured on this server',
    );
  });
});
