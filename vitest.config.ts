import { configDefaults, defineConfig } from 'vitest/config';
import web from './apps/web/vitest.config.ts';

/**
 * Web test files that replace a module with vi.mock: a module graph shared between files (isolate: false) would
 * leak the mock into later files or miss it when the module was imported before, so these run isolated.
 */
const WEB_MOCKING = [
  'src/features/auth/components/login-screen.test.tsx',
  'src/shared/reporting/sentry-client.test.ts',
];

// API tests run on PGlite always, and on a PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it).
const serverProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    // Tests of one engine's behaviour (real processes on the embedded database, a PostgreSQL server that goes
    // away) run in that engine's project only.
    exclude: db === 'postgres' ? ['src/**/*.pglite.test.ts'] : ['src/**/*.postgres.test.ts'],
    environment: 'node',
    env: { VIVIER_TEST_DB: db },
    // One module graph per worker, not per file: importing the app again for each of ~90 files cost a third of
    // the suite's CPU (docs/decisions/160-test-suite-time.md). Each file still has its own database and app; a
    // test that changes the environment puts it back, and nothing here uses vi.mock (it would leak).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// The dataset generator's tests (bench/dataset/, decision 168) fill a database the way the API tests do.
const benchProject = (db: 'pglite' | 'postgres') => ({
  test: {
    ...serverProject(db).test,
    name: `bench-${db}`,
    root: 'bench',
    include: ['**/*.test.ts'],
    exclude: [],
    // Its own module graph: these files import the server only through bench-entry.ts.
    isolate: true,
    testTimeout: 180_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one, which is a single worker on a 2-core machine; the API
    // tests mostly wait on a database (PGlite's worker thread, a PostgreSQL server), so three run side by side
    // on 2 cores: PGlite and web, idle machine, 219 s with two workers, 193 s with three (decision 160). Each
    // file has its own database.
    maxWorkers: 3,
    projects: [
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      benchProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [benchProject('postgres')] : []),
      // The typed client (packages/client, decision 200) against a real HTTP server on loopback.
      {
        test: {
          name: 'client',
          root: 'packages/client',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      // jsdom per file is kept; its module graph (React, Mantine, the app) is imported once per worker.
      { ...web, test: { ...web.test, isolate: false, exclude: [...configDefaults.exclude, ...WEB_MOCKING] } },
      { ...web, test: { ...web.test, name: 'web-mocks', include: WEB_MOCKING } },
    ],
  },
});
