import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from './test/server-instance.ts';

/**
 * VIVIER_WORKERS (issue 29, decision 205): server processes sharing one port on one PostgreSQL database, under
 * a primary that replaces a worker that dies and stops them all on SIGTERM.
 */
const adminUrl = process.env.TEST_DATABASE_URL ?? '';
const databaseName = `vivier_workers_${randomBytes(5).toString('hex')}`;
const databaseUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${databaseName}`;
  return url.toString();
})();

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The processes whose parent is `pid` (from /proc: no tool needed). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        // The command name may hold spaces and parentheses: the fields after its closing one are plain.
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Polls until `condition` holds; fails the test past `timeoutMs`. */
async function waitFor(condition: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`still not so after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * GET /api/health on a connection of its own (a pooled one may lead to the worker a test just killed), with a
 * timeout: a connection the primary handed to a worker in the instant it died is lost with it, as a client
 * behind any load balancer sees, and a client retries it.
 */
function healthOnce(base: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${base}/api/health`, { agent: false, timeout: 5_000 }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('timeout', () => request.destroy(new Error('no answer in 5 s')));
    request.on('error', reject);
  });
}

/** The health answer, retried twice on a lost connection (never on an answer, whatever its status). */
async function health(base: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await healthOnce(base);
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const alive = (pid: number) => fs.existsSync(`/proc/${pid}`);

describe('a cluster of server processes (VIVIER_WORKERS)', () => {
  let server: ServerProcess;
  let primary: number;

  beforeAll(async () => {
    await admin(`create database "${databaseName}"`);
    server = await startServerProcess({ DATABASE_URL: databaseUrl, VIVIER_WORKERS: '2' });
    primary = server.child.pid ?? 0;
    // The first worker's "ready" resolved the start; the other follows.
    await waitFor(() => server.output().match(/ready on/g)?.length === 2, 60_000);
  }, 120_000);

  afterAll(async () => {
    await server?.stop('SIGKILL');
    await admin(`drop database if exists "${databaseName}" with (force)`);
  });

  it('runs two server processes under the primary, both answering on the one port', async () => {
    expect(childrenOf(primary)).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => health(server.url)));
    expect(answers.every((status) => status === 200)).toBe(true);
    // The first start's admin is created once, not once per process (the bootstrap's advisory lock).
    expect(server.output().match(/First start: created the admin/g)).toHaveLength(1);
  });

  it('replaces a worker that dies, and keeps answering meanwhile', async () => {
    const [victim] = childrenOf(primary);
    if (victim === undefined) throw new Error('no worker');
    process.kill(victim, 'SIGKILL');
    expect(await health(server.url)).toBe(200);
    // A loaded machine takes a while to start a server process: both waits share one deadline.
    const deadline = Date.now() + 150_000;
    await waitFor(() => {
      const workers = childrenOf(primary);
      return workers.length === 2 && !workers.includes(victim);
    }, deadline - Date.now());
    await waitFor(() => server.output().match(/ready on/g)?.length === 3, deadline - Date.now());
    expect(server.output()).toContain('exited (code SIGKILL): starting another');
    expect(await health(server.url)).toBe(200);
  }, 180_000);

  it('stops every worker on SIGTERM and exits 0', async () => {
    const workers = childrenOf(primary);
    expect(await server.stop('SIGTERM', 30_000)).toBe(0);
    expect(workers.filter(alive)).toEqual([]);
  }, 60_000);
});

describe('a cluster whose workers cannot start', () => {
  it('stops at the first failure with its exit code instead of restarting in a loop', async () => {
    const missing = new URL(adminUrl);
    missing.pathname = `/vivier_missing_${randomBytes(4).toString('hex')}`;
    await expect(
      startServerProcess({ DATABASE_URL: missing.toString(), VIVIER_WORKERS: '2' }, 60_000),
    ).rejects.toThrow(/exited with 1 before it was ready[\s\S]*exited before it was ready/);
  }, 90_000);
});
