import { defineConfig } from 'drizzle-kit';

// Used only to generate migrations (`npm run db:generate -w apps/server`); the server applies them itself at
// start with Drizzle's migrator, on a database that has pg_trgm (DESIGN section 2).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
