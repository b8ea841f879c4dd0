import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { loggedUrl } from './log-options.ts';

/** Secrets never reach the logs (issue 7 section 4): what a login, a refresh, a recovery and a reset leave. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VIVIER_PUBLIC_URL: 'https://vivier.example' }, { captureLogs: true });
  await t.licence();
});
afterAll(() => t.close());

describe('the request log', () => {
  it('holds no token, password or e-mail address after a login, refreshes, a recovery and a reset', async () => {
    const email = 'admin@org1.test';
    const secrets: string[] = [email, encodeURIComponent(email), 'correct horse battery'];

    const session = await t.login(email);
    secrets.push(session.jwt, session.token);
    const refreshed = await t.app.inject({ url: `/api/users/refresh/${session.token}` });
    expect(refreshed.statusCode).toBe(200);
    secrets.push(refreshed.json().jwt, refreshed.json().token);
    // The router decodes other spellings of the same route: they are redacted as well.
    const respelled = await t.app.inject({ url: `/%61pi//users/refresh/${refreshed.json().token}` });
    expect(respelled.statusCode).toBe(200);
    secrets.push(respelled.json().token);
    await t.app.inject({ url: '/api/users/me', headers: t.auth(respelled.json().jwt) });

    await t.app.inject({ url: `/api/password/forgot/${email}` });
    await t.app.inject({ url: `/api/password/forgot/${encodeURIComponent(email)}` });
    await t.settled();
    const mail = (t.outbox().at(-1) ?? '').replace(/=\r?\n/g, '');
    const resetToken = mail.match(/reset_password\/([A-Za-z0-9_-]+)/)?.[1] ?? '';
    expect(resetToken).not.toBe('');
    secrets.push(resetToken);
    // The link opens a page of the web app first, then the app sends the new password.
    await t.app.inject({ url: `/reset_password/${resetToken}` });
    const reset = await t.app.inject({
      method: 'PATCH',
      url: `/api/password/${resetToken}`,
      payload: { password: 'a brand new secret' },
    });
    expect(reset.statusCode).toBe(200);
    secrets.push('a brand new secret');
    await t.app.inject({ url: '/oauth/google/callback?code=provider-code-123&state=state-456' });
    secrets.push('provider-code-123', 'state-456');

    const log = t.logText();
    for (const secret of secrets) expect(log).not.toContain(secret);
    const urls = t
      .logs()
      .filter((line) => line.msg === 'incoming request')
      .map((line) => (line.req as { url: string }).url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/api/users/login',
        '/api/users/refresh/[redacted]',
        '/api/users/me',
        '/api/password/forgot/[redacted]',
        '/reset_password/[redacted]',
        '/api/password/[redacted]',
        '/oauth/google/callback?code=[redacted]&state=[redacted]',
      ]),
    );
  });
});

describe('loggedUrl', () => {
  const unmatched = (url: string) => loggedUrl({ url, params: {}, routeOptions: {} as never });

  it('redacts the secret segments of paths no route matched, however they are spelled', () => {
    expect(unmatched('/API/users/refresh/abc')).toBe('/API/users/refresh/[redacted]');
    expect(unmatched('/api/password/forgot/a%40b.c')).toBe('/api/password/forgot/[redacted]');
    expect(unmatched('/api/password/tok/extra')).toBe('/api/password/[redacted]/extra');
    expect(unmatched('/anything/ada@example.com/x')).toBe('/anything/[redacted]/x');
    expect(unmatched('/jobs?filters[search]=java&page=2')).toBe('/jobs?filters[search]=java&page=2');
  });
});
