/**
 * `npm run bench`: the performance suite (issue 15, DESIGN section 6). It generates a dataset with the dataset
 * generator (bench/dataset/), times the read queries directly (the same query builders the routes call), starts the real server
 * in a child process, warms it up, and measures every scenario over HTTP with autocannon: p50/p95/p99, requests
 * per second, errors, the server's peak RSS and event loop delay, each beside its budget. Prints a table and
 * merges the rows into bench/results/latest.json.
 *
 *   npm run bench -- [--database postgres|pglite] [--candidates N | --profile peer-150k] [--job-offers N]
 *                    [--applications N] [--tags N] [--events N] [--cvs N] [--concurrency 1,10] [--duration 10] [--only name,...]
 *                    [--plans] [--import-rows 100000] [--erase-bulk 10000] [--keep] [--reuse postgres://...|DIR]
 *                    [--workers N] [--server-env NAME=value ...]
 *
 * PostgreSQL: BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the
 * bench creates a fresh database there and drops it at the end (`--keep` keeps it and prints its URL, `--reuse
 * URL` measures a kept one again without generating). PGlite: a fresh data directory under the system's tmp
 * (`--keep` keeps it, `--reuse DIR` measures a kept one again).
 * `--workers N` (PostgreSQL) measures a cluster of N server processes on one port, as `npm start` runs on a
 * multi-core machine (decision 205): its rows are labelled with N, memory is the sum of the processes' peaks, and
 * the event loop delay is not read (each worker has its own loop).
 * `--plans` (PostgreSQL) writes EXPLAIN (ANALYZE, BUFFERS) of every read query under bench/plans/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  type Database,
  type Db,
  openPglite,
  openPostgres,
  schema,
  startS3Server,
} from '../apps/server/src/bench-entry.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Fixture, generate, readFixture } from './dataset/fixture.ts';
import { benchDataset, sizeFlagOptions } from './dataset/sizes.ts';
import { alertScenario } from './lib/alert-scenario.ts';
import { applyScenario } from './lib/apply-scenario.ts';
import { erasureScenario } from './lib/erasure-scenario.ts';
import { createFreshDatabase, serverUrl } from './lib/fresh-database.ts';
import { httpScenarios } from './lib/http-scenarios.ts';
import { interviewScenario } from './lib/interview-scenario.ts';
import { datasetAtRestMemory, emptyInstanceMemory, MEMORY_ROWS } from './lib/memory-scenario.ts';
import { createReport } from './lib/report.ts';
import { BUDGETS, measureAuditWrite, measureRoundTrip, readScenarios } from './lib/scenarios.ts';
import { type Server, startServer } from './lib/server.ts';
import { measure, quantile } from './lib/stats.ts';
import { tokenAuthScenario } from './lib/token-scenario.ts';
import { uploadScenario } from './lib/upload-scenario.ts';
import { webhookScenario } from './lib/webhook-scenario.ts';

const { values: flags } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres' },
    ...sizeFlagOptions,
    concurrency: { type: 'string', default: '1,10' },
    duration: { type: 'string', default: '10' },
    only: { type: 'string', multiple: true },
    plans: { type: 'boolean', default: false },
    'import-rows': { type: 'string', default: '100000' },
    'erase-bulk': { type: 'string', default: '10000' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
    workers: { type: 'string', default: '1' },
    'server-env': { type: 'string', multiple: true },
  },
});

if (flags.database !== 'postgres' && flags.database !== 'pglite')
  throw new Error('--database is postgres or pglite');
const kind: 'postgres' | 'pglite' = flags.database;
const options = benchDataset(kind, flags);
const datasetName = flags.profile ?? 'default';
const workers = Number(flags.workers);
if (!Number.isInteger(workers) || workers < 1) throw new Error('--workers is a whole number of processes');
if (workers > 1 && kind !== 'postgres') throw new Error('--workers above 1 needs --database postgres');
// `--server-env NAME=value` (repeatable): a setting of the measured server, e.g. the load shedding's gate
// (VIVIER_MAX_CONCURRENT_REQUESTS=256 VIVIER_MAX_REQUEST_WAIT_MS=0 measures it as it was before decision 211).
const serverEnvFlags = Object.fromEntries(
  (flags['server-env'] ?? []).map((pair) => {
    const at = pair.indexOf('=');
    if (at < 1) throw new Error(`--server-env takes NAME=value, not ${pair}`);
    return [pair.slice(0, at), pair.slice(at + 1)];
  }),
);
const concurrencies = flags.concurrency.split(',').map(Number);
const duration = Number(flags.duration);
const importRows = Number(flags['import-rows']);
const only = (flags.only ?? []).flatMap((o) => o.split(',')).map((o) => o.trim().toLowerCase());
const wanted = (name: string) => only.length === 0 || only.some((o) => name.toLowerCase().includes(o));

// A cluster's rows are apart from one process's: latest.json keys rows by their dataset too.
const report = createReport({
  database: kind,
  dataset: workers > 1 ? `${datasetName}, ${workers} server processes` : datasetName,
  candidates: options.candidates,
});

// --- the dataset, in this process ------------------------------------------------------------------------

const dataDir =
  kind === 'pglite' && flags.reuse ? flags.reuse : fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-bench-'));
let fresh: { url: string; drop: () => Promise<void> } | undefined;
let databaseUrl: string | undefined;
if (kind === 'postgres') {
  if (flags.reuse) databaseUrl = flags.reuse;
  else {
    fresh = await createFreshDatabase('vivier_bench').catch((error: Error) => {
      throw new Error(
        `Cannot create a database on ${serverUrl()} (${error.message}): set BENCH_DATABASE_URL, or run with --database pglite`,
      );
    });
    databaseUrl = fresh.url;
  }
}

/** Every query a Db runs while `capture` is set, for the plans. */
const captured: { query: string; params: unknown[] }[] = [];
let capture = false;
let pool: pg.Pool | undefined;

async function openInProcess(): Promise<{ database: Database; db: Db }> {
  if (kind === 'pglite') {
    const database = await openPglite({ dataDir });
    return { database, db: database.db };
  }
  const database = await openPostgres(databaseUrl as string, { max: 2 });
  pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const logger = {
    logQuery: (query: string, params: unknown[]) => {
      if (capture) captured.push({ query, params });
    },
  };
  return { database, db: drizzle(pool, { schema, logger }) as unknown as Db };
}

/**
 * A reused database on a server without autovacuum keeps every dead row the write scenarios leave (decision 266:
 * a bulk move grew 5.4 -> 7.8 s over three runs on this project's machine, whose PostgreSQL runs with it off):
 * say so, with the dead rows, rather than let a slower run read as a regression.
 */
async function warnWithoutAutovacuum(pool: pg.Pool) {
  const { rows } = await pool.query<{ autovacuum: string; dead: number }>(
    `select current_setting('autovacuum') as autovacuum,
       (select coalesce(sum(n_dead_tup), 0) from pg_stat_user_tables)::float8 as dead`,
  );
  const [row] = rows;
  if (row?.autovacuum === 'off') {
    console.log(
      `  autovacuum is off on this server and the reused database holds ${row.dead.toLocaleString('en')} dead rows: write scenarios slow down from run to run until it is vacuumed (VACUUM ANALYZE)`,
    );
  }
}

let server: Server | undefined;
let failed = false;
try {
  const { database, db } = await openInProcess();
  let fixture: Fixture;
  try {
    if (!flags.reuse) {
      console.log(
        `dataset "${datasetName}" on ${kind}: ${options.candidates} candidates, ${options.jobOffers} job offers, ${options.applications} applications, ${options.tags} tags, ${options.events} events, ${options.cvs} CVs`,
      );
      const made = await generate(db, { ...options, parallel: kind === 'postgres' ? 2 : 1 });
      console.log(
        `  generated in ${made.generatedSeconds.toFixed(1)} s (${made.withVacuumSeconds.toFixed(1)} s with VACUUM ANALYZE)`,
      );
    }
    if (pool && flags.reuse) await warnWithoutAutovacuum(pool);
    fixture = await readFixture(db);
    report.measured(fixture.candidates);
    console.log(
      `  ${fixture.candidates} candidates; ${fixture.tagsByUse.length} tags in use; biggest offer ${fixture.bigOffer.applications} applications; bulk move of ${fixture.bulk.applications}; ${fixture.cvs} CVs`,
    );
    await sqlTimings(db, fixture);
    if (wanted('webhooks')) await webhookScenario(db, fixture, report);
    if (wanted('saved search alerts')) await alertScenario(db, fixture, report);
    if (fixture.audit && wanted('audit write')) {
      // Last of the in-process measures: it appends entries to the log the page scenario read.
      const durations = await measureAuditWrite(db, fixture.licenceId);
      report.sqlP50.set('audit: write one entry', quantile(durations, 0.5));
      const floor = await measureRoundTrip(db);
      console.log(
        `  audit: write one entry p50 ${quantile(durations, 0.5).toFixed(2)} ms, p95 ${quantile(durations, 0.95).toFixed(2)} ms (${BUDGETS.auditWrite.note}); a bare round trip (select 1) p50 ${quantile(floor, 0.5).toFixed(2)} ms, p95 ${quantile(floor, 0.95).toFixed(2)} ms`,
      );
    }
    if (flags.plans) await writePlans(db, fixture);
  } finally {
    await pool?.end();
    await database.close();
  }

  // --- the real server, over HTTP ----------------------------------------------------------------------
  // On PostgreSQL the data directory holds only what the server writes beside the database (mail outbox).
  // The careers pages' limit per address (decision 190) off: autocannon is one address reading thousands.
  const serverEnv: Record<string, string> = {
    VIVIER_CAREERS_MAX_PER_MINUTE: '1000000000',
    // One API token makes every call of its row (decision 198).
    VIVIER_API_TOKEN_MAX_PER_MINUTE: '1000000000',
    // The apply form's guards (decision 191) opened too: one address sends every application, at once.
    VIVIER_CAREERS_APPLY_FREE: '1000000000',
    VIVIER_CAREERS_APPLY_MAX: '1000000000',
    VIVIER_CAREERS_MIN_FILL_SECONDS: '0',
    VIVIER_WORKERS: String(workers),
    ...serverEnvFlags,
    ...(kind === 'postgres'
      ? { DATABASE_URL: databaseUrl as string, VIVIER_DATA_DIR: dataDir }
      : { VIVIER_DATA_DIR: dataDir }),
  };
  server = await startServer(serverEnv);
  const headers = await signInAdmin(server);
  await httpScenarios({
    database: kind,
    server,
    headers,
    fixture,
    concurrencies,
    duration,
    importRows,
    wanted,
    report,
  });
  if (wanted('careers: apply') || wanted('parallel applications')) {
    await applyScenario(server, headers, fixture, report);
  }
  if (wanted('api token')) await tokenAuthScenario(server, headers, report);
  if (wanted('interviews')) await interviewScenario(server, headers, fixture.bigOffer.id, report);
  if (wanted('erasure')) {
    await erasureScenario(server, headers, fixture, report, Number(flags['erase-bulk']));
  }
  // The embedded server's memory (issue 29): measured on PGlite only, where the database is in the process.
  if (kind === 'pglite') {
    if (wanted(MEMORY_ROWS.datasetRest)) await datasetAtRestMemory(server, report);
    if ([MEMORY_ROWS.emptyPeak, MEMORY_ROWS.emptyTreePeak, MEMORY_ROWS.emptyRest].some(wanted))
      await emptyInstanceMemory(report);
  }
  if (wanted('upload')) {
    await uploadScenario(server, headers, report, 'disk');
    // Again with the files in an S3 bucket (s3rver on loopback, decision 187): the same server, restarted.
    await server.stop();
    const s3 = await startS3Server();
    try {
      server = await startServer({ ...serverEnv, ...s3.env });
      await uploadScenario(server, await signInAdmin(server), report, 'S3');
    } finally {
      await server.stop();
      await s3.close();
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await server?.stop();
  const keep = flags.keep || flags.reuse;
  if (keep)
    console.log(`kept ${kind === 'postgres' ? `database ${databaseUrl}` : `data directory ${dataDir}`}`);
  else await fresh?.drop();
  if (!keep || kind === 'postgres') fs.rmSync(dataDir, { recursive: true, force: true });
}
report.write({ applications: options.applications, duration });
if (failed || report.rows.some((r) => r.errors > 0)) process.exitCode = 1;

async function signInAdmin(on: Server) {
  const login = await fetch(`${on.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const { jwt } = (await login.json()) as { jwt: string };
  return { authorization: `Bearer ${jwt}` };
}

// --- SQL measured directly ----------------------------------------------------------------------------

async function sqlTimings(db: Db, fixture: Fixture) {
  for (const scenario of readScenarios(fixture, kind).filter((s) => wanted(s.name))) {
    const durations = await measure(Math.max(20, scenario.paths.length), 5, (i) => scenario.sql(db, i));
    report.sqlP50.set(scenario.name, quantile(durations, 0.5));
  }
}

function slug(name: string) {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** EXPLAIN (ANALYZE, BUFFERS) of each query a read scenario runs, for its first variant. */
async function writePlans(db: Db, fixture: Fixture) {
  if (kind !== 'postgres') throw new Error('--plans needs --database postgres');
  const dir = path.join(import.meta.dirname, 'plans');
  fs.mkdirSync(dir, { recursive: true });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const scenario of readScenarios(fixture, kind).filter((s) => wanted(s.name))) {
      captured.length = 0;
      capture = true;
      await scenario.sql(db, 1);
      capture = false;
      const parts = [
        `${scenario.name}: ${scenario.paths[1] ?? scenario.paths[0]}`,
        `dataset "${datasetName}": ${fixture.candidates} candidates on PostgreSQL, measured ${new Date().toISOString().slice(0, 10)}`,
        '',
      ];
      // Each query is explained with the settings its transaction had (`set local`), in a transaction rolled
      // back. The caller lookup of authentication is one primary-key read: left out of the files.
      let settings: string[] = [];
      for (const { query, params } of captured) {
        const statement = query.trim().toLowerCase();
        if (statement.startsWith('set ')) settings.push(query);
        if (statement === 'commit' || statement === 'rollback') settings = [];
        if (!/^(select|with)\b/.test(statement) || query.includes('"users"."level"')) continue;
        await client.query('begin');
        for (const setting of settings) await client.query(setting);
        const plan = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${query}`,
          params as unknown[],
        );
        await client.query('rollback');
        parts.push(
          ...settings.map((setting) => `${setting};`),
          `-- params: ${JSON.stringify(params)}`,
          query,
          '',
          ...plan.rows.map((r) => r['QUERY PLAN']),
          '',
        );
      }
      fs.writeFileSync(path.join(dir, `${slug(scenario.name)}.txt`), `${parts.join('\n')}\n`);
    }
    console.log(`  plans written to bench/plans/`);
  } finally {
    await client.end();
  }
}
