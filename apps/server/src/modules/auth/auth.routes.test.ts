import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, TEST_JWT_SECRET, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VIVIER_LOGIN_MAX_PER_ACCOUNT: '3', VIVIER_LOGIN_MAX_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());

const decode = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString());

describe('POST /api/users/login', () => {
  it('answers the user with an access token carrying the licence, and a refresh token', async () => {
    const { licence, admin } = await t.licence();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'ADMIN@org1.test', password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      id: admin.id,
      email: 'admin@org1.test',
      role: 'admin',
      license_id: licence.id,
      first_name: 'Ada',
    });
    expect(body).not.toHaveProperty('password_hash');
    expect(body).not.toHaveProperty('password');
    const claims = decode(body.jwt);
    expect(claims).toMatchObject({
      sub: String(admin.id),
      email: 'admin@org1.test',
      role: 'admin',
      license_id: licence.id,
      first_name: 'Ada',
      last_name: 'Admin',
    });
    expect(claims.exp - claims.iat).toBe(900);
    expect(typeof body.token).toBe('string');
  });

  it('answers a wrong password and an unknown email with the same 401', async () => {
    await t.licence();
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'admin@org2.test', password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'nobody@org2.test', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      error: 'invalid_credentials',
      message: 'Failed to log in, please check your email and password',
    });
  });

  it('rate-limits failed attempts per account with a 429 and Retry-After, even for the right password', async () => {
    await t.licence();
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'admin@org3.test', password },
      });
    for (let i = 0; i < 3; i++) expect((await attempt('wrong-password')).statusCode).toBe(401);
    const limited = await attempt(PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toBe('rate_limited');
  });

  it('rejects malformed JSON, wrong types and oversized bodies with 4xx, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ error: 'bad_request' });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 42, password: ['x'] },
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toBe('validation_error');
    expect(wrongType.json().details.map((d: { path: string }) => d.path)).toEqual(
      expect.arrayContaining(['body.email', 'body.password']),
    );
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'payload_too_large', message: 'The request body is too large' });
    // PostgreSQL refuses a NUL byte in text: that is the client's input, so a 400, not a 500.
    const nul = await t.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'a\u0000@b.c', password: 'x' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({ error: 'bad_request', message: 'A value has the wrong type or size' });
  });
});

describe('GET /api/users/refresh/{token}', () => {
  it('rotates the refresh token, and reuse of a retired one revokes the whole family', async () => {
    await t.licence();
    const first = await t.login('admin@org4.test');
    const r1 = await t.app.inject({ url: `/api/users/refresh/${first.token}` });
    expect(r1.statusCode).toBe(200);
    const second = r1.json();
    expect(second.token).not.toBe(first.token);
    expect(decode(second.jwt).sub).toBe(String(first.id));

    // Presented again past the reuse interval (docs/decisions/137-refresh-reuse-interval.md): a replay.
    await t.pastReuseInterval();
    const replay = await t.app.inject({ url: `/api/users/refresh/${first.token}` });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'invalid_refresh_token', message: 'Could not refresh token' });
    // The thief's replay also signed out the legitimate holder of the newer token.
    const afterRevoke = await t.app.inject({ url: `/api/users/refresh/${second.token}` });
    expect(afterRevoke.statusCode).toBe(401);

    // A fresh sign-in starts a new family that works.
    const again = await t.login('admin@org4.test');
    expect((await t.app.inject({ url: `/api/users/refresh/${again.token}` })).statusCode).toBe(200);
  });

  it('answers 401 to an unknown token', async () => {
    const res = await t.app.inject({ url: '/api/users/refresh/not-a-token' });
    expect(res.statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('refuses a missing, forged or expired access token with 401', async () => {
    const none = await t.app.inject({ url: '/api/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ error: 'unauthorized', message: 'Authentication required' });
    const forged = await t.app.inject({
      url: '/api/users/me',
      headers: t.auth('eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'),
    });
    expect(forged.json().error).toBe('invalid_token');

    // A token of the same key that expired ten seconds ago (minted rather than waited for: a busy machine
    // could not make a one-second token expire too soon, nor too late).
    await t.licence();
    const { jwt } = await t.login('admin@org1.test');
    const mint = (exp: number) =>
      new SignJWT(decode(jwt))
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime(exp)
        .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const now = Math.floor(Date.now() / 1000);
    const me = (token: string) => t.app.inject({ url: '/api/users/me', headers: t.auth(token) });
    expect((await me(await mint(now + 60))).statusCode).toBe(200);
    const expired = await me(await mint(now - 10));
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ error: 'token_expired', message: 'The access token has expired' });
  });
});
