/**
 * `npm run bench`: the performance suite (issue 15, DESIGN section 6). It generates a dataset with the seed
 * generator, times the read queries directly (the same query builders the routes call), starts the real server
 * in a child process, warms it up, and measures every scenario over HTTP with autocannon: p50/p95/p99, requests
 * per second, errors, the server's peak RSS and event loop delay, each beside its budget. Prints a table and
 * merges the rows into bench/results/latest.json.
 *
 *   npm run bench -- [--database postgres|pglite] [--candidates N | --profile peer-150k] [--job-offers N]
 *                    [--applications N] [--tags N] [--concurrency 1,10] [--duration 10] [--only name,...]
 *                    [--plans] [--import-rows 100000] [--keep] [--reuse postgres://...]
 *
 * PostgreSQL: BENCH_DATABASE_URL names the server (default postgres://postgres@127.0.0.1:5432/postgres); the
 * bench creates a fresh database there and drops it at the end (`--keep` keeps it and prints its URL, `--reuse
 * URL` measures a kept one again without generating). PGlite: a fresh data directory under the system's tmp.
 * `--plans` (PostgreSQL) writes EXPLAIN (ANALYZE, BUFFERS) of every read query under bench/plans/.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { type Database, type Db, openPglite, openPostgres } from '../apps/server/src/db/database.ts';
import * as schema from '../apps/server/src/db/schema/index.ts';
import { datasetOptions, PROFILES, type ProfileName } from '../apps/server/src/modules/demo/seed.ts';
import { ADVERSARIAL_HTML } from '../apps/server/src/security/adversarial-html.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type Fixture, generate, readFixture } from './lib/fixture.ts';
import { createFreshDatabase, serverUrl } from './lib/fresh-database.ts';
import type { LoadRequest, LoadResult } from './lib/load.ts';
import {
  BUDGETS,
  type Budget,
  importCsv,
  LOOP_DELAY_BUDGET_MS,
  OVERHEAD_BUDGET_MS,
  readScenarios,
} from './lib/scenarios.ts';
import { type Server, startServer } from './lib/server.ts';
import { measure, quantile, textTable } from './lib/stats.ts';

const { values: flags } = parseArgs({
  options: {
    database: { type: 'string', default: 'postgres' },
    candidates: { type: 'string' },
    profile: { type: 'string' },
    'job-offers': { type: 'string' },
    applications: { type: 'string' },
    tags: { type: 'string' },
    concurrency: { type: 'string', default: '1,10' },
    duration: { type: 'string', default: '10' },
    only: { type: 'string', multiple: true },
    plans: { type: 'boolean', default: false },
    'import-rows': { type: 'string', default: '100000' },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'string' },
  },
});

const kind = flags.database;
if (kind !== 'postgres' && kind !== 'pglite') throw new Error('--database is postgres or pglite');
if (flags.profile !== undefined && !(flags.profile in PROFILES)) {
  throw new Error(`--profile is one of ${Object.keys(PROFILES).join(', ')}`);
}
const number = (value: string | undefined) => (value === undefined ? undefined : Number(value));
const sizes = {
  profile: (flags.profile ?? 'demo') as ProfileName,
  ...(flags.profile === undefined
    ? {
        // Without a profile: the DESIGN section 6 dataset, 1,000,000 candidates (100,000 on PGlite, issue 15
        // item 4), 200,000 applications over 2,000 offers and 200 tags shaped as the peer's.
        candidates: number(flags.candidates) ?? (kind === 'pglite' ? 100_000 : 1_000_000),
        jobOffers: 2_000,
        applications: 200_000,
        tags: 200,
        tagLinks: PROFILES['peer-150k'].tagLinks,
        tagSkew: PROFILES['peer-150k'].tagSkew,
      }
    : {}),
};
for (const [flag, key] of [
  ['candidates', 'candidates'],
  ['job-offers', 'jobOffers'],
  ['applications', 'applications'],
  ['tags', 'tags'],
] as const) {
  const n = number(flags[flag]);
  if (n !== undefined) Object.assign(sizes, { [key]: n });
}
const options = datasetOptions(sizes);
const datasetName = flags.profile ?? 'default';
const concurrencies = flags.concurrency.split(',').map(Number);
const duration = Number(flags.duration);
const importRows = Number(flags['import-rows']);
const only = (flags.only ?? []).flatMap((o) => o.split(',')).map((o) => o.trim().toLowerCase());
const wanted = (name: string) => only.length === 0 || only.some((o) => name.toLowerCase().includes(o));

type Row = {
  name: string;
  database: 'postgres' | 'pglite';
  dataset: string;
  candidates: number;
  concurrency: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  rps: number;
  errors: number;
  sql_p50_ms: number | null;
  peak_rss_mb: number;
  loop_delay_max_ms: number | null;
  budget: string | null;
};
const results: Row[] = [];
/** Scenario name → the p50 of its queries run directly. */
const sqlP50 = new Map<string, number>();
/** The size measured: the generated one, or what a reused database holds. */
let measuredCandidates = options.candidates;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

// --- the dataset, in this process ------------------------------------------------------------------------

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-bench-'));
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

let server: Server | undefined;
let failed = false;
try {
  const { database, db } = await openInProcess();
  let fixture: Fixture;
  try {
    if (!flags.reuse) {
      console.log(
        `dataset "${datasetName}" on ${kind}: ${options.candidates} candidates, ${options.jobOffers} job offers, ${options.applications} applications, ${options.tags} tags`,
      );
      const made = await generate(db, { ...options, parallel: kind === 'postgres' ? 2 : 1 });
      console.log(
        `  generated in ${made.generatedSeconds.toFixed(1)} s (${made.withVacuumSeconds.toFixed(1)} s with VACUUM ANALYZE)`,
      );
    }
    fixture = await readFixture(db);
    measuredCandidates = fixture.candidates;
    console.log(
      `  ${fixture.candidates} candidates; ${fixture.tagsByUse.length} tags in use; biggest offer ${fixture.bigOffer.applications} applications; bulk move of ${fixture.bulk.applications}`,
    );
    await sqlTimings(db, fixture);
    if (flags.plans) await writePlans(db, fixture);
  } finally {
    await pool?.end();
    await database.close();
  }

  // --- the real server, over HTTP ----------------------------------------------------------------------
  server = await startServer(
    // On PostgreSQL the data directory holds only what the server writes beside the database (mail outbox).
    kind === 'postgres'
      ? { DATABASE_URL: databaseUrl as string, VIVIER_DATA_DIR: dataDir }
      : { VIVIER_DATA_DIR: dataDir },
  );
  const login = await fetch(`${server.url}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login answered ${login.status}`);
  const { jwt } = (await login.json()) as { jwt: string };
  const headers = { authorization: `Bearer ${jwt}` };
  await httpScenarios(server, headers, fixture);
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
report();
if (failed || results.some((r) => r.errors > 0)) process.exitCode = 1;

// --- SQL measured directly ----------------------------------------------------------------------------

async function sqlTimings(db: Db, fixture: Fixture) {
  for (const scenario of readScenarios(fixture).filter((s) => wanted(s.name))) {
    const durations = await measure(Math.max(20, scenario.paths.length), 5, (i) => scenario.sql(db, i));
    sqlP50.set(scenario.name, quantile(durations, 0.5));
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
    for (const scenario of readScenarios(fixture).filter((s) => wanted(s.name))) {
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

// --- over HTTP ------------------------------------------------------------------------------------------

async function load(
  url: string,
  headers: Record<string, string>,
  requests: LoadRequest[],
  connections: number,
) {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      path.join(import.meta.dirname, 'lib/load.ts'),
      JSON.stringify({ url, headers, requests, connections, duration }),
    ],
    { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LoadResult;
}

function budgetText(budget: Budget | undefined, p95: number) {
  if (!budget) return null;
  const over = p95 - budget.under;
  return over < 0 ? `p95 < ${budget.under} ms: met` : `p95 < ${budget.under} ms: MISSED by ${round(over)} ms`;
}

function record(
  name: string,
  concurrency: number,
  durations: number[],
  seconds: number,
  errors: number,
  server: Server,
  loop: { maxMs: number } | null,
  budget?: Budget,
  statuses?: Record<string, number>,
) {
  const p95 = quantile(durations, 0.95);
  const row: Row = {
    name,
    database: kind as 'postgres' | 'pglite',
    dataset: datasetName,
    candidates: measuredCandidates,
    concurrency,
    p50_ms: round(quantile(durations, 0.5), 2),
    p95_ms: round(p95, 2),
    p99_ms: round(quantile(durations, 0.99), 2),
    rps: round(durations.length / seconds),
    errors,
    sql_p50_ms: sqlP50.has(name) ? round(sqlP50.get(name) as number, 2) : null,
    peak_rss_mb: round(server.peakRssMb()),
    loop_delay_max_ms: loop ? round(loop.maxMs) : null,
    budget: budgetText(budget, p95),
  };
  results.push(row);
  console.log(
    `  ${name} (c=${concurrency}): p50 ${row.p50_ms} ms, p95 ${row.p95_ms} ms, ${row.rps} req/s, ${errors} errors${statuses ? ` ${JSON.stringify(statuses)}` : ''}`,
  );
}

async function httpScenarios(server: Server, headers: Record<string, string>, fixture: Fixture) {
  const health: Record<number, { latencies: number[]; failures: number; seconds: number }> = {};
  const reads = readScenarios(fixture).filter((s) => wanted(s.name));
  // Warm-up: every variant once, then the first scenario's for a few seconds.
  for (const scenario of reads) {
    for (const p of scenario.paths)
      await fetch(`${server.url}${p}`, { headers }).then((r) => r.arrayBuffer());
  }
  for (const concurrency of concurrencies) {
    for (const scenario of reads) {
      server.resetPeak();
      await server.loopDelay();
      const probe = scenario.group === 'search' ? healthProbe(server.url) : undefined;
      const result = await load(
        server.url,
        headers,
        scenario.paths.map((p) => ({ method: 'GET', path: p })),
        concurrency,
      );
      if (probe) {
        const h = await probe.stop();
        const into = health[concurrency] ?? { latencies: [], failures: 0, seconds: 0 };
        health[concurrency] = into;
        into.latencies.push(...h.latencies);
        into.failures += h.failures;
        into.seconds += h.seconds;
      }
      record(
        scenario.name,
        concurrency,
        result.latencies,
        result.seconds,
        result.non2xx + result.errors + result.timeouts,
        server,
        await server.loopDelay(),
        scenario.budget,
        result.failedStatuses,
      );
    }
    const h = health[concurrency];
    if (h && h.latencies.length > 0) {
      record('health during search load', concurrency, h.latencies, h.seconds, h.failures, server, null);
    }
  }
  await writes(server, headers, fixture);
}

/** GET /api/health every 100 ms until stopped: what a load balancer sees while the server is busy. */
function healthProbe(url: string) {
  const latencies: number[] = [];
  let failures = 0;
  let running = true;
  const started = performance.now();
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const ok = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) }).then(
        async (r) => {
          await r.arrayBuffer();
          return r.ok;
        },
        () => false,
      );
      latencies.push(performance.now() - start);
      if (!ok) failures += 1;
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    stop: async () => {
      running = false;
      await loop;
      return { latencies, failures, seconds: (performance.now() - started) / 1000 };
    },
  };
}

async function writes(server: Server, headers: Record<string, string>, fixture: Fixture) {
  const api = (p: string, init: RequestInit = {}) =>
    fetch(`${server.url}/api${p}`, {
      ...init,
      headers: { ...headers, ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    });

  if (wanted('status move')) {
    const [a, b] = fixture.statusIds;
    const requests: LoadRequest[] = fixture.moveApplications.map((id, i) => ({
      method: 'PATCH',
      path: `/api/job_applications/${id}?embed[]=status`,
      body: JSON.stringify({ status_id: i % 2 === 0 ? a : b }),
    }));
    for (const concurrency of concurrencies) {
      server.resetPeak();
      await server.loopDelay();
      const result = await load(server.url, headers, requests, concurrency);
      record(
        'status move',
        concurrency,
        result.latencies,
        result.seconds,
        result.non2xx + result.errors + result.timeouts,
        server,
        await server.loopDelay(),
      );
    }
  }

  /** Runs `once` `runs` times in turn, one at a time, and records it; `once` answers whether it went well. */
  async function sequential(
    name: string,
    runs: number,
    budget: Budget,
    once: (i: number) => Promise<boolean>,
  ) {
    server.resetPeak();
    await server.loopDelay();
    const durations: number[] = [];
    let errors = 0;
    const started = performance.now();
    for (let i = 0; i < runs; i++) {
      const start = performance.now();
      if (!(await once(i))) errors += 1;
      durations.push(performance.now() - start);
    }
    record(
      name,
      1,
      durations,
      (performance.now() - started) / 1000,
      errors,
      server,
      await server.loopDelay(),
      budget,
    );
  }

  if (wanted('bulk move')) {
    // Back and forth between the status holding ~10,000 applications and one created for the bench, so each
    // run moves the same applications.
    const created = await api('/statuses', {
      method: 'POST',
      body: JSON.stringify({ name: 'Bench', color: '868e96' }),
    });
    const bench = ((await created.json()) as { id: number }).id;
    const { offerId, statusId, applications } = fixture.bulk;
    await sequential(`bulk move of ${applications}`, 6, BUDGETS.bulk, async (i) => {
      const [from, to] = i % 2 === 0 ? [statusId, bench] : [bench, statusId];
      const res = await api(`/job_offers/${offerId}/job_applications?filters[with_status_id]=${from}`, {
        method: 'PATCH',
        body: JSON.stringify({ status_id: to }),
      });
      return res.ok && ((await res.json()) as { updated: number }).updated === applications;
    });
  }

  if (wanted('export')) {
    const { id, applications } = fixture.bigOffer;
    await sequential(`export of ${applications}`, 3, BUDGETS.export, async () => {
      const res = await api(`/job_offers/${id}/export?format=csv_semicolumn`);
      let lines = 0;
      for await (const chunk of res.body ?? []) {
        const bytes = chunk as Uint8Array;
        for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) lines += 1;
      }
      // A header line, then one per application (no cell holds a line break here).
      return res.ok && lines === applications + 1;
    });
  }

  if (wanted('rich text')) {
    // Issue 18: each adversarial input of security/adversarial-html.ts saved as a template, one at a time; the
    // row's 'loop max ms' is the server thread's longest stall while they were sanitised.
    const inputs = Object.entries(ADVERSARIAL_HTML);
    await sequential(
      `rich text: ${inputs.length} adversarial 100 kB templates`,
      inputs.length,
      BUDGETS.richText,
      async (i) => {
        const [name, content] = inputs[i] ?? ['', ''];
        const res = await api('/email_templates', {
          method: 'POST',
          body: JSON.stringify({ name: `Bench ${name} ${Date.now()}`, content }),
        });
        return res.status === 201;
      },
    );
  }

  if (wanted('import')) {
    const csv = importCsv(importRows, fixture.emails);
    await sequential(`import of ${importRows} rows`, 1, BUDGETS.import, async () => {
      const mapping =
        'mapping[first_name]=0&mapping[last_name]=1&mapping[emails]=2&mapping[phones]=3&mapping[title]=4&mapping[company]=5&mapping[tags]=6';
      const res = await api(`/candidates/import?${mapping}`, {
        method: 'POST',
        headers: { 'content-type': 'text/csv' },
        body: csv,
      });
      const last = JSON.parse((await res.text()).trim().split('\n').at(-1) ?? '{}') as {
        type?: string;
        processed?: number;
      };
      return res.ok && last.type === 'done' && last.processed === importRows;
    });
  }
}

// --- the report -----------------------------------------------------------------------------------------

function report() {
  if (results.length === 0) return;
  const overhead = (r: Row) => {
    if (r.sql_p50_ms === null || r.concurrency !== 1) return '';
    const added = r.p50_ms - r.sql_p50_ms;
    const ratio = r.p50_ms / Math.max(0.01, r.sql_p50_ms);
    return `+${round(added, 2)} ms, ${round(ratio, 2)}x ${added < OVERHEAD_BUDGET_MS ? 'met' : 'MISSED'}`;
  };
  const loop = (r: Row) =>
    r.loop_delay_max_ms === null
      ? ''
      : `${r.loop_delay_max_ms}${r.loop_delay_max_ms > LOOP_DELAY_BUDGET_MS ? ' (>50)' : ''}`;
  console.log(
    `\n${kind}, dataset "${datasetName}": ${measuredCandidates} candidates, ${options.applications} applications, ${duration} s per measurement, load average ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores\n`,
  );
  console.log(
    textTable(
      [
        'scenario',
        'c',
        'p50 ms',
        'p95 ms',
        'p99 ms',
        'req/s',
        'errors',
        'sql p50',
        'API-SQL (<2 ms)',
        'peak RSS MB',
        'loop max ms',
        'budget',
      ],
      results.map((r) => [
        r.name,
        String(r.concurrency),
        String(r.p50_ms),
        String(r.p95_ms),
        String(r.p99_ms),
        String(r.rps),
        String(r.errors),
        r.sql_p50_ms === null ? '' : String(r.sql_p50_ms),
        overhead(r),
        String(r.peak_rss_mb),
        loop(r),
        r.budget ?? '',
      ]),
    ),
  );
  // Merge: this run's rows replace those of the same scenario, database, dataset, size and concurrency.
  const file = path.join(import.meta.dirname, 'results/latest.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = (r: Row) => [r.name, r.database, r.dataset, r.candidates, r.concurrency].join('|');
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Row[]) : [];
  const mine = new Set(results.map(key));
  const merged = [...previous.filter((r) => !mine.has(key(r))), ...results];
  fs.writeFileSync(file, `${JSON.stringify(merged, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(process.cwd(), file)} (${merged.length} rows)`);
}
