import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../cli/commands.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.licence();
});
afterAll(() => t.close());

/** Ways to spell a protected path that a router may match although a string prefix check would not. */
const spellings = (path: string) => [
  path,
  path.replace('/api/', '/%61pi/'),
  path.replace('/api/', '/%61%70%69/'),
  path.replace('/api/', '//api/'),
  path.replace('/api/', '/api//'),
  `${path}/`,
  path.replace('/api/', '/API/'),
  path.replace('/api/', '/Api/'),
  `${path}%2F`,
  `${path}?x=%2F..%2F`,
];
const protectedPaths = ['/api/users/me', '/api/job_offers', '/api/settings', '/api/license', '/api/statuses'];

describe('authentication follows the matched route, not the URL spelling', () => {
  it.each(protectedPaths)(
    '%s: every spelling without a token answers 401 or 404, never 200 or 500',
    async (path) => {
      for (const url of spellings(path)) {
        const res = await t.app.inject({ url });
        expect([401, 404], `${url} answered ${res.statusCode} ${res.body.slice(0, 80)}`).toContain(
          res.statusCode,
        );
        expect(res.headers['content-type']).toMatch(/application\/json/);
      }
    },
  );

  it('a spelling the router matches is still authenticated: it answers 200 with a token', async () => {
    const { jwt } = await t.login('admin@org1.test');
    for (const url of ['/%61pi/users/me', '//api/users/me', '/api/users/me/']) {
      const res = await t.app.inject({ url, headers: t.auth(jwt) });
      expect(res.statusCode, url).toBe(200);
      expect(res.json()).toMatchObject({ email: 'admin@org1.test' });
    }
  });

  it('a token of a deleted user stops working at once', async () => {
    const { licence } = await t.licence();
    const user = await t.user(licence.id, 'leaving@org2.test');
    const { jwt } = await t.login('leaving@org2.test');
    expect((await t.app.inject({ url: '/api/users/me', headers: t.auth(jwt) })).statusCode).toBe(200);
    const { users } = await import('../db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.db.delete(users).where(eq(users.id, user.id));
    const res = await t.app.inject({ url: '/api/users/me', headers: t.auth(jwt) });
    expect(res.statusCode).toBe(401);
  });
});

describe('the maintenance gate follows the matched route too', () => {
  it('every spelling of a gated path answers 503 (or 404 when no route matches), health stays up', async () => {
    const at = new Date(Date.now() - 60_000).toISOString();
    await runCommand(['maintenance:set', '--at', at, '--duration', '30'], t.database);
    t.app.forgetMaintenance();
    try {
      for (const path of [...protectedPaths, '/api/users/login']) {
        for (const url of spellings(path)) {
          const method = path.endsWith('login') ? 'POST' : 'GET';
          const res = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
          expect([503, 404], `${method} ${url} answered ${res.statusCode}`).toContain(res.statusCode);
        }
      }
      for (const url of ['/api/health', '/%61pi/health', '//api/health/']) {
        expect((await t.app.inject({ url })).statusCode, url).toBe(200);
      }
    } finally {
      await runCommand(['maintenance:clear'], t.database);
      t.app.forgetMaintenance();
    }
  });
});
