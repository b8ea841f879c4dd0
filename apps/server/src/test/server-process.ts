import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Database, openPglite, openPostgres } from '../db/database.ts';
import { pgliteSnapshot } from './test-database.ts';

/**
 * The real server as a child process (`node apps/server/src/server.ts`), for the tests that kill it, stop it
 * or load it (issue 14 §7 and §8): what `inject` cannot show, a process that dies and a listener that closes.
 */
const serverEntry = path.join(import.meta.dirname, '../server.ts');
const repositoryRoot = path.join(import.meta.dirname, '../../../..');

/** Where a server process keeps its data: a PGlite data directory, or a fresh PostgreSQL database. */
export type ProcessDatabase = {
  kind: 'pglite' | 'postgres';
  /** The environment that points a server at it. */
  env: Record<string, string>;
  /** The PostgreSQL database's URL (the test watches `pg_stat_activity` through it). */
  url?: string;
  /** Opens it from the test, migrated; PGlite only while no server holds it. */
  open(): Promise<Database>;
  /** Deletes it. */
  remove(): Promise<void>;
};

export async function processDatabase(kind: 'pglite' | 'postgres', prefix: string): Promise<ProcessDatabase> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vivier-${prefix}-`));
    let fresh = true;
    return {
      kind,
      env: { VIVIER_DATA_DIR: dataDir, DATABASE_URL: '' },
      open: async () => {
        // An empty directory starts from the migrated snapshot (1 s instead of 6 s of migrations).
        if (!fresh) return openPglite({ dataDir });
        fresh = false;
        return openPglite({ dataDir, snapshot: await pgliteSnapshot(), migrate: false });
      },
      remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('PostgreSQL tests need TEST_DATABASE_URL');
  const name = `vivier_${prefix}_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `vivier-${prefix}-`));
  return {
    kind,
    env: { DATABASE_URL: url.toString(), VIVIER_DATA_DIR: dataDir },
    url: url.toString(),
    open: () => openPostgres(url.toString(), { max: 4 }),
    remove: async () => {
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type ServerProcess = {
  child: ChildProcess;
  /** The address it listens on, once it says it is ready. */
  url: string;
  /** Resolves when the process has exited: its code, or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Everything it wrote, stdout and stderr. */
  output(): string;
  /** Its JSON log lines (stdout), parsed, each with the time the test read it (`seenAt`, performance.now()). */
  logs(): (Record<string, unknown> & { msg?: string; seenAt: number })[];
  /** Resolves with the time the test read the first log line after the `from`th that matches. */
  waitForLog(
    match: (line: Record<string, unknown> & { msg?: string }) => boolean,
    from?: number,
  ): Promise<number>;
};

/** The environment every test server runs with: one licence is seeded by the test, no demo, JSON logs. */
const baseEnv = {
  PORT: '0',
  HOST: '127.0.0.1',
  VIVIER_DEMO: '0',
  // One process: the crash tests kill the server's own pid (decision 205's cluster has its own test).
  VIVIER_WORKERS: '1',
  VIVIER_JWT_SECRET: 'process-test-secret-0123456789abcdef',
  VIVIER_LOGIN_MAX_PER_ACCOUNT: '1000',
  VIVIER_LOGIN_MAX_PER_ADDRESS: '1000',
  LOG_LEVEL: 'info',
  // The request slots' line (decision 211) longer than any answer of a loaded test machine: the 100 clients
  // of the mixed load, the stop under load and the crash tests go through the slots, and a 503 there would be
  // the gate's fault (its refusal has its own test, security/headers-and-load.test.ts, and a bench row).
  VIVIER_MAX_REQUEST_WAIT_MS: '30000',
  SMTP_URL: '',
  REDIS_URL: '',
  SENTRY_DSN: '',
};

/**
 * Starts the server on `database` and resolves when it listens (two minutes at most: on a loaded 2-core machine the embedded database's
 * WebAssembly alone once took over a minute to compile, webhook-restart.test.ts).
 * Its log is read at level info (the "ready on" line names the port the OS chose); `keepLogs` parses and keeps
 * every line, the request log included, else only the last 100 kB of output are kept (for failure messages).
 */
export async function startServerProcess(
  database: ProcessDatabase,
  {
    env = {},
    keepLogs = false,
    launcher = 'node',
  }: {
    env?: Record<string, string>;
    keepLogs?: boolean;
    /**
     * `npm start` runs the server as the README's Quick start does; `child` is then npm, leading a process group
     * of its own, so that a test can end whatever npm started, orphaned or not (`process.kill(-pid)`).
     */
    launcher?: 'node' | 'npm start';
  } = {},
): Promise<ServerProcess> {
  const options = {
    env: { ...process.env, ...baseEnv, ...database.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'] as ['ignore', 'pipe', 'pipe'],
  };
  const child =
    launcher === 'node'
      ? spawn(process.execPath, [serverEntry], options)
      : spawn('npm', ['start'], { ...options, cwd: repositoryRoot, detached: true });
  let output = '';
  let pending = '';
  const lines: (Record<string, unknown> & { msg?: string; seenAt: number })[] = [];
  const waiters: { match: (line: Record<string, unknown>) => boolean; resolve: (at: number) => void }[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  child.stdout?.on('data', (chunk: Buffer) => {
    const seenAt = performance.now();
    const text = chunk.toString();
    output = (output + text).slice(-100_000);
    if (!keepLogs) return;
    pending += text;
    const complete = pending.split('\n');
    pending = complete.pop() ?? '';
    for (const raw of complete) {
      if (!raw.startsWith('{')) continue;
      const line = { ...(JSON.parse(raw) as Record<string, unknown>), seenAt };
      lines.push(line);
      for (const waiter of [...waiters]) {
        if (waiter.match(line)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(seenAt);
        }
      }
    }
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-100_000);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start within 120 s: ${output}`));
    }, 120_000);
    const onData = () => {
      const found = output.match(/ready on (http:\/\/[\d.]+:\d+)/)?.[1];
      if (found) {
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve(found);
      }
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before it was ready: ${output}`));
    });
  });
  // Ready as a load balancer sees it: health answers 200. Just after start the load-shedding sampler may
  // still hold the event-loop delay of the start-up work (seconds on a loaded machine) and answer 503.
  for (let status = 0; status !== 200; ) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${output}`);
    status = (await fetch(`${url}/api/health`)).status;
    if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    url,
    exited,
    output: () => output,
    logs: () => lines,
    waitForLog: (match, from = 0) =>
      new Promise((resolve) => {
        const found = lines.slice(from).find(match);
        if (found) resolve(found.seenAt);
        else waiters.push({ match, resolve });
      }),
  };
}

/** Kills the process at once (SIGKILL: no handler runs, nothing is flushed) and waits for it to be gone. */
export async function killHard(server: ServerProcess) {
  server.child.kill('SIGKILL');
  return server.exited;
}

/** A signed-in caller of a running server: JSON requests with its bearer token. */
export async function signIn(url: string, email: string, password: string) {
  const res = await fetch(`${url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  const { jwt } = (await res.json()) as { jwt: string };
  const call = async (method: string, pathAndQuery: string, body?: unknown) => {
    const response = await fetch(`${url}${pathAndQuery}`, {
      method,
      headers: {
        authorization: `Bearer ${jwt}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
  return { jwt, call };
}
