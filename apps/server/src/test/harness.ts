import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { refreshTokens } from '../db/schema/index.ts';
import { useTestPasswordHashing } from '../lib/passwords.ts';
import { createLicence, createUser, type NewLicence } from '../modules/licence/provision.ts';
import { openTestDatabase } from './test-database.ts';

export const PASSWORD = 'correct horse battery';
/** The key test apps sign access tokens with (a test can mint one that has expired). */
export const TEST_JWT_SECRET = 'test-secret-test-secret-test-secret-0123';

// Cheap argon2id parameters for the suite's thousands of sign-ins (lib/passwords.ts).
useTestPasswordHashing(true);

/**
 * A real app on a real, empty database (PGlite or PostgreSQL), driven with `inject`. Mail goes to an outbox
 * folder of its own, as it does on a machine without SMTP. With `captureLogs` the JSON log lines are kept
 * (at LOG_LEVEL info unless `env` says otherwise) for `logs()` to read.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  {
    captureLogs = false,
    via,
  }: {
    captureLogs?: boolean;
    /** Rewrites the PostgreSQL URL the app connects with (the fault tests put a proxy in between). */
    via?: (url: string) => string;
  } = {},
) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-test-'));
  const config: Config = loadConfig({
    VIVIER_DATA_DIR: dataDir,
    LOG_LEVEL: captureLogs ? 'info' : 'silent',
    VIVIER_JWT_SECRET: TEST_JWT_SECRET,
    VIVIER_WEB_DIST: path.join(dataDir, 'no-web-build'),
    // Load shedding has its own test; elsewhere a loaded test machine must not turn answers into 503s: no
    // event loop limit, and a line for the request slots longer than any answer takes (decision 211).
    VIVIER_MAX_EVENT_LOOP_DELAY: '0',
    VIVIER_MAX_REQUEST_WAIT_MS: '30000',
    ...env,
  });
  const database = await openTestDatabase(via ? { via } : {});
  const lines: string[] = [];
  const app = await buildApp(
    captureLogs
      ? { config, database, logStream: { write: (line: string) => void lines.push(line) } }
      : { config, database, logger: false },
  );
  await app.ready();
  const db = database.db;

  let licenceCounter = 0;
  /** A licence ready to use with its admin (email `admin@<slug>.test`). */
  const licence = async (overrides: Partial<NewLicence> = {}) => {
    const slug = `org${++licenceCounter}`;
    return createLicence(db, {
      name: `Organisation ${licenceCounter}`,
      creditsMax: 100,
      planType: 'recurrent',
      renewPeriod: 'monthly',
      admin: { email: `admin@${slug}.test`, password: PASSWORD, firstName: 'Ada', lastName: 'Admin' },
      ...overrides,
    });
  };
  const user = (licenceId: number, email: string, role: 'user' | 'admin' = 'user') =>
    createUser(db, licenceId, { email, password: PASSWORD, role, firstName: 'Uma', lastName: 'User' });

  /** Signs in over HTTP and returns the login answer (user, jwt, refresh token). */
  const login = async (email: string, password = PASSWORD) => {
    const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
    if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
    return res.json() as { id: number; jwt: string; token: string; license_id: number };
  };
  const auth = (jwt: string) => ({ authorization: `Bearer ${jwt}` });
  /**
   * Moves every retired refresh token past the reuse interval, as waiting would: presenting one again is then
   * a replay (docs/decisions/137-refresh-reuse-interval.md).
   */
  const pastReuseInterval = () =>
    db
      .update(refreshTokens)
      .set({ retiredAt: sql`${refreshTokens.retiredAt} - interval '1 minute'` })
      .where(isNotNull(refreshTokens.retiredAt));

  const outbox = () => {
    const dir = path.join(dataDir, 'outbox');
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .sort()
          .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
      : [];
  };

  /** Waits for what the app does after answering (a recovery mail) to end. */
  const settled = () => app.background.settled();
  /** The captured log lines, parsed (with `captureLogs`). */
  const logs = () => lines.map((line) => JSON.parse(line) as Record<string, unknown> & { msg?: string });
  /** The captured log, as written. */
  const logText = () => lines.join('');

  const close = async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return {
    app,
    db,
    database,
    config,
    dataDir,
    licence,
    user,
    login,
    auth,
    pastReuseInterval,
    outbox,
    settled,
    logs,
    logText,
    close,
  };
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** A test app for the file's tests (see `createTestApp`): handed to `set` before them, closed after them. */
export function withTestApp(set: (t: TestApp) => void) {
  let made: TestApp | undefined;
  beforeAll(async () => {
    made = await createTestApp();
    set(made);
  });
  afterAll(() => made?.close());
}

/** A request's headers, as the fixtures give them (`org.alice.headers`). */
export type Headers = Record<string, string>;

/**
 * The calls a resource's route tests make, each as a caller (`headers`), on the app `app()` answers (set up in a
 * `beforeAll`): POST `base`, PATCH, PUT and DELETE `base/{id}`, GET `base` with a query string.
 */
export function resourceRequests(app: () => TestApp, base: string) {
  const send = (method: 'POST' | 'PATCH' | 'PUT', url: string, headers: Headers, payload: unknown) =>
    app().app.inject({ method, url, headers, payload: payload as object });
  return {
    create: (headers: Headers, payload: unknown) => send('POST', base, headers, payload),
    update: (headers: Headers, id: number | string, payload: unknown) =>
      send('PATCH', `${base}/${id}`, headers, payload),
    replace: (headers: Headers, id: number | string, payload: unknown) =>
      send('PUT', `${base}/${id}`, headers, payload),
    remove: (headers: Headers, id: number | string) =>
      app().app.inject({ method: 'DELETE', url: `${base}/${id}`, headers }),
    list: (headers: Headers, query = '') => app().app.inject({ url: `${base}${query}`, headers }),
  };
}
