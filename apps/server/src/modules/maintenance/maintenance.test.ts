import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '../../cli/commands.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.licence();
});
afterAll(() => t.close());

describe('maintenance window', () => {
  it('answers 503 {break_at, duration} on every /api call but health while on, and nothing once cleared', async () => {
    const { jwt } = await t.login('admin@org1.test');
    const at = new Date(Date.now() - 60_000).toISOString();
    expect((await runCommand(['maintenance:set', '--at', at, '--duration', '30'], t.database)).code).toBe(0);
    t.app.forgetMaintenance();
    for (const [method, url] of [
      ['GET', '/api/license'],
      ['POST', '/api/users/login'],
      ['GET', '/api/users/refresh/x'],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: t.auth(jwt),
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        error: 'maintenance',
        message: 'The site is under maintenance',
        break_at: new Date(at).toISOString(),
        duration: 30,
      });
    }
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    expect((await runCommand(['maintenance:clear'], t.database)).code).toBe(0);
    t.app.forgetMaintenance();
    expect((await t.app.inject({ url: '/api/license', headers: t.auth(jwt) })).statusCode).toBe(200);
  });

  it('is not on before its start nor after its end', async () => {
    const { jwt } = await t.login('admin@org1.test');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    await runCommand(['maintenance:set', '--at', future, '--duration', '30'], t.database);
    t.app.forgetMaintenance();
    expect((await t.app.inject({ url: '/api/license', headers: t.auth(jwt) })).statusCode).toBe(200);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    await runCommand(['maintenance:set', '--at', past, '--duration', '30'], t.database);
    t.app.forgetMaintenance();
    expect((await t.app.inject({ url: '/api/license', headers: t.auth(jwt) })).statusCode).toBe(200);
  });
});
