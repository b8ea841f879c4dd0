/**
 * Job offers index benchmark (issue 4, DESIGN section 6): one licence with 2,000 job offers, 50,000
 * candidates and 200,000 job applications on PostgreSQL; GET /api/job_offers pages of 10 offers with their
 * status summaries, through the whole app (`inject`) and as the bare SQL the route runs. Budget: p95 < 30 ms.
 *
 *   node bench/job-offers-index.ts      (BENCH_DATABASE_URL or TEST_DATABASE_URL; default local PostgreSQL)
 *
 * It creates a fresh database, and drops it at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { candidates, jobApplications, jobOffers } from '../apps/server/src/db/schema/index.ts';
import type { Caller } from '../apps/server/src/http/caller.ts';
import { listJobOffers } from '../apps/server/src/modules/job-offers/job-offers.queries.ts';
import { createLicence, createUser } from '../apps/server/src/modules/licence/provision.ts';
import { createFreshDatabase } from './lib/fresh-database.ts';
import { measure, printTable, type Row } from './lib/stats.ts';

const OFFERS = 2_000;
const CANDIDATES = 50_000;
const APPLICATIONS = 200_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const PASSWORD = 'benchmark password';

const fresh = await createFreshDatabase('vivier_bench');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-bench-'));
const database = await openPostgres(fresh.url, { max: 10 });
let ok = false;
try {
  const db = database.db;
  const { licence, admin } = await createLicence(db, {
    name: 'Bench licence',
    creditsMax: 1000,
    planType: 'demo',
    admin: { email: 'admin@bench.test', password: PASSWORD, firstName: 'Bench', lastName: 'Admin' },
  });
  const recruiter = await createUser(db, licence.id, {
    email: 'recruiter@bench.test',
    password: PASSWORD,
    firstName: 'Rita',
  });
  const colleagues = [admin.id, recruiter.id];
  for (let i = 0; i < 18; i++) {
    colleagues.push(
      (await createUser(db, licence.id, { email: `user${i}@bench.test`, password: PASSWORD })).id,
    );
  }

  const started = performance.now();
  const L = licence.id;
  const userIds = `array[${colleagues.join(',')}]::int[]`;
  await db.execute(
    sql.raw(`
    insert into companies (licence_id, name)
      select ${L}, 'Company ' || g || ' ' || (array['Labs','Corp','Group','Partners','Systems'])[g % 5 + 1]
      from generate_series(1, 200) g;
    insert into tags (licence_id, name) select ${L}, 'tag-' || g from generate_series(1, 100) g;
    insert into job_offers (licence_id, name, company_id, user_id, archived, created_at)
      select ${L},
        (array['Backend engineer','Sales manager','Product designer','Data analyst','Account executive',
               'Site reliability engineer','Recruiter','Marketing lead'])[g % 8 + 1] || ' #' || g,
        case when g % 10 = 0 then null else (select min(id) from companies where licence_id = ${L}) + g % 200 end,
        (${userIds})[g % ${colleagues.length} + 1],
        g % 7 = 0,
        now() - g * interval '37 minutes'
      from generate_series(1, ${OFFERS}) g;
    insert into job_offer_assigned_users (job_offer_id, user_id)
      select o.id, (${userIds})[(o.id + 3) % ${colleagues.length} + 1] from job_offers o where o.licence_id = ${L};
    insert into job_offer_tags (job_offer_id, tag_id)
      select o.id, t.first + (o.id * k) % 100
      from job_offers o, (select min(id) as first from tags where licence_id = ${L}) t, generate_series(1, 3) k
      where o.licence_id = ${L}
      on conflict do nothing;
    insert into candidates (licence_id, first_name, last_name, updated_at)
      select ${L}, 'First' || g, 'Last' || g, now() - g * interval '1 minute' from generate_series(1, ${CANDIDATES}) g;
  `),
  );
  // 100 applications per offer, each candidate at most once per offer, spread over the pipeline.
  await db.execute(
    sql.raw(`
    with offers as (select array_agg(id order by id) as ids from job_offers where licence_id = ${L}),
         people as (select min(id) as first from candidates where licence_id = ${L}),
         pipeline as (select array_agg(id order by index) as ids from statuses where licence_id = ${L})
    insert into job_applications (licence_id, candidate_id, job_offer_id, status_id)
      select ${L},
        people.first + (g::bigint * 7919 % ${CANDIDATES})::int,
        offers.ids[g / ${APPLICATIONS / OFFERS} + 1],
        pipeline.ids[(g * 31 + g / 7) % array_length(pipeline.ids, 1) + 1]
      from generate_series(0, ${APPLICATIONS - 1}) g, offers, people, pipeline;
  `),
  );
  // What autovacuum does after a bulk load: statistics and the visibility map (index-only scans).
  await db.execute(sql.raw('vacuum analyze'));
  const counts = {
    offers: await db.$count(jobOffers),
    candidates: await db.$count(candidates),
    applications: await db.$count(jobApplications),
  };
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`dataset: ${JSON.stringify(counts)} in ${seconds} s`);

  const config = loadConfig({
    VIVIER_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    VIVIER_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    VIVIER_WEB_DIST: path.join(dataDir, 'no-web-build'),
  });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: 'recruiter@bench.test', password: PASSWORD },
  });
  const headers = { authorization: `Bearer ${login.json().jwt}` };
  const caller: Caller = {
    userId: recruiter.id,
    licenceId: L,
    role: 'user',
    level: 'manager',
    email: recruiter.email,
  };
  const pages = Math.ceil(OFFERS / 10);
  const pageOf = (i: number) => ((i * 37) % pages) + 1;

  const api = (query: (i: number) => string) => async (i: number) => {
    const res = await app.inject({ url: `/api/job_offers?${query(i)}`, headers });
    if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
    if (res.json().data.length === 0 && !query(i).includes('search')) throw new Error('empty page');
  };
  const bare = (filters: Parameters<typeof listJobOffers>[2]) => async (i: number) => {
    await listJobOffers(db, caller, filters, { limit: 10, offset: (pageOf(i) - 1) * 10 });
  };

  const rows: Row[] = [];
  const run = async (scenario: string, fn: (i: number) => Promise<unknown>, budgetP95?: number) => {
    rows.push({ scenario, durations: await measure(REQUESTS, 30, fn), ...(budgetP95 ? { budgetP95 } : {}) });
  };
  await run(
    'API  page N, embed company+user',
    api((i) => `page=${pageOf(i)}&embed[]=company&embed[]=user`),
    30,
  );
  await run('SQL  page N (bare queries)', bare({}));
  await run(
    'API  page N, active only',
    api((i) => `page=${(pageOf(i) % 170) + 1}&filters[archived]=false&embed[]=company`),
    30,
  );
  await run(
    'API  page 1, search "engineer"',
    api(() => 'filters[search]=engineer&embed[]=company'),
    30,
  );
  await run(
    'API  page 1, search company "labs"',
    api(() => 'filters[search]=labs&embed[]=company'),
    30,
  );
  await run('SQL  search "engineer" (bare)', async () => {
    await listJobOffers(db, caller, { search: 'engineer' }, { limit: 10, offset: 0 });
  });
  await run(
    'API  page 1, mine (owned_by_me)',
    api(() => 'filters[owned_by_me]=true&embed[]=company'),
    30,
  );
  await db.execute(
    sql`update settings set value = 'opaque' where licence_id = ${L} and name = 'transparency'`,
  );
  await run(
    'API  page N, opaque licence, user',
    api((i) => `page=${(pageOf(i) % 20) + 1}&embed[]=company`),
    30,
  );

  ok = printTable(
    `GET /api/job_offers on PostgreSQL: ${OFFERS} offers, ${APPLICATIONS} applications, ${CANDIDATES} candidates, ${REQUESTS} requests each`,
    rows,
  );
  await app.close();
} finally {
  await database.close();
  // BENCH_KEEP_DATABASE=1 keeps the dataset to study plans with psql.
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${fresh.url}`);
  else await fresh.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (!ok) {
  console.error('A budget was missed.');
  process.exitCode = 1;
}
