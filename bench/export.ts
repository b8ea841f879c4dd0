/**
 * Export benchmark (issue 10, DESIGN section 6): one job offer with 50,000 applications on PostgreSQL, exported
 * through the real HTTP server (listening on a loopback port, so the file streams as it would to a browser).
 * Budgets: the whole file in under 5 s, and the server process's resident memory (`process.memoryUsage().rss`,
 * sampled every 10 ms while the file streams) growing by under 100 MB. The client reads each chunk and drops it,
 * so what grows is the server's.
 *
 *   node bench/export.ts      (BENCH_DATABASE_URL or TEST_DATABASE_URL; default local PostgreSQL)
 *
 * It creates a fresh database, and drops it at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openPostgres } from '../apps/server/src/db/database.ts';
import { jobApplications, jobOffers } from '../apps/server/src/db/schema/index.ts';
import { createLicence } from '../apps/server/src/modules/licence/provision.ts';
import { createFreshDatabase } from './lib/fresh-database.ts';

const APPLICATIONS = Number(process.env.BENCH_EXPORT_ROWS ?? 50_000);
const RUNS = Number(process.env.BENCH_EXPORT_RUNS ?? 3);
const BUDGET_MS = 5_000;
const BUDGET_RSS_MB = 100;
const PASSWORD = 'benchmark password';
const MB = 1024 * 1024;

const fresh = await createFreshDatabase('vivier_bench_export');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-bench-'));
const database = await openPostgres(fresh.url, { max: 10 });
let ok = false;
try {
  const db = database.db;
  const { licence } = await createLicence(db, {
    name: 'Bench licence',
    creditsMax: 1000,
    planType: 'demo',
    admin: { email: 'admin@bench.test', password: PASSWORD, firstName: 'Bench', lastName: 'Admin' },
  });
  const L = licence.id;
  const started = performance.now();
  // Candidates as full as real profiles (title, two experiences, an education, two emails and a phone), in
  // one offer with 50,000 applications spread over the pipeline, beside another offer the export must skip.
  await db.execute(
    sql.raw(`
    insert into companies (licence_id, name) values (${L}, 'Société Bench');
    insert into job_offers (licence_id, name, company_id)
      select ${L}, n, (select id from companies where licence_id = ${L}) from (values ('Développeur senior'), ('Other')) v(n);
    insert into candidates (licence_id, first_name, last_name, linkedin_url, details)
      select ${L}, 'Prénom' || g, 'Nom, "' || g || '"', 'https://www.linkedin.com/in/c' || g,
        jsonb_build_object('title', 'Ingénieur·e ' || g,
          'experiences', jsonb_build_array(jsonb_build_object('company', 'Entreprise ' || g % 500),
                                           jsonb_build_object('company', 'Ancienne ' || g % 300)),
          'educations', jsonb_build_array(jsonb_build_object('school', 'École ' || g % 50,
                                                             'degree', jsonb_build_array('Master', 'Licence'))))
      from generate_series(1, ${APPLICATIONS}) g;
    insert into candidate_contacts (licence_id, candidate_id, kind, value, is_primary)
      select ${L}, c.id, k.kind, k.prefix || c.id || k.suffix, k.primary_
      from candidates c,
        (values ('email', 'c', '@example.fr', true), ('email', 'perso', '@example.com', false),
                ('phone', '+33 6 ', ' 00', true)) k(kind, prefix, suffix, primary_)
      where c.licence_id = ${L};
    with pipeline as (select array_agg(id order by index) as ids from statuses where licence_id = ${L})
    insert into job_applications (licence_id, candidate_id, job_offer_id, status_id)
      select ${L}, c.id, o.id, pipeline.ids[c.id % array_length(pipeline.ids, 1) + 1]
      from candidates c, job_offers o, pipeline
      where c.licence_id = ${L} and (o.name = 'Développeur senior' or (o.name = 'Other' and c.id % 5 = 0));
  `),
  );
  await db.execute(sql.raw('vacuum analyze'));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`dataset: ${await db.$count(jobApplications)} applications in ${seconds} s`);

  const config = loadConfig({
    VIVIER_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    VIVIER_JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0',
    VIVIER_WEB_DIST: path.join(dataDir, 'no-web-build'),
  });
  const app = await buildApp({ config, database, logger: false });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${base}/api/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench.test', password: PASSWORD }),
  });
  const { jwt } = (await login.json()) as { jwt: string };
  const [offer] = await db
    .select({ id: jobOffers.id })
    .from(jobOffers)
    .where(eq(jobOffers.name, 'Développeur senior'));
  if (!offer) throw new Error('no offer');
  const exportUrl = `${base}/api/job_offers/${offer.id}/export`;

  /**
   * CPU time (ms) the PostgreSQL server processes serving this database have used so far, read from /proc when
   * the server runs on this machine (else null): with the Node process's, what an export costs on idle cores,
   * whatever else the machine runs meanwhile.
   */
  async function postgresCpuMs(): Promise<number | null> {
    const backends = await database.db
      .select({ pid: sql<number>`pid` })
      .from(sql`pg_stat_activity`)
      .where(sql`datname = current_database()`);
    let ticks = 0;
    for (const { pid } of backends) {
      try {
        const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
        ticks += Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
      } catch {
        return null;
      }
    }
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  }

  /** One export: wall time until the last byte, CPU time, bytes, lines, and the peak RSS growth while it ran. */
  async function exportOnce(format: string) {
    const pgStart = await postgresCpuMs();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const res = await fetch(`${exportUrl}?format=${format}`, {
      headers: { authorization: `Bearer ${jwt}` },
    });
    if (res.status !== 200 || !res.body) throw new Error(`export answered ${res.status}`);
    let bytes = 0;
    let lines = 0;
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines += 1;
    }
    const ms = performance.now() - start;
    const cpu = process.cpuUsage(cpuStart);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const pgEnd = await postgresCpuMs();
    return {
      ms,
      cpuMs: (cpu.user + cpu.system) / 1000,
      pgCpuMs: pgStart === null || pgEnd === null ? null : pgEnd - pgStart,
      bytes,
      lines,
      total: Number(res.headers.get('x-total-count')),
      growthMb: (peak - baseline) / MB,
    };
  }

  await exportOnce('csv_semicolumn'); // warm-up: plans, JIT
  const results: {
    format: string;
    ms: number;
    cpuMs: number;
    pgCpuMs: number | null;
    mb: number;
    growthMb: number;
    rows: number;
  }[] = [];
  for (const format of ['csv_semicolumn', 'csv_comma', 'admen']) {
    for (let run = 0; run < RUNS; run++) {
      const r = await exportOnce(format);
      // CSV cells hold no line break here, so lines = header + one per row.
      if (r.total !== APPLICATIONS || r.lines !== APPLICATIONS + 1) {
        throw new Error(`${format}: ${r.total} counted, ${r.lines} lines, ${APPLICATIONS} expected`);
      }
      results.push({
        format,
        ms: r.ms,
        cpuMs: r.cpuMs,
        pgCpuMs: r.pgCpuMs,
        mb: r.bytes / MB,
        growthMb: r.growthMb,
        rows: r.total,
      });
    }
  }
  console.log(
    `\nGET /api/job_offers/{id}/export on PostgreSQL, ${APPLICATIONS} applications, ${RUNS} runs per format\n`,
  );
  console.table(
    results.map((r) => ({
      format: r.format,
      rows: r.rows,
      file: `${r.mb.toFixed(1)} MB`,
      time: `${r.ms.toFixed(0)} ms`,
      // The Node process's CPU time (server and the reading client): what the export costs on an idle core,
      // whatever else the machine runs.
      'node cpu': `${r.cpuMs.toFixed(0)} ms`,
      'postgres cpu': r.pgCpuMs === null ? 'n/a' : `${r.pgCpuMs.toFixed(0)} ms`,
      'rss growth': `${r.growthMb.toFixed(1)} MB`,
    })),
  );
  const slowest = Math.max(...results.map((r) => r.ms));
  const largest = Math.max(...results.map((r) => r.growthMb));
  const timeOk = slowest < BUDGET_MS;
  const memoryOk = largest < BUDGET_RSS_MB;
  console.log(
    `load average while measuring: ${os
      .loadavg()
      .map((n) => n.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores`,
  );
  console.log(`slowest ${slowest.toFixed(0)} ms (budget < ${BUDGET_MS} ms): ${timeOk ? 'ok' : 'MISSED'}`);
  console.log(
    `largest RSS growth ${largest.toFixed(1)} MB (budget < ${BUDGET_RSS_MB} MB): ${memoryOk ? 'ok' : 'MISSED'}`,
  );
  ok = timeOk && memoryOk;
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
