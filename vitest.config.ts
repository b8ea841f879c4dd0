import { defineConfig } from 'vitest/config';

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
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default is one worker per core but one, which is a single worker on a 2-core machine; the API
    // tests mostly wait on a database (PGlite's worker thread, a PostgreSQL server), so two run side by side
    // (~510 s instead of ~900 s for the whole suite here). Each file has its own database.
    maxWorkers: 2,
    projects: [
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
