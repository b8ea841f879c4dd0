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
    projects: [
      serverProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('postgres')] : []),
      'apps/web/vitest.config.ts',
    ],
  },
});
