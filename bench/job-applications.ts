/**
 * Job offer screen benchmark (issue 8, DESIGN section 6): one licence with 200,000 candidates (each with an
 * e-mail) and 200,000 job applications on PostgreSQL, 20,000 of them in one offer. Measured through the
 * whole app (`inject`) and as the bare SQL the route runs:
 * - GET /api/job_offers/{id}/job_applications pages of 10 with the candidate and status embedded,
 *   sorted by the candidate's updated_at: budget p95 < 30 ms;
 * - the same filtered by a status, and searched (name, e-mail, title): reported;
 * - PATCH /api/job_offers/{id}/job_applications moving 10,000 applications (and bumping their candidates):
 *   budget < 1 s each.
 *
 *   node bench/job-applications.ts      (BENCH_DATABASE_URL or TEST_DATABASE_URL; default local PostgreSQL)
 *
 * It creates a fresh database, and drops it at the end (BENCH_KEEP_DATABASE=1 keeps it).
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
import { listOfferApplications } from '../apps/server/src/modules/job-applications/job-applications.queries.ts';
import { createLicence, createUser } from '../apps/server/src/modules/licence/provision.ts';
import { createFreshDatabase } from './lib/fresh-database.ts';
import { measure, printTable, type Row } from './lib/stats.ts';

const CANDIDATES = 200_000;
const APPLICATIONS = 200_000;
const BIG_OFFER = 20_000;
const OTHER_OFFERS = 180;
const BULK = 10_000;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 400);
const BULK_RUNS = Number(process.env.BENCH_BULK_RUNS ?? 6);
const PASSWORD = 'benchmark password';

const fresh = await createFreshDatabase('vivier_bench_apps');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-bench-'));
const database = await openPostgres(fresh.url, { max: 10 });
let ok = false;
try {
  const db = database.db;
  const { licence, statuses } = await createLicence(db, {
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
  const [first, second, third] = statuses;
  if (!first || !second || !third) throw new Error('no pipeline');

  const started = performance.now();
  const L = licence.id;
  await db.execute(
    sql.raw(`
    insert into tags (licence_id, name) select ${L}, 'tag-' || g from generate_series(1, 50) g;
    insert into job_offers (licence_id, name, user_id, created_at)
      select ${L}, 'Offer #' || g, ${recruiter.id}, now() - g * interval '1 hour'
      from generate_series(0, ${OTHER_OFFERS}) g;
    insert into candidates (licence_id, first_name, last_name, details, updated_at)
      select ${L}, (array['Ada','Alan','Grace','Linus','Margaret','Ken','Barbara','Dennis'])[g % 8 + 1] || g,
        'Last' || g,
        jsonb_build_object('title', (array['Backend developer','Data engineer','Product designer','Recruiter'])[g % 4 + 1]),
        now() - g * interval '1 minute'
      from generate_series(1, ${CANDIDATES}) g;
  `),
  );
  await db.execute(
    sql.raw(`
    insert into candidate_contacts (licence_id, candidate_id, kind, value, is_primary)
      select ${L}, c.id, 'email', 'person' || c.id || '@mail' || (c.id % 97) || '.test', true
      from candidates c where c.licence_id = ${L};
    insert into candidate_tags (candidate_id, tag_id)
      select c.id, t.first + c.id % 50 from candidates c, (select min(id) as first from tags where licence_id = ${L}) t
      where c.licence_id = ${L} and c.id % 3 = 0;
    update candidates c set tag_ids = array[t.first + c.id % 50]
      from (select min(id) as first from tags where licence_id = ${L}) t
      where c.licence_id = ${L} and c.id % 3 = 0;
  `),
  );
  // The big offer (the newest: 'Offer #0'): 20,000 candidates, 10,000 in the first status and 10,000 in the
  // second. Every other offer: 1,000 candidates spread over the pipeline.
  await db.execute(
    sql.raw(`
    with offers as (select array_agg(id order by created_at desc) as ids from job_offers where licence_id = ${L}),
         people as (select min(id) as first from candidates where licence_id = ${L}),
         pipeline as (select array_agg(id order by index) as ids from statuses where licence_id = ${L})
    insert into job_applications (licence_id, candidate_id, job_offer_id, status_id)
      select ${L},
        people.first + (g::bigint * 7919 % ${CANDIDATES})::int,
        case when g < ${BIG_OFFER} then offers.ids[1] else offers.ids[(g - ${BIG_OFFER}) / 1000 + 2] end,
        case when g < ${BIG_OFFER} then pipeline.ids[g % 2 + 1]
             else pipeline.ids[(g * 31 + g / 7) % array_length(pipeline.ids, 1) + 1] end
      from generate_series(0, ${APPLICATIONS - 1}) g, offers, people, pipeline;
  `),
  );
  // Each application carries its candidate's updated_at, as candidateSortKey sets it on insert.
  await db.execute(
    sql.raw(`update job_applications ja set candidate_updated_at = c.updated_at
      from candidates c where c.id = ja.candidate_id and ja.licence_id = ${L}`),
  );
  // What autovacuum does after a bulk load: statistics and the visibility map (index-only scans).
  await db.execute(sql.raw('vacuum analyze'));
  const [big] = await db
    .select({ id: jobOffers.id })
    .from(jobOffers)
    .where(sql`${jobOffers.licenceId} = ${L} and ${jobOffers.name} = 'Offer #0'`);
  if (!big) throw new Error('no big offer');
  const counts = {
    offers: await db.$count(jobOffers),
    candidates: await db.$count(candidates),
    applications: await db.$count(jobApplications),
    inBigOffer: await db.$count(jobApplications, sql`${jobApplications.jobOfferId} = ${big.id}`),
  };
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`dataset: ${JSON.stringify(counts)} in ${seconds} s`);

  const config = loadConfig({
    VIVIER_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    VIVIER_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    VIVIER_WEB_DIST: path.join(dataDir, 'no-web-build'),
    // A loaded machine can take longer than a default token's 15 minutes.
    VIVIER_ACCESS_TOKEN_TTL: '86400',
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
  const pages = BIG_OFFER / 10;
  const pageOf = (i: number) => ((i * 37) % pages) + 1;
  const base = `/api/job_offers/${big.id}/job_applications`;

  const api =
    (query: (i: number) => string, nonEmpty = true) =>
    async (i: number) => {
      const res = await app.inject({ url: `${base}?${query(i)}`, headers });
      if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
      if (nonEmpty && res.json().data.length === 0) throw new Error(`empty page: ${query(i)}`);
    };

  const rows: Row[] = [];
  const run = async (scenario: string, fn: (i: number) => Promise<unknown>, budgetP95?: number) => {
    rows.push({ scenario, durations: await measure(REQUESTS, 30, fn), ...(budgetP95 ? { budgetP95 } : {}) });
  };
  const embed = 'embed[]=status&embed[]=candidate';
  await run(
    'API  page 1, embed status+candidate',
    api(() => embed),
    30,
  );
  await run(
    'API  page N, embed status+candidate',
    api((i) => `page=${pageOf(i)}&${embed}`),
    30,
  );
  await run('SQL  page N (bare query)', async (i) => {
    await listOfferApplications(db, caller, big.id, {}, { limit: 10, offset: (pageOf(i) - 1) * 10 });
  });
  await run(
    'API  page N, one status',
    api((i) => `page=${(pageOf(i) % 1000) + 1}&filters[with_status_id]=${second.id}&${embed}`),
    30,
  );
  await run(
    'API  page 1, search a name',
    api((i) => `filters[search]=Grace${(i % 900) + 1}&${embed}`, false),
  );
  await run(
    'API  page 1, search an e-mail domain',
    api(() => `filters[search]=mail42.test&${embed}`),
  );
  await run(
    'API  page 1, search a title',
    api(() => `filters[search]=designer&${embed}`),
  );

  // Bulk moves: 10,000 applications each time, back and forth between the first and the third status.
  const moves: number[] = [];
  for (let i = 0; i < BULK_RUNS; i++) {
    const [from, to] = i % 2 === 0 ? [first, third] : [third, first];
    const start = performance.now();
    const res = await app.inject({
      method: 'PATCH',
      url: `${base}?filters[with_status_id]=${from.id}`,
      headers,
      payload: { status_id: to.id },
    });
    moves.push(performance.now() - start);
    if (res.statusCode !== 200 || res.json().updated !== BULK)
      throw new Error(`bulk: ${res.statusCode} ${res.body}`);
  }
  rows.push({ scenario: `API  bulk move of ${BULK} applications`, durations: moves, budgetP95: 1000 });

  ok = printTable(
    `Job offer screen on PostgreSQL: ${APPLICATIONS} applications (${BIG_OFFER} in the offer), ${CANDIDATES} candidates, ${REQUESTS} requests each`,
    rows,
  );
  await app.close();
} finally {
  await database.close();
  if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${fresh.url}`);
  else await fresh.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (!ok) {
  console.error('A budget was missed.');
  process.exitCode = 1;
}
