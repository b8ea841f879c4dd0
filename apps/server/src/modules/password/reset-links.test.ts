import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/**
 * Links in mail and the licence's api_url come from configuration, never from the request's Host header
 * (issue 7 section 2): a forged Host must not turn a reset link into one that leaks its token.
 */
let t: TestApp;
beforeAll(async () => {
  // VIVIER_PUBLIC_URL unset, as in the README's quick start.
  t = await createTestApp();
  await t.licence();
});
afterAll(() => t.close());

const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

const resetLinks = (mail: string) =>
  [...mail.replace(/=\r?\n/g, '').matchAll(/https?:\/\/[^\s/]+\/reset_password\/[A-Za-z0-9_-]+/g)].map(
    (m) => m[0],
  );

describe('without VIVIER_PUBLIC_URL', () => {
  it('mails a reset link to the address the server listens on, whatever Host the request names', async () => {
    const forgot = await t.app.inject({ url: '/api/password/forgot/admin@org1.test', headers: FORGED });
    expect(forgot.statusCode).toBe(200);
    await t.settled();
    const mail = t.outbox().at(-1) ?? '';
    expect(mail).not.toContain('evil.example');
    const links = resetLinks(mail);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link).toMatch(/^http:\/\/localhost:3000\/reset_password\//);
  });

  it('answers a relative licence api_url, never one built from Host', async () => {
    const { jwt } = await t.login('admin@org1.test');
    const res = await t.app.inject({ url: '/api/license', headers: { ...t.auth(jwt), ...FORGED } });
    expect(res.json().api_url).toBe('/api');
  });

  it('follows the port the server really listens on', async () => {
    const s = await createTestApp({ HOST: '127.0.0.1', PORT: '0' });
    try {
      await s.licence();
      await s.app.listen({ host: '127.0.0.1', port: 0 });
      const address = s.app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const forgot = await fetch(`http://127.0.0.1:${port}/api/password/forgot/admin@org1.test`, {
        headers: { 'x-forwarded-host': 'evil.example' },
      });
      expect(forgot.status).toBe(200);
      await s.settled();
      const links = resetLinks(s.outbox().at(-1) ?? '');
      expect(links[0]).toMatch(new RegExp(`^http://localhost:${port}/reset_password/`));
    } finally {
      await s.close();
    }
  });
});

describe('with VIVIER_PUBLIC_URL', () => {
  it('uses it for links (api_url stays relative), whatever Host the request names', async () => {
    const s = await createTestApp({ VIVIER_PUBLIC_URL: 'https://jobs.acme.example/' });
    try {
      await s.licence();
      await s.app.inject({ url: '/api/password/forgot/admin@org1.test', headers: FORGED });
      await s.settled();
      const links = resetLinks(s.outbox().at(-1) ?? '');
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(link).toMatch(/^https:\/\/jobs\.acme\.example\/reset_password\//);
      const { jwt } = await s.login('admin@org1.test');
      const res = await s.app.inject({ url: '/api/license', headers: { ...s.auth(jwt), ...FORGED } });
      // The page's own origin, whichever name it was opened under (issue 18 section 1).
      expect(res.json().api_url).toBe('/api');
    } finally {
      await s.close();
    }
  });
});
