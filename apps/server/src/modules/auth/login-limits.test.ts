import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, type TestApp } from '../../test/harness.ts';
import { awayFromWindowEnd } from '../../test/window-edge.ts';

/** Sign-in limits (issue 7 section 5): counted atomically, per account and per client address. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ VIVIER_LOGIN_MAX_PER_ACCOUNT: '3', VIVIER_LOGIN_MAX_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());
// The limits count in fixed 15-minute windows: each test's attempts fall in one (the flake of earlier runs).
beforeEach(() => awayFromWindowEnd(15 * 60));

const attempt = (
  s: TestApp,
  email: string,
  password: string,
  request: { remoteAddress?: string; headers?: Record<string, string> } = {},
) => s.app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password }, ...request });

const statuses = (answers: { statusCode: number }[]) =>
  answers
    .map((a) => a.statusCode)
    .reduce<Record<number, number>>((counts, code) => {
      counts[code] = (counts[code] ?? 0) + 1;
      return counts;
    }, {});

describe('the per-account limit', () => {
  it('holds against 50 wrong passwords sent in parallel: 3 are checked, 47 answer 429', async () => {
    await t.licence();
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => attempt(t, 'admin@org1.test', 'wrong-password')),
    );
    expect(statuses(answers)).toEqual({ 401: 3, 429: 47 });
    // The right password is refused too until the window ends.
    expect((await attempt(t, 'admin@org1.test', PASSWORD)).statusCode).toBe(429);
  });

  it('does not count sign-ins that worked, and one clears the failures before it', async () => {
    await t.licence();
    for (let i = 0; i < 2; i++) expect((await attempt(t, 'admin@org2.test', 'wrong')).statusCode).toBe(401);
    expect((await attempt(t, 'admin@org2.test', PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await attempt(t, 'admin@org2.test', 'wrong')).statusCode).toBe(401);
    expect((await attempt(t, 'admin@org2.test', 'wrong')).statusCode).toBe(429);
  });
});

describe('the per-address limit', () => {
  it('counts failed sign-ins from one address across accounts, in parallel too', async () => {
    const s = await createTestApp({ VIVIER_LOGIN_MAX_PER_ACCOUNT: '100', VIVIER_LOGIN_MAX_PER_ADDRESS: '4' });
    try {
      await s.licence();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          attempt(s, `someone${i}@x.test`, 'wrong-password', { remoteAddress: '10.0.0.7' }),
        ),
      );
      expect(statuses(answers)).toEqual({ 401: 4, 429: 26 });
      expect((await attempt(s, 'admin@org1.test', PASSWORD, { remoteAddress: '10.0.0.7' })).statusCode).toBe(
        429,
      );
      // Another address is not affected, and its successful sign-ins are not attempts against it.
      for (let i = 0; i < 6; i++) {
        expect(
          (await attempt(s, 'admin@org1.test', PASSWORD, { remoteAddress: '10.0.0.8' })).statusCode,
        ).toBe(200);
      }
    } finally {
      await s.close();
    }
  });

  it('sees the load balancer as the client unless VIVIER_TRUST_PROXY is set', async () => {
    const env = { VIVIER_LOGIN_MAX_PER_ACCOUNT: '100', VIVIER_LOGIN_MAX_PER_ADDRESS: '2' };
    const balancer = '10.1.0.1';
    const behind = (s: TestApp, client: string) =>
      attempt(s, 'nobody@x.test', 'wrong', {
        remoteAddress: balancer,
        headers: { 'x-forwarded-for': client },
      });

    const direct = await createTestApp(env);
    try {
      // Off by default: X-Forwarded-For is anyone's to write, so every client shares the balancer's count.
      expect((await behind(direct, '203.0.113.1')).statusCode).toBe(401);
      expect((await behind(direct, '203.0.113.2')).statusCode).toBe(401);
      expect((await behind(direct, '203.0.113.3')).statusCode).toBe(429);
    } finally {
      await direct.close();
    }

    const proxied = await createTestApp({ ...env, VIVIER_TRUST_PROXY: 'on' });
    try {
      for (let i = 0; i < 2; i++) expect((await behind(proxied, '203.0.113.1')).statusCode).toBe(401);
      expect((await behind(proxied, '203.0.113.1')).statusCode).toBe(429);
      expect((await behind(proxied, '203.0.113.2')).statusCode).toBe(401);
      // 'on' trusts one proxy: an address the client wrote in front of the balancer's entry changes nothing.
      expect((await behind(proxied, '198.51.100.9, 203.0.113.1')).statusCode).toBe(429);
    } finally {
      await proxied.close();
    }
  });
});

// Redis is optional (README): this runs where TEST_REDIS_URL names one (CI's .ci/run starts it).
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('rate limits in Redis', () => {
  it('keeps the counters in Redis when REDIS_URL is set, shared by two instances, atomically', async () => {
    const { Redis } = await import('ioredis');
    const url = redisUrl ?? '';
    const redis = new Redis(url);
    const env = { REDIS_URL: url, VIVIER_LOGIN_MAX_PER_ACCOUNT: '3', VIVIER_LOGIN_MAX_PER_ADDRESS: '1000' };
    const one = await createTestApp(env);
    const two = await createTestApp(env);
    const email = `redis-${Date.now()}@org1.test`;
    const keys = () => redis.keys(`vivier:rl:login:account:${email}:*`);
    try {
      // Both instances run on their own database here; only Redis connects them.
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) => attempt(i % 2 ? one : two, email, 'wrong-password')),
      );
      expect(statuses(answers)).toEqual({ 401: 3, 429: 37 });
      expect((await attempt(one, email, 'wrong-password')).statusCode).toBe(429);
      expect((await attempt(two, email, 'wrong-password')).statusCode).toBe(429);
      expect(await keys()).toHaveLength(1);
    } finally {
      const left = await keys();
      if (left.length > 0) await redis.del(...left);
      redis.disconnect();
      await one.close();
      await two.close();
    }
  });
});
