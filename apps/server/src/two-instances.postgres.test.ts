import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openPostgres } from './db/database.ts';
import {
  candidates,
  jobApplications,
  jobOffers,
  licences,
  rateLimitHits,
  statuses,
} from './db/schema/index.ts';
import { type ServerProcess, startServerProcess } from './test/server-instance.ts';

/**
 * Two real server processes on one PostgreSQL database (and one Redis where CI has it: TEST_REDIS_URL), and a
 * client that alternates between them as a load balancer without sticky sessions would (issue 15 §5,
 * docs/deploy.md). Both start together on an empty database; then sessions, the sign-in limit, exports and
 * maintenance must behave as on one instance, and stopping one with SIGTERM must lose no request.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
// CI sets TEST_REDIS_URL; without it the limits are shared through PostgreSQL, the other store.
const redisUrl = process.env.TEST_REDIS_URL;
const suffix = randomBytes(5).toString('hex');
const databaseName = `vivier_instances_${suffix}`;
const redisPrefix = `vivier-test-${suffix}:`;
const ADMIN = { email: 'admin@instances.test', password: 'two instances, one database' };
const cliEntry = path.join(import.meta.dirname, 'cli/main.ts');
const migrationsDir = path.join(import.meta.dirname, '../drizzle');

const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/**
 * One HTTP request on a connection of its own (no keep-alive), so a refused connection means the instance
 * no longer listens, and anything else that goes wrong is a lost request.
 */
function request(
  base: string,
  method: string,
  url: string,
  { jwt, body }: { jwt?: string; body?: unknown } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent: false,
        headers: {
          ...(jwt ? { authorization: `Bearer ${jwt}` } : {}),
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        timeout: 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(payload);
  });
}

const json = (answer: Answer) => JSON.parse(answer.body) as Record<string, unknown>;

async function signIn(base: string, email = ADMIN.email, password = ADMIN.password) {
  const answer = await request(base, 'POST', '/api/users/login', { body: { email, password } });
  expect(answer.status, answer.body).toBe(200);
  return json(answer) as { jwt: string; token: string };
}

/** Asks until `done` holds for an answer (a cached value may take a moment to change), for up to 15 s. */
async function until(ask: () => Promise<Answer>, done: (answer: Answer) => boolean) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await ask();
    if (done(answer) || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function cli(...argv: string[]) {
  const run = spawnSync(process.execPath, [cliEntry, ...argv], {
    env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

let a: ServerProcess;
let b: ServerProcess;
let database: Database;
let redis: Redis | undefined;

beforeAll(async () => {
  await admin((client) => client.query(`create database "${databaseName}"`));
  redis = redisUrl ? new Redis(redisUrl) : undefined;
  const env = {
    DATABASE_URL: databaseUrl,
    VIVIER_ADMIN_EMAIL: ADMIN.email,
    VIVIER_ADMIN_PASSWORD: ADMIN.password,
    VIVIER_LOGIN_MAX_PER_ACCOUNT: '3',
    VIVIER_LOGIN_MAX_PER_ADDRESS: '1000',
    // A short reuse interval (decision 137), so the test can see both sides of it.
    VIVIER_REFRESH_REUSE_SECONDS: '1',
    // Between SIGTERM and closing the listener, health answers 503 so the balancer takes the instance out.
    VIVIER_SHUTDOWN_DRAIN: '2',
    ...(redisUrl ? { REDIS_URL: redisUrl, VIVIER_REDIS_PREFIX: redisPrefix } : {}),
  };
  // Together, on an empty database: both migrate it and look for the first licence at the same moment.
  const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
  const [first, second] = started;
  if (first?.status === 'fulfilled') a = first.value;
  if (second?.status === 'fulfilled') b = second.value;
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) throw failed.reason;
  database = await openPostgres(databaseUrl, { migrate: false, max: 2 });
}, 180_000);

afterAll(async () => {
  await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGKILL')]);
  await database?.close();
  if (redis) {
    const keys = await redis.keys(`${redisPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  }
  await admin((client) => client.query(`drop database if exists "${databaseName}" with (force)`));
}, 60_000);

describe(`two instances on one PostgreSQL${redisUrl ? ' and one Redis' : ''}`, () => {
  it('start together on an empty database: migrated once, one licence and one admin, both healthy', async () => {
    const migrations = fs.readdirSync(migrationsDir).filter((file) => file.endsWith('.sql')).length;
    const counts = await admin(async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const applied = await client.query(
          'select count(*)::int as n, count(distinct hash)::int as distinct_n from drizzle.__drizzle_migrations',
        );
        const licences = await client.query('select count(*)::int as n from licences');
        const users = await client.query('select count(*)::int as n from users');
        return { applied: applied.rows[0], licences: licences.rows[0].n, users: users.rows[0].n };
      } finally {
        await client.end();
      }
    });
    expect(counts).toEqual({ applied: { n: migrations, distinct_n: migrations }, licences: 1, users: 1 });
    const firstStarts = [a, b].filter((s) => s.output().includes('First start: created the licence'));
    expect(firstStarts).toHaveLength(1);
    for (const s of [a, b]) {
      const health = await request(s.url, 'GET', '/api/health');
      expect(health.status).toBe(200);
      expect(json(health)).toEqual({ status: 'ok', database: 'postgres' });
    }
  });

  it('accept on B the tokens issued on A; a refresh on B retires the old token on A and reusing it ends the session', async () => {
    const session = await signIn(a.url);
    expect((await request(b.url, 'GET', '/api/license', { jwt: session.jwt })).status).toBe(200);

    const refreshed = await request(b.url, 'GET', `/api/users/refresh/${session.token}`);
    expect(refreshed.status).toBe(200);
    const next = json(refreshed) as { jwt: string; token: string };
    expect((await request(a.url, 'GET', '/api/license', { jwt: next.jwt })).status).toBe(200);

    // The old token again on the other instance, within the reuse interval (two tabs refreshing at once): the
    // same new pair, not a second one.
    const twin = await request(a.url, 'GET', `/api/users/refresh/${session.token}`);
    expect(twin.status).toBe(200);
    expect((json(twin) as { token: string }).token).toBe(next.token);

    // Past the interval, the old token again is a replay. The whole family is revoked, the new token too.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const replay = await request(a.url, 'GET', `/api/users/refresh/${session.token}`);
    expect(replay.status).toBe(401);
    expect(json(replay)).toMatchObject({ error: 'invalid_refresh_token' });
    expect((await request(b.url, 'GET', `/api/users/refresh/${next.token}`)).status).toBe(401);
  });

  it('count failed sign-ins on both instances together: the limit of 3 holds across them', async () => {
    const email = `nobody-${suffix}@instances.test`;
    const statusesSeen: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await request(i % 2 ? b.url : a.url, 'POST', '/api/users/login', {
        body: { email, password: 'not the password' },
      });
      statusesSeen.push(answer.status);
    }
    // Each instance saw three attempts: counted apart, neither would have refused one.
    expect(statusesSeen).toEqual([401, 401, 401, 429, 429, 429]);
    if (redis) {
      expect(await redis.keys(`${redisPrefix}rl:login:account:${email}:*`)).toHaveLength(1);
    } else {
      const rows = await database.db
        .select({ count: rateLimitHits.count })
        .from(rateLimitHits)
        .where(eq(rateLimitHits.key, `login:account:${email}`));
      expect(rows).toEqual([{ count: 3 }]);
    }
  });

  it('export on either instance the same file, and show on one the status change made on the other', async () => {
    const { jwt } = await signIn(a.url);
    const [licence] = await database.db.select({ id: licences.id }).from(licences);
    const licenceId = licence?.id ?? 0;
    const [first, second] = await database.db
      .select()
      .from(statuses)
      .where(eq(statuses.licenceId, licenceId))
      .orderBy(statuses.index);
    if (!first || !second) throw new Error('no pipeline');
    const [offer] = await database.db
      .insert(jobOffers)
      .values({ licenceId, name: 'Two instances' })
      .returning({ id: jobOffers.id });
    if (!offer) throw new Error('no offer');
    const people = await database.db
      .insert(candidates)
      .values(
        Array.from({ length: 25 }, (_, i) => ({ licenceId, firstName: `Person${i}`, lastName: 'Shared' })),
      )
      .returning({ id: candidates.id });
    await database.db
      .insert(jobApplications)
      .values(
        people.map((p) => ({ licenceId, jobOfferId: offer.id, candidateId: p.id, statusId: first.id })),
      );

    const exportUrl = (status: number) =>
      `/api/job_offers/${offer.id}/export?format=csv_comma&statuses[]=${status}`;
    const onA = await request(a.url, 'GET', exportUrl(first.id), { jwt });
    const onB = await request(b.url, 'GET', exportUrl(first.id), { jwt });
    expect([onA.status, onB.status]).toEqual([200, 200]);
    expect(onA.headers['x-total-count']).toBe('25');
    expect(onB.body).toBe(onA.body);
    expect(onA.body).toContain('Person24');

    const moved = await request(b.url, 'POST', `/api/job_offers/${offer.id}/export/status_change`, {
      jwt,
      body: { status_id: second.id, statuses: [first.id] },
    });
    expect(moved.status, moved.body).toBe(200);
    expect(json(moved)).toEqual({ updated_count: 25 });
    const after = await request(a.url, 'GET', exportUrl(second.id), { jwt });
    expect(after.headers['x-total-count']).toBe('25');
    expect((await request(a.url, 'GET', exportUrl(first.id), { jwt })).headers['x-total-count']).toBe('0');
  });

  it('see a maintenance window switched on and off with the CLI on both instances, health excepted', async () => {
    const { jwt } = await signIn(b.url);
    const at = new Date(Date.now() - 60_000).toISOString();
    cli('maintenance:set', '--at', at, '--duration', '30');
    for (const s of [a, b]) {
      const answer = await until(
        () => request(s.url, 'GET', '/api/license', { jwt }),
        (r) => r.status === 503,
      );
      expect(answer.status).toBe(503);
      expect(json(answer)).toMatchObject({ error: 'maintenance', break_at: at, duration: 30 });
      expect((await request(s.url, 'GET', '/api/health')).status).toBe(200);
    }
    cli('maintenance:clear');
    for (const s of [a, b]) {
      const answer = await until(
        () => request(s.url, 'GET', '/api/license', { jwt }),
        (r) => r.status === 200,
      );
      expect(answer.status).toBe(200);
    }
  });

  it('lose no request when one instance stops with SIGTERM behind a balancer that checks health and retries', async () => {
    const { jwt } = await signIn(a.url);
    const total = 240;
    const answers: { index: number; by: 'a' | 'b'; status: number }[] = [];
    const lost: string[] = [];
    let retried = 0;
    let next = 0;
    let stopping: Promise<number | null> | undefined;

    // The balancer: round robin over the instances it holds up; one is taken out when its health check
    // fails (every 100 ms, as a load balancer's, only faster), when it refuses a connection or answers 503,
    // and a request refused or answered 503 is sent to the other (docs/deploy.md).
    const up = { a: true, b: true };
    const urlOf = (name: 'a' | 'b') => (name === 'a' ? a.url : b.url);
    const checking = setInterval(() => {
      for (const name of ['a', 'b'] as const) {
        request(urlOf(name), 'GET', '/api/health').then(
          (answer) => {
            if (answer.status !== 200) up[name] = false;
          },
          () => {
            up[name] = false;
          },
        );
      }
    }, 100);

    async function send(index: number) {
      const preferred: 'a' | 'b' = index % 2 ? 'b' : 'a';
      const other: 'a' | 'b' = preferred === 'a' ? 'b' : 'a';
      const order = up[preferred] ? [preferred, other] : [other, preferred];
      for (const by of [...order, ...order]) {
        try {
          const answer = await request(urlOf(by), 'GET', '/api/job_offers?per_page=5', { jwt });
          if (answer.status === 503) {
            up[by] = false;
            retried++;
            continue;
          }
          answers.push({ index, by, status: answer.status });
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ECONNREFUSED') {
            up[by] = false;
            retried++;
            continue;
          }
          lost.push(`request ${index} to ${by}: ${(error as Error).message}`);
          return;
        }
      }
      lost.push(`request ${index}: refused everywhere`);
    }

    async function client() {
      while (next < total) {
        const index = next++;
        // A third of the way through, instance A is told to stop, with requests in flight on it.
        if (index === Math.floor(total / 3)) stopping = a.stop('SIGTERM');
        await send(index);
      }
    }
    try {
      await Promise.all(Array.from({ length: 6 }, client));
    } finally {
      clearInterval(checking);
    }

    expect(lost).toEqual([]);
    expect(answers).toHaveLength(total);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await stopping).toBe(0);
    expect(a.output()).toContain('SIGTERM received: health answers 503, shutting down in 2 s');
    const servedByA = answers.filter((answer) => answer.by === 'a').length;
    expect(servedByA).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.by === 'b').length).toBeGreaterThan(total / 2);
    console.log(`SIGTERM under load: ${total} answers, ${servedByA} by A; ${retried} sent again to B`);
  }, 120_000);
});
