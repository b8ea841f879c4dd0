import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import type { Db } from './database.ts';
import { clientNamingByText } from './named-by-text.ts';
import type { PlannerSetting } from './planner-settings.ts';
import * as schema from './schema/index.ts';

/**
 * PostgreSQL connections that are opened with a read's planner settings (decision 248): one small pool for each
 * set of settings a read asks for (a handful, all constants of ours), made when first asked. A read with settings
 * then runs on them as it would on any connection, each statement in its own implicit transaction, instead of in
 * a transaction that sets them: `begin`, the settings and `commit` were three of a search's seven or eight round
 * trips, each a socket write and a wake-up on both sides.
 */
export type SettingsPools = {
  /** A handle whose every statement runs with `settings`. */
  with(settings: [PlannerSetting, string][]): Db;
  end(): Promise<void>;
};

/**
 * PostgreSQL's startup options read a backslash as escaping the next character and split on white space, so
 * both are escaped in a value (the settings' values are ours, never a request's; this keeps a value whole).
 */
const startupOption = ([name, value]: [PlannerSetting, string]) =>
  `-c ${name}=${value.replace(/[\s\\]/g, '\\$&')}`;

export function settingsPools(url: string, max: number): SettingsPools {
  // The URL's own startup options (or PGOPTIONS) are kept, ours after them: node-postgres takes a URL's
  // `options` over the configuration's, so the URL is parsed here and its options joined to ours.
  const config = parseIntoClientConfig(url);
  const given = config.options ?? process.env.PGOPTIONS;
  const pools = new Map<string, { pool: pg.Pool; db: Db }>();
  return {
    with(settings) {
      // Names are PostgreSQL's ASCII setting names: a plain comparison orders them (this runs on every read).
      const options = [given, ...[...settings].sort(([a], [b]) => (a < b ? -1 : 1)).map(startupOption)]
        .filter(Boolean)
        .join(' ');
      let entry = pools.get(options);
      if (!entry) {
        // A read that sets how its plans are cached names its statements by their text, parsed once per
        // connection: planned once with generic plans (decision 252), every time with custom ones (decision 255).
        const named = settings.some(([name]) => name === 'plan_cache_mode');
        const Client = named ? clientNamingByText() : pg.Client;
        const pool = new pg.Pool({ ...config, options, max, connectionTimeoutMillis: 5000, Client });
        // As the main pool: an idle connection that errors (a server restart) must not crash the process.
        pool.on('error', () => {});
        entry = { pool, db: drizzle(pool, { schema }) as unknown as Db };
        pools.set(options, entry);
      }
      return entry.db;
    },
    async end() {
      await Promise.all([...pools.values()].map(({ pool }) => pool.end()));
      pools.clear();
    },
  };
}
