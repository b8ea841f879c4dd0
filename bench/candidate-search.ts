/**
 * Candidate database benchmark (issue 9, DESIGN section 6): one licence with 1,000,000 candidates (names,
 * titles, an email each, a phone for half, 0 to 5 tags of 2,000 with a long tail) on PostgreSQL.
 *   1. GET /api/candidates/search, text + a 3-tag AND/OR expression and other shapes, one at a time
 *      through the whole app (`inject`): budget p95 < 50 ms;
 *   2. the same searches from 50 concurrent clients over HTTP (autocannon, in its own process): at least
 *      500 searches per second;
 *   3. POST /api/candidates/import of a 100,000-row CSV (some rows duplicates of existing candidates):
 *      budget under 60 s.
 *
 *   node bench/candidate-search.ts     (BENCH_DATABASE_URL or TEST_DATABASE_URL; BENCH_CANDIDATES=200000 for
 *                                       a smaller dataset; BENCH_IMPORT_ROWS, BENCH_REQUESTS, BENCH_DURATION)
 *
 * It creates a fresh database, and drops it at the end (BENCH_KEEP_DATABASE=1 keeps it and prints its URL;
 * BENCH_REUSE_DATABASE=<that URL> measures again on it without generating, and keeps it).
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { createLicence } from '../apps/server/src/modules/licence/provision.ts';
import { createFreshDatabase } from './lib/fresh-database.ts';
import { measure, printTable, quantile, type Row } from './lib/stats.ts';

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 1_000_000);
const TAGS = 2_000;
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const PASSWORD = 'benchmark password';

// Names from syllables: ~24,000 distinct last names, so a name fragment matches a realistic few hundred.
const SYLLABLES = [
  'ber',
  'mar',
  'lo',
  'du',
  'fon',
  'ri',
  'ta',
  'gen',
  'vi',
  'sel',
  'ko',
  'an',
  'pe',
  'ul',
  'zin',
  'cha',
  'mo',
  'ran',
  'del',
  'is',
  'ne',
  'gor',
  'bau',
  'si',
  'let',
  'sha',
  'vo',
  'kin',
  'dre',
  'ma',
];
const FIRST = [
  'Ada',
  'Alan',
  'Grace',
  'Linus',
  'Margaret',
  'Ken',
  'Barbara',
  'Dennis',
  'Frances',
  'Edsger',
  'Radia',
  'Tim',
  'Hedy',
  'John',
  'Katherine',
  'Niklaus',
  'Sophie',
  'Camille',
  'Léa',
  'Hugo',
  'Chloé',
  'Louis',
  'Inès',
  'Jules',
  'Emma',
  'Noah',
  'Zoé',
  'Gabriel',
  'Manon',
  'Arthur',
  'Sarah',
  'Lucas',
  'Anaïs',
  'Théo',
  'Julie',
  'Nathan',
  'Clara',
  'Adam',
  'Lina',
  'Raphaël',
];
const TITLES = [
  'Backend developer',
  'Frontend developer',
  'Data engineer',
  'Product designer',
  'Engineering manager',
  'DevOps engineer',
  'QA engineer',
  'Mobile developer',
  'Data scientist',
  'Sales manager',
  'Account executive',
  'Recruiter',
  'Développeur full-stack',
  'Chef de projet',
  'Ingénieur réseau',
];
const S = SYLLABLES.length;
const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v}'`).join(',')}]`;

const reuse = process.env.BENCH_REUSE_DATABASE;
const fresh = reuse
  ? { url: reuse, drop: async () => {} }
  : await createFreshDatabase('vivier_bench_candidates');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-bench-'));
const database = await openPostgres(fresh.url, { max: 10 });
let ok = false;
try {
  const client = new pg.Client({ connectionString: fresh.url });
  await client.connect();
  const started = performance.now();
  const firstTag = reuse ? await generated(client) : await generate(client);
  // Tags by popularity, to build expressions of common, middling and rare tags.
  const popular = (
    await client.query<{ id: number; n: string }>(
      'select tag_id as id, count(*) as n from candidate_tags group by tag_id order by count(*) desc',
    )
  ).rows;
  const stats = (
    await client.query<{ candidates: string; contacts: string; links: string }>(
      `select (select count(*) from candidates) as candidates, (select count(*) from candidate_contacts) as contacts,
              (select count(*) from candidate_tags) as links`,
    )
  ).rows[0];
  await client.end();
  console.log(
    `\rdataset: ${JSON.stringify(stats)} in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );

  const tag = (rank: number) => popular[Math.min(rank, popular.length - 1)]?.id ?? firstTag;

  const config = loadConfig({
    VIVIER_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    VIVIER_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    VIVIER_WEB_DIST: path.join(dataDir, 'no-web-build'),
    VIVIER_ACCESS_TOKEN_TTL: '3600',
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: 'admin@bench.test', password: PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json().jwt}` };

  const tagsQuery = (...elements: (string | number)[]) =>
    elements.map((e) => `filters[tags][]=${encodeURIComponent(String(e))}`).join('&');
  // Name fragments: 3 syllables make a last name; 2 of them match a few thousand candidates.
  const fragment = (i: number) => `${SYLLABLES[(i * 7) % S]}${SYLLABLES[(i * 11 + 3) % S]}`;
  const shapes: Record<string, (i: number) => string> = {
    'text + 3 tags (A AND B OR C)': (i) =>
      `filters[search]=${fragment(i)}&${tagsQuery(tag(i % 20), 'and', tag(20 + (i % 30)), 'or', tag(100 + (i % 50)))}`,
    'text + 3 tags (A OR B AND NOT C)': (i) =>
      `filters[search]=${fragment(i)}&${tagsQuery(tag(10 + (i % 40)), 'or', tag(i % 5), 'not', tag(1))}`,
    '3 tags only (A AND B OR C)': (i) =>
      tagsQuery(tag(i % 20), 'and', tag(20 + (i % 30)), 'or', tag(200 + (i % 100))),
    'text only (name fragment)': (i) => `filters[search]=${fragment(i)}`,
    'text only (email, rare)': (i) => `filters[search]=${((i + 1) * 7919) % CANDIDATES}@mail`,
    'text only (2 letters, prefix)': (i) => `filters[search]=${SYLLABLES[i % S]?.slice(0, 2)}`,
    'no filter, page 1..50': (i) => `page=${1 + (i % 50)}`,
  };

  const rows: Row[] = [];
  const counts: string[] = [];
  for (const [scenario, query] of Object.entries(shapes)) {
    const durations = await measure(REQUESTS, 20, async (i) => {
      const res = await app.inject({ url: `/api/candidates/search?${query(i)}`, headers });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      if (i === 0 && !counts.some((c) => c.startsWith(scenario))) {
        counts.push(`${scenario}: e.g. ${res.json().total_count} matches`);
      }
    });
    rows.push({ scenario: `API  ${scenario}`, durations, budgetP95: 50 });
  }
  console.log(counts.join('\n'));
  ok = printTable(
    `GET /api/candidates/search on PostgreSQL: ${CANDIDATES} candidates, ${TAGS} tags, ${REQUESTS} requests each, one at a time`,
    rows,
  );

  // Throughput: 50 clients over HTTP, the load generator in its own process.
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const paths = Array.from({ length: 200 }, (_, i) => {
    const names = Object.keys(shapes).slice(0, 2);
    const shape = shapes[names[i % names.length] as string] as (i: number) => string;
    return `/api/candidates/search?${shape(i)}`;
  });
  // Asynchronously: the server answers on this process's event loop meanwhile.
  const load = await promisify(execFile)(
    process.execPath,
    [
      path.join(import.meta.dirname, 'lib/load.ts'),
      JSON.stringify({ url: address, headers, paths, connections: 50, duration: DURATION }),
    ],
    { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const result = JSON.parse(load.stdout) as {
    requests: { average: number; total: number };
    latency: { p50: number; p97_5: number; p99: number };
    non2xx: number;
    errors: number;
  };
  const perSecond = result.requests.average;
  const throughputOk = perSecond >= 500 && result.non2xx === 0 && result.errors === 0;
  console.log(
    `\n50 clients for ${DURATION} s, text + 3-tag searches: ${perSecond.toFixed(0)} req/s (${result.requests.total} requests), ` +
      `latency p50 ${result.latency.p50} ms, p97.5 ${result.latency.p97_5} ms, p99 ${result.latency.p99} ms, ` +
      `non-2xx ${result.non2xx}, errors ${result.errors}: ${throughputOk ? 'ok' : 'MISSED'} (budget >= 500 req/s)`,
  );
  ok = ok && throughputOk;

  // Import: a CSV of IMPORT_ROWS rows, 5% of them emails the database already has (merged).
  const lines = ['First name,Last name,Email,Phone,Title,Company,Tags'];
  for (let i = 0; i < IMPORT_ROWS; i++) {
    const email = i % 20 === 0 ? `${i + 1}@mail.test` : `imported${i}@import.test`;
    lines.push(
      `${FIRST[i % FIRST.length]},Import${i},${email},+33 7 ${String(10_000_000 + i).slice(0, 8)},${TITLES[i % TITLES.length]},Company ${i % 500},"tag-${1 + (i % 50)}, tag-${1 + (i % 700)}"`,
    );
  }
  // Every 20th row carries an email the database already has: it merges instead of creating.
  const reader = new pg.Client({ connectionString: fresh.url });
  await reader.connect();
  const existing = (
    await reader.query<{ value: string }>(
      `select value from candidate_contacts where kind = 'email' order by id limit ${Math.ceil(IMPORT_ROWS / 20)}`,
    )
  ).rows.map((r) => r.value);
  await reader.end();
  let d = 0;
  const csv = lines
    .map((line, i) =>
      i > 0 && (i - 1) % 20 === 0 ? line.replace(`${i}@mail.test`, existing[d++] ?? `x${i}@x.test`) : line,
    )
    .join('\n');
  const importStart = performance.now();
  const res = await app.inject({
    method: 'POST',
    url: '/api/candidates/import?mapping[first_name]=0&mapping[last_name]=1&mapping[emails]=2&mapping[phones]=3&mapping[title]=4&mapping[company]=5&mapping[tags]=6',
    headers: { ...headers, 'content-type': 'text/csv' },
    payload: csv,
  });
  const importSeconds = (performance.now() - importStart) / 1000;
  const done = JSON.parse(res.body.trim().split('\n').at(-1) ?? '{}');
  const importOk =
    res.statusCode === 200 && done.type === 'done' && done.processed === IMPORT_ROWS && importSeconds < 60;
  console.log(
    `\nimport of ${IMPORT_ROWS} rows (${(csv.length / 1e6).toFixed(1)} MB): ${importSeconds.toFixed(1)} s, ` +
      `${JSON.stringify(done)}: ${importOk ? 'ok' : 'MISSED'} (budget < 60 s)`,
  );
  ok = ok && importOk;
  console.log(
    `search p95 over all shapes: ${quantile(
      rows.flatMap((r) => r.durations),
      0.95,
    ).toFixed(1)} ms`,
  );
  await app.close();
} finally {
  await database.close();
  if (process.env.BENCH_KEEP_DATABASE === '1' || reuse) console.log(`kept database ${fresh.url}`);
  else await fresh.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (!ok) {
  console.error('A budget was missed.');
  process.exitCode = 1;
}

/** The licence, its tags and candidates, generated inside PostgreSQL; answers the first tag's id. */
async function generate(client: pg.Client) {
  const { licence } = await createLicence(database.db, {
    name: 'Bench licence',
    creditsMax: 100_000_000,
    planType: 'demo',
    admin: { email: 'admin@bench.test', password: PASSWORD, firstName: 'Bench', lastName: 'Admin' },
  });
  const L = licence.id;
  // The dataset, generated inside PostgreSQL. Indexes are dropped and rebuilt after the load, as one would
  // for a bulk import; their definitions are read back from the catalogue, so they are the migration's.
  await client.query("set maintenance_work_mem = '512MB'");
  const indexes = (
    await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where indexname in
        ('candidates_search_trgm', 'candidates_tag_ids_gin', 'candidates_licence_updated_idx',
         'candidate_contacts_email_idx', 'candidate_contacts_candidate_idx', 'candidate_tags_tag_idx')`,
    )
  ).rows;
  for (const index of indexes) await client.query(`drop index ${index.indexname}`);
  await client.query(
    `insert into tags (licence_id, name) select ${L}, 'tag-' || g from generate_series(1, ${TAGS}) g`,
  );
  const firstTag = (await client.query<{ id: number }>('select min(id) as id from tags')).rows[0]?.id ?? 1;
  const CHUNK = 100_000;
  for (let from = 1; from <= CANDIDATES; from += CHUNK) {
    const to = Math.min(CANDIDATES, from + CHUNK - 1);
    await client.query(`
      with people as (
        select g,
          (${sqlArray(FIRST)})[1 + (g * 7) % ${FIRST.length}] as first_name,
          initcap((${sqlArray(SYLLABLES)})[1 + (g * 31) % ${S}] || (${sqlArray(SYLLABLES)})[1 + (g / 3 * 17) % ${S}]
            || (${sqlArray(SYLLABLES)})[1 + (g / 11 * 13) % ${S}]) as last_name,
          (${sqlArray(TITLES)})[1 + (g * 13) % ${TITLES.length}] as title,
          case when g % 2 = 0 then '+33 6 ' || lpad((g % 100000000)::text, 8, '0') end as phone
        from generate_series(${from}, ${to}) g
      )
      insert into candidates (licence_id, first_name, last_name, details, tag_ids, contact_text, created_at, updated_at)
      select ${L}, first_name, last_name, jsonb_build_object('title', title),
        (select coalesce(array_agg(distinct ${firstTag} - 1 + (1 + floor(${TAGS} * power(random(), 3)))::int), '{}')
           from generate_series(1, g % 6) k where g > 0),
        lower(first_name) || '.' || lower(last_name) || g || '@mail.test'
          || coalesce(' ' || phone || ' ' || regexp_replace(phone, '[^0-9]', '', 'g'), ''),
        now() - g * interval '1 minute', now() - g * interval '1 minute'
      from people`);
    process.stdout.write(`\rcandidates: ${to}`);
  }
  // Contacts and the tag junction, derived from the rows (contact_text above holds the same values).
  await client.query(`
    insert into candidate_contacts (licence_id, candidate_id, kind, value, is_primary)
      select ${L}, id, 'email', split_part(contact_text, ' ', 1), true from candidates where licence_id = ${L};
    insert into candidate_contacts (licence_id, candidate_id, kind, value, is_primary)
      select ${L}, id, 'phone', substr(contact_text, length(split_part(contact_text, ' ', 1)) + 2, 17), true
      from candidates where licence_id = ${L} and contact_text like '% +33 %';
    insert into candidate_tags (candidate_id, tag_id) select id, unnest(tag_ids) from candidates where licence_id = ${L};
  `);
  process.stdout.write('\rindexes...          ');
  for (const index of indexes) await client.query(index.indexdef);
  await client.query('vacuum analyze');
  return firstTag;
}

/** A kept dataset: its first tag's id. */
async function generated(client: pg.Client) {
  return (await client.query<{ id: number }>('select min(id) as id from tags')).rows[0]?.id ?? 1;
}
