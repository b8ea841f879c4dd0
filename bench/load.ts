/**
 * Load held (issue 14 §8), the full length: 100 clients mixing reads and writes (apps/server/src/test/
 * mixed-load.ts) against the real server process on PostgreSQL for VIVIER_LOAD_SECONDS (default 60), the same
 * load `apps/server/src/security/load.postgres.test.ts` runs for 20 s in `npm test`. Prints each operation's
 * answers and latency; fails on any 5xx, any failed request or any inconsistency left in the data.
 *
 *   node bench/load.ts      (BENCH_DATABASE_URL or TEST_DATABASE_URL; default local PostgreSQL)
 *   VIVIER_LOAD_SECONDS=300 VIVIER_LOAD_CLIENTS=200 node bench/load.ts      (a longer, wider soak)
 *
 * It creates a fresh database, and drops it at the end.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  consistencyProblems,
  LOAD,
  openPostgres,
  type ProcessDatabase,
  runMixedLoad,
  seedLoadLicence,
  sendsSettled,
  signIn,
  startServerProcess,
} from '../apps/server/src/bench-entry.ts';
import { createFreshDatabase } from './lib/fresh-database.ts';

const SECONDS = Number(process.env.VIVIER_LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.VIVIER_LOAD_CLIENTS ?? 100);

const fresh = await createFreshDatabase('vivier_bench_load');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vivier-bench-'));
const target: ProcessDatabase = {
  kind: 'postgres',
  env: { DATABASE_URL: fresh.url, VIVIER_DATA_DIR: dataDir },
  url: fresh.url,
  open: () => openPostgres(fresh.url, { max: 4 }),
  remove: fresh.drop,
};
const database = await target.open();
let ok = false;
try {
  const fixture = await seedLoadLicence(database.db);
  const server = await startServerProcess(target);
  try {
    const tokens: string[] = [];
    for (const email of fixture.admins) tokens.push((await signIn(server.url, email, LOAD.password)).jwt);
    console.log(`${CLIENTS} clients for ${SECONDS} s against ${server.url} …`);
    const report = await runMixedLoad({
      url: server.url,
      tokens,
      fixture,
      clients: CLIENTS,
      seconds: SECONDS,
    });
    const rows = Object.entries(report.operations).map(([operation, r]) => ({
      operation,
      requests: r.count,
      answers: Object.entries(r.statuses)
        .map(([status, n]) => `${status}×${n}`)
        .join(' '),
      failed: Object.entries(r.errors)
        .map(([code, n]) => `${code}×${n}`)
        .join(' '),
      'p50 ms': r.p50,
      'p95 ms': r.p95,
      'p99 ms': r.p99,
      'max ms': r.max,
    }));
    console.table(rows);
    console.log(
      `${report.requests} requests in ${report.seconds.toFixed(1)} s (${report.perSecond}/s), ${report.created} candidates created`,
    );
    const failures = Object.entries(report.operations).flatMap(([name, r]) => [
      ...Object.entries(r.statuses)
        .filter(([status]) => Number(status) >= 500)
        .map(([status, n]) => `${name}: ${n} × ${status}`),
      ...Object.entries(r.errors).map(([code, n]) => `${name}: ${n} × ${code}`),
    ]);
    await sendsSettled(database.db);
    const problems = [...failures, ...(await consistencyProblems(database.db, fixture, report.created))];
    if (problems.length > 0) {
      console.error(`\nLoad NOT held:\n  ${problems.join('\n  ')}`);
    } else {
      console.log('\nLoad held: zero 5xx, no failed request, the data consistent.');
      ok = true;
    }
  } finally {
    server.child.kill('SIGTERM');
    await server.exited;
  }
} finally {
  await database.close();
  await target.remove();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (!ok) process.exitCode = 1;
