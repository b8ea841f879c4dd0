import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/**
 * Security headers on every kind of answer (ASVS 3.4.x; issue 14 §6), and load shedding (§8): an overloaded
 * server answers 503 with Retry-After instead of letting requests time out.
 */
let t: TestApp;
const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-web-'));
beforeAll(async () => {
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head></head><body></body></html>',
  );
  t = await createTestApp({ VIVIER_WEB_DIST: webDist });
  await t.licence();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('every answer carries CSP (object-src, base-uri, frame-ancestors none), HSTS, nosniff and no-referrer', async () => {
    const answers = [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/job_offers' }),
      await t.app.inject({ url: '/api/nothing-here' }),
      await t.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: 1 } }),
      await t.app.inject({ url: '/reset_password/some-token' }),
      await t.app.inject({ url: '/jobs/12' }),
    ];
    for (const res of answers) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      // Only a file's preview, from a blob: URL the app made (decision 186), is framed.
      expect(csp).toContain("frame-src 'self' blob:");
      // The web app's pages carry this answer's nonces; an answer that runs no script allows none beyond 'self'
      // (decision 251).
      expect(csp).toMatch(answers.indexOf(res) >= 4 ? /script-src 'self' 'nonce-/ : /script-src 'self';/);
      expect(csp).toMatch(answers.indexOf(res) >= 4 ? /style-src 'self' 'nonce-/ : /style-src 'self';/);
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    // The pages are the web app, served with the request's nonce (never the raw file).
    expect(answers[4]?.body).toContain('name="csp-nonce"');
  });
});

describe('load shedding', () => {
  let loaded: TestApp;
  beforeAll(async () => {
    loaded = await createTestApp({ VIVIER_MAX_EVENT_LOOP_DELAY: '50', VIVIER_WEB_DIST: webDist });
  });
  afterAll(() => loaded.close());

  it('answers 503 with Retry-After while the event loop lags, then serves again', async () => {
    // Hold the event loop well past the 50 ms threshold, as a burst of work would, and past the sampler's
    // one-second window (http/load-shedding.ts), so its timer is overdue. The sampler reads the MEAN delay of its
    // window: a burst in a window already full of short delays can average under the threshold (seen under
    // load). So a first burst makes the sampler run and start a new window right after it, and the second burst
    // fills that window alone.
    const busy = (ms: number) => {
      const until = Date.now() + ms;
      while (Date.now() < until) {
        // busy
      }
    };
    busy(1200);
    await new Promise((resolve) => setTimeout(resolve, 1));
    busy(1200);
    // The sampler's timer, overdue, runs before this one and records the lag (its next sample clears it).
    await new Promise((resolve) => setTimeout(resolve, 1));
    const shed = await loaded.app.inject({ url: '/api/users/me' });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('5');
    expect(shed.json()).toEqual({
      error: 'overloaded',
      message: 'The server is busy, please try again shortly',
    });
    // The page itself still loads: only the API is shed.
    const page = await loaded.app.inject({ url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);

    let status = 503;
    for (let i = 0; i < 50 && status === 503; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      status = (await loaded.app.inject({ url: '/api/health' })).statusCode;
    }
    expect(status).toBe(200);
  });
});

describe('the concurrency limit (VIVIER_MAX_CONCURRENT_REQUESTS, VIVIER_MAX_REQUEST_WAIT_MS)', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      VIVIER_MAX_CONCURRENT_REQUESTS: '2',
      VIVIER_MAX_REQUEST_WAIT_MS: '400',
      VIVIER_WEB_DIST: webDist,
    });
  });
  afterAll(() => limited.close());

  it('answers 503 past the limit once the wait is over, serves one whose slot came in time, never refuses health', async () => {
    // Two sign-ins wait on the users table, which the test holds locked.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const holder = limited.db.transaction(async (tx) => {
      await tx.execute(sql`lock table users in access exclusive mode`);
      locked();
      await held;
    });
    await isLocked;
    const signIn = () =>
      limited.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email: 'nobody@limit.test', password: 'not a password of anyone' },
      });
    const running = [signIn(), signIn()];
    await new Promise((resolve) => setTimeout(resolve, 300));
    const asked = performance.now();
    const shed = await signIn();
    // It waited in line for its 400 ms, no slot came, and it was refused rather than left waiting.
    expect(performance.now() - asked).toBeGreaterThanOrEqual(390);
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('1');
    expect(shed.json()).toEqual({
      error: 'overloaded',
      message: 'The server is busy, please try again shortly',
    });
    const health = limited.app.inject({ url: '/api/health' });
    // One more waits in line; the two running end within its wait, so it is served.
    const waiting = signIn();
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await holder;
    expect((await Promise.all(running)).map((answer) => answer.statusCode)).toEqual([401, 401]);
    expect((await waiting).statusCode).toBe(401);
    expect((await health).statusCode).toBe(200);
    // The two left the count: the next ones are served.
    expect((await Promise.all([signIn(), signIn()])).map((answer) => answer.statusCode)).toEqual([401, 401]);
  });
});
