import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { startLocalOpenIdProvider } from '../../apps/server/src/test/local-openid-provider.ts';
import { startSmtpSink } from '../../apps/server/src/test/smtp-sink.ts';
import { ACCESS_TOKEN_TTL_S, ADMIN_EMAIL, ADMIN_PASSWORD, OAUTH_CLIENTS } from './e2e-env.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');
/** The pinned Node (DESIGN section 2): the machine's may be too old. */
export const NODE = path.join(ROOT, 'node_modules/.bin/node');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer ${url} within ${timeoutMs} ms`);
}

/** One server of the suite: its address and data directory, and how to stop it. */
interface RunningServer {
  baseURL: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** Starts the real server on a free port with a fresh data directory and its own local OpenID providers. */
async function startServer(): Promise<RunningServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vivier-e2e-'));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  // Google and Microsoft (its `common` endpoint, the hardest case) stand in as local OpenID providers.
  const google = await startLocalOpenIdProvider({
    kind: 'google',
    clientId: OAUTH_CLIENTS.google.id,
    clientSecret: OAUTH_CLIENTS.google.secret,
    redirectUri: `${baseURL}/oauth/google/callback`,
  });
  const microsoft = await startLocalOpenIdProvider({
    kind: 'microsoft-common',
    clientId: OAUTH_CLIENTS.microsoft.id,
    clientSecret: OAUTH_CLIENTS.microsoft.secret,
    redirectUri: `${baseURL}/oauth/microsoft/callback`,
  });
  // A real SMTP server on loopback receives every mail the server sends; each message is kept as an .eml file
  // in the data directory's outbox, where the tests read them (support/fixtures.ts `outbox`).
  const outboxDir = path.join(dataDir, 'outbox');
  mkdirSync(outboxDir, { recursive: true });
  let received = 0;
  const smtp = await startSmtpSink({
    onMessage: (mail) =>
      writeFileSync(
        path.join(outboxDir, `${Date.now()}-smtp-${String(++received).padStart(6, '0')}.eml`),
        mail.raw.replace(/\r\n/g, '\n'),
      ),
  });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SMTP_URL: smtp.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    VIVIER_DATA_DIR: dataDir,
    VIVIER_PUBLIC_URL: baseURL,
    VIVIER_ADMIN_EMAIL: ADMIN_EMAIL,
    VIVIER_ADMIN_PASSWORD: ADMIN_PASSWORD,
    VIVIER_DEMO: '0',
    VIVIER_ACCESS_TOKEN_TTL: String(ACCESS_TOKEN_TTL_S),
    // Every test signs in; the default per-account limit is for people, not for a test suite.
    VIVIER_LOGIN_MAX_PER_ACCOUNT: '1000',
    VIVIER_LOGIN_MAX_PER_ADDRESS: '1000',
    // Every visitor of the tests applies from 127.0.0.1, faster than a person: the apply form's guards are the
    // API suite's (careers/apply); here the proof of work is reached by a forged form token instead.
    VIVIER_CAREERS_MIN_FILL_SECONDS: '0',
    VIVIER_CAREERS_APPLY_FREE: '1000',
    VIVIER_CAREERS_APPLY_MAX: '2000',
    VIVIER_CAREERS_MAX_PER_MINUTE: '5000',
    // The webhooks spec's receiver listens on loopback: allowed here as an operator allows a host for tests.
    VIVIER_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    // Load shedding has its own API test; here a loaded 2-core machine (Chromium tracing, a parallel suite)
    // must not turn the web app's chunks into 503s, as it once did mid-sign-in.
    VIVIER_MAX_EVENT_LOOP_DELAY: '0',
    // Nor a screen's calls waiting for the request slots (decision 211) behind a slow machine's answers.
    VIVIER_MAX_REQUEST_WAIT_MS: '30000',
    // Two tabs without Web Locks rely on a retired refresh token answering its successor for a while (decision
    // 137); on a loaded 2-core machine a tab's delayed request came more than the default 10 s after the other
    // tab's rotation and was taken for a replay (session.spec.ts, 2026-12-07). The interval's edges are the API
    // suite's (tokens.test.ts); here the longest the configuration allows.
    VIVIER_REFRESH_REUSE_SECONDS: '60',
    // Saved searches' alerts look for new matches every 5 s rather than every minute (saved-searches.spec.ts).
    VIVIER_SAVED_SEARCH_ALERTS_SECONDS: '5',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    GOOGLE_CLIENT_ID: OAUTH_CLIENTS.google.id,
    GOOGLE_CLIENT_SECRET: OAUTH_CLIENTS.google.secret,
    OAUTH_GOOGLE_ISSUER: google.issuer,
    MICROSOFT_CLIENT_ID: OAUTH_CLIENTS.microsoft.id,
    MICROSOFT_CLIENT_SECRET: OAUTH_CLIENTS.microsoft.secret,
    MICROSOFT_TENANT: 'common',
    OAUTH_MICROSOFT_ISSUER: microsoft.issuer,
  };
  const child = spawn(NODE, ['apps/server/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForServer(`${baseURL}/api/license`, child, 90_000);

  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          child.kill('SIGKILL');
          resolve(undefined);
        }, 10_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve(undefined);
        });
      });
    }
    await google.stop();
    await microsoft.stop();
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { baseURL, dataDir, stop };
}

/**
 * Starts one server per Playwright worker (issue 19 item 11): a worker's specs run one after another against
 * their own server, data directory, outbox and maintenance switch, so workers never see each other's changes.
 * The returned function stops them all.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    throw new Error(
      'apps/web/dist is missing: run `npm run build -w apps/web` first (npm run test:e2e does).',
    );
  }
  const servers = await Promise.all(Array.from({ length: Math.max(1, config.workers) }, () => startServer()));
  process.env.VIVIER_E2E_SERVERS = JSON.stringify(
    servers.map(({ baseURL, dataDir }) => ({ baseURL, dataDir })),
  );
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
