import { defineConfig } from 'vitest/config';

// API tests run on PGlite always, and on a PostgreSQL server too when TEST_DATABASE_URL is set (CI sets it).
const serverProject = (db: 'pglite' | 'postgres') => ({
  test: {
    name: `server-${db}`,
    root: 'apps/server',
    include: ['src/**/*.test.ts'],
    // Real-process tests of the embedded database run once, in the PGlite project.
    exclude: db === 'postgres' ? ['src/**/*.pglite.test.ts'] : [],
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
