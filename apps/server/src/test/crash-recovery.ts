import { IMPORT_BATCH_ROWS } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';
import { createLicence } from '../modules/licence/provision.ts';
import { countMismatches } from './job-offer-counts.ts';
import { killHard, type ServerProcess, signIn, withServerProcess } from './process-suite.ts';

/**
 * kill -9 in the middle of a bulk move, a copy and an import (issue 14 §7), one body for both engines
 * (crash-recovery.pglite.test.ts, crash-recovery.postgres.test.ts); the last check also holds each change to its
 * timeline events (issue 21: a change and its events land together or not at all). The real server runs as a child process on
 * a licence big enough that each operation lasts a while; the test sends the operation, kills the process
 * while the operation's transaction is open, starts a new server on the same data and checks that the
 * operation is either complete or absent. An import commits batch by batch (IMPORT_BATCH_ROWS rows per
 * transaction): each batch is all or nothing, so its candidates come in whole batches.
 *
 * When to kill: on PostgreSQL the test watches `pg_stat_activity` until the operation's statement runs, then
 * kills (the server has not committed: a single statement is still running, or an explicit transaction
 * awaits its COMMIT). PGlite runs inside the server's process, so nothing outside can watch it: the test first
 * runs the same operation to the end and measures it, then kills the second run 30% of that time after the
 * server logs the request (well past the checks before the transaction, and early enough that a second run
 * faster than the first on a loaded machine is still running). Either way the test asserts the request was never
 * answered.
 */
const CANDIDATES = 20_000;
/** The first 10,000 candidates are also in the 'Source' offer, 7 in 10 in the first status. */
const IN_SOURCE = 10_000;
const IMPORT_BATCHES = 20;
const ADMIN = { email: 'admin@crash.test', password: 'crash test password' };

type Seeded = {
  bulk: number;
  source: number;
  first: number;
  second: number;
  /** The Source offer's applications by status. */
  sourceCounts: Record<number, number>;
};

/** One licence: 20,000 candidates with an email each, all in 'Bulk' (first status), 10,000 in 'Source'. */
async function seed(db: Db): Promise<Seeded> {
  const { licence, statuses } = await createLicence(db, {
    name: 'Crash licence',
    creditsMax: 1_000_000,
    planType: 'demo',
    admin: { ...ADMIN, firstName: 'Crash', lastName: 'Admin' },
  });
  const [first, second] = statuses;
  if (!first || !second) throw new Error('no pipeline');
  const L = licence.id;
  const run = (statement: string) => db.execute(sql.raw(statement));
  await run(`insert into candidates (licence_id, first_name, last_name, details, updated_at)
    select ${L}, 'Ada' || g, 'Crash' || g, '{}'::jsonb, now() - g * interval '1 minute'
    from generate_series(1, ${CANDIDATES}) g`);
  await run(`insert into candidate_contacts (licence_id, candidate_id, kind, value, is_primary)
    select ${L}, id, 'email', 'person' || id || '@crash.test', true from candidates where licence_id = ${L}`);
  const offers = await rawRows<{ id: number; name: string }>(
    db,
    sql`insert into job_offers (licence_id, name) values (${L}, 'Bulk'), (${L}, 'Source') returning id, name`,
  );
  const offer = (name: string) => Number(offers.find((o) => o.name === name)?.id);
  await run(`insert into job_applications (licence_id, candidate_id, job_offer_id, status_id, candidate_updated_at)
    select ${L}, id, ${offer('Bulk')}, ${first.id}, updated_at from candidates where licence_id = ${L}`);
  await run(`insert into job_applications (licence_id, candidate_id, job_offer_id, status_id, candidate_updated_at)
    select ${L}, id, ${offer('Source')}, case when id % 10 < 7 then ${first.id} else ${second.id} end, updated_at
    from (select id, updated_at from candidates where licence_id = ${L} order by id limit ${IN_SOURCE}) c`);
  // The statistics autovacuum would gather on PostgreSQL (PGlite has no autovacuum).
  await run('analyze');
  const bySource = await rawRows<{ status_id: number; n: number }>(
    db,
    sql`select status_id, count(*)::int as n from job_applications where job_offer_id = ${offer('Source')} group by status_id`,
  );
  return {
    bulk: offer('Bulk'),
    source: offer('Source'),
    first: first.id,
    second: second.id,
    sourceCounts: Object.fromEntries(bySource.map((r) => [r.status_id, r.n])),
  };
}

/** Resolves once a statement matching `pattern` (ILIKE) runs on the database, seen from `pg_stat_activity`. */
async function statementRuns(url: string, pattern: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query(
        `select 1 from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()
           and state = 'active' and query ilike $1`,
        [pattern],
      );
      if (rows.length > 0) return;
    }
    throw new Error(`no statement like ${pattern} ran within 60 s`);
  } finally {
    await client.end();
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function crashRecoverySuite(kind: 'pglite' | 'postgres') {
  const processes = withServerProcess('crash', kind);
  let server: ServerProcess;
  let api: Awaited<ReturnType<typeof signIn>>;
  let seeded: Seeded;

  const start = async () => {
    server = await processes.start({ keepLogs: true });
    api = await signIn(server.url, ADMIN.email, ADMIN.password);
  };

  beforeAll(async () => {
    const database = await processes.database.open();
    try {
      seeded = await seed(database.db);
    } finally {
      await database.close();
    }
    await start();
  }, 120_000);

  /**
   * Resolves when the operation about to be sent is inside its transaction. Called before sending, so the
   * request's log line (PGlite) or statement (PostgreSQL) cannot be missed.
   */
  const inside = (
    request: { method: string; url: string },
    { statement, took }: { statement: string; took: number },
  ): Promise<void> => {
    if (processes.database.url) return statementRuns(processes.database.url, statement);
    const from = server.logs().length;
    return server
      .waitForLog((line) => {
        const req = line.req as { method?: string; url?: string } | undefined;
        return line.msg === 'incoming request' && req?.method === request.method && req.url === request.url;
      }, from)
      .then(() => sleep(took * 0.3));
  };

  /** Sends the operation, kills the server when `moment` comes, and checks it had not answered. */
  const killDuring = async (send: () => Promise<unknown>, moment: Promise<void>) => {
    let answered = false;
    let killed = false;
    const outcome = send().then(
      () => {
        answered = true;
        return undefined;
      },
      (error: unknown) => error,
    );
    const early = outcome.then((error) => {
      if (!killed) throw new Error(`the operation ended before the kill: ${error ?? 'answered'}`);
    });
    early.catch(() => {}); // reported by the race below
    await Promise.race([moment, early]);
    killed = true;
    const exit = await killHard(server);
    expect(exit.signal).toBe('SIGKILL');
    expect(answered).toBe(false);
    // The connection died with the process: the client saw no answer.
    expect(await outcome).toBeInstanceOf(Error);
  };

  /** An offer's applications by status, from its summary. */
  const summaryOf = async (offerId: number) => {
    const res = await api.call('GET', `/api/job_offers/${offerId}`);
    expect(res.status).toBe(200);
    const offer = res.body as {
      candidates_count: number;
      summary: { statuses: { id: number; candidates_count: number }[] };
    };
    const counts = Object.fromEntries(
      offer.summary.statuses.filter((s) => s.candidates_count > 0).map((s) => [s.id, s.candidates_count]),
    );
    return { total: offer.candidates_count, counts };
  };

  const offerNamed = async (name: string) => {
    const res = await api.call(
      'GET',
      `/api/job_offers?per_page=100&filters[search]=${encodeURIComponent(name)}`,
    );
    expect(res.status).toBe(200);
    return (res.body as { data: { id: number; name: string }[] }).data.filter((o) => o.name === name);
  };

  describe(`kill -9 in the middle of an operation, then a restart (${kind})`, () => {
    it('a bulk move of 20,000 applications is complete or absent', async () => {
      const url = `/api/job_offers/${seeded.bulk}/job_applications`;
      // A whole move first: it measures the operation (PGlite) and shows the complete state.
      const began = performance.now();
      const whole = await api.call('PATCH', url, { status_id: seeded.second });
      const took = performance.now() - began;
      expect(whole).toEqual({ status: 200, body: { updated: CANDIDATES } });
      expect(await summaryOf(seeded.bulk)).toEqual({
        total: CANDIDATES,
        counts: { [seeded.second]: CANDIDATES },
      });

      const moment = inside({ method: 'PATCH', url }, { statement: '%with prior as%', took });
      await killDuring(() => api.call('PATCH', url, { status_id: seeded.first }), moment);

      await start();
      const after = await summaryOf(seeded.bulk);
      expect(after.total).toBe(CANDIDATES);
      // All 20,000 in one status: moved back (complete) or not at all (absent), never split.
      expect([{ [seeded.first]: CANDIDATES }, { [seeded.second]: CANDIDATES }]).toContainEqual(after.counts);
      // The list agrees with the summary.
      for (const [statusId, count] of Object.entries(after.counts)) {
        const page = await api.call('GET', `${url}?per_page=1&filters[with_status_id]=${statusId}`);
        expect((page.body as { total_count: number }).total_count).toBe(count);
      }
    }, 120_000);

    it('a copy of 10,000 candidates into a new offer is complete or absent', async () => {
      const url = `/api/job_offers/${seeded.source}/copy`;
      const body = (name: string) => ({ from_status: [seeded.first, seeded.second], dest: { name } });
      const began = performance.now();
      const whole = await api.call('POST', url, body('Whole copy'));
      const took = performance.now() - began;
      expect(whole.status).toBe(200);
      expect((whole.body as { ok: number[] }).ok).toHaveLength(IN_SOURCE);
      const [copied] = await offerNamed('Whole copy');
      expect(await summaryOf(Number(copied?.id))).toEqual({ total: IN_SOURCE, counts: seeded.sourceCounts });

      const moment = inside({ method: 'POST', url }, { statement: '%insert into job_applications%', took });
      await killDuring(() => api.call('POST', url, body('Killed copy')), moment);

      await start();
      const offers = await offerNamed('Killed copy');
      // The new offer and its applications were one transaction: both or neither.
      expect(offers.length).toBeLessThanOrEqual(1);
      if (offers[0]) {
        expect(await summaryOf(offers[0].id)).toEqual({ total: IN_SOURCE, counts: seeded.sourceCounts });
      }
      expect(await summaryOf(seeded.source)).toEqual({ total: IN_SOURCE, counts: seeded.sourceCounts });
    }, 120_000);

    it('an import is cut between whole batches', async () => {
      const rows = IMPORT_BATCHES * IMPORT_BATCH_ROWS;
      const csv = [
        'first name,last name,email',
        ...Array.from({ length: rows }, (_, i) => `Imported${i},Person${i},imported${i}@import.test`),
      ].join('\n');
      const lines: { type: string; processed?: number; created?: number; seenAt: number }[] = [];
      const send = async () => {
        const res = await fetch(
          `${server.url}/api/candidates/import?mapping[first_name]=0&mapping[last_name]=1&mapping[emails]=2`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${api.jwt}`, 'content-type': 'text/csv' },
            body: csv,
          },
        );
        expect(res.status).toBe(200);
        const decoder = new TextDecoder();
        let pending = '';
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          pending += decoder.decode(chunk, { stream: true });
          const complete = pending.split('\n');
          pending = complete.pop() ?? '';
          for (const line of complete) lines.push({ ...JSON.parse(line), seenAt: performance.now() });
        }
        // Reaching the end is answering: only a stream cut by the kill counts as unanswered.
        if (!lines.some((l) => l.type === 'done')) throw new Error('the import stream ended without its end');
      };
      const twoBatches = async () => {
        while (lines.filter((l) => l.type === 'batch').length < 2) await sleep(5);
      };
      const moment = (async () => {
        await twoBatches();
        if (processes.database.url) return statementRuns(processes.database.url, 'insert into "candidates"%');
        const [one, two] = lines;
        // Half a batch after the second one committed: inside the third batch's transaction.
        await sleep(((two?.seenAt ?? 0) - (one?.seenAt ?? 0)) / 2);
      })();
      await killDuring(send, moment);
      const committed = lines.filter((l) => l.type === 'batch').length;
      expect(committed).toBeGreaterThanOrEqual(2);
      expect(committed).toBeLessThan(IMPORT_BATCHES);

      await start();
      const licence = await api.call('GET', '/api/license');
      const used = (licence.body as { credits_used: number }).credits_used;
      // One credit per candidate created, in whole batches: every batch reported plus at most the one being
      // committed when the process died.
      expect(used % IMPORT_BATCH_ROWS).toBe(0);
      expect(used / IMPORT_BATCH_ROWS).toBeGreaterThanOrEqual(committed);
      expect(used / IMPORT_BATCH_ROWS).toBeLessThanOrEqual(committed + 1);
      // Each batch is there whole (its first and last rows) or not at all, and those paid for are there.
      const found = async (row: number) => {
        const res = await api.call(
          'GET',
          `/api/candidates/search?per_page=1&filters[search]=imported${row}@import.test`,
        );
        return (res.body as { total_count: number }).total_count;
      };
      for (let batch = 0; batch < IMPORT_BATCHES; batch++) {
        const expected = batch < used / IMPORT_BATCH_ROWS ? 1 : 0;
        const first = batch * IMPORT_BATCH_ROWS;
        expect([await found(first), await found(first + IMPORT_BATCH_ROWS - 1)], `batch ${batch}`).toEqual([
          expected,
          expected,
        ]);
      }
      const stats = await api.call('GET', '/api/license/stats');
      const byUser = (stats.body as { by_user: { credits_used: number }[] }).by_user;
      expect(byUser.reduce((sum, u) => sum + u.credits_used, 0)).toBe(used);
    }, 120_000);

    it('leaves no half-written row behind (checked in SQL once the server has stopped)', async () => {
      server.child.kill('SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      const database = await processes.database.open();
      try {
        const db = database.db;
        const [row] = await rawRows<Record<string, number>>(
          db,
          sql`select
            (select count(*)::int from (select 1 from job_applications
               group by job_offer_id, candidate_id having count(*) > 1) d) as duplicates,
            (select count(*)::int from job_applications ja join candidates c on c.id = ja.candidate_id
               where ja.candidate_updated_at <> c.updated_at) as stale_sort_keys,
            (select count(*)::int from candidates c where (select count(*) from candidate_contacts cc
               where cc.candidate_id = c.id and cc.kind = 'email') <> 1) as without_one_email,
            (select count(*)::int from candidates) - ${CANDIDATES} as imported,
            (select sum(credits_used)::int from licences) as credits_used,
            (select coalesce(sum(amount), 0)::int from credit_events) as credit_events,
            (select count(distinct status_id)::int from job_applications where job_offer_id = ${seeded.bulk})
              as bulk_statuses,
            (select min(status_id)::int from job_applications where job_offer_id = ${seeded.bulk}) as bulk_status,
            (select count(*)::int from candidate_events where job_offer_id = ${seeded.bulk}
               and kind = 'status_changed') as bulk_move_events,
            (select count(*)::int from job_applications ja join job_offers o on o.id = ja.job_offer_id
               where o.name in ('Whole copy', 'Killed copy')) as copied_applications,
            (select count(*)::int from candidate_events where kind = 'application_copied') as copy_events,
            (select count(*)::int from candidate_events where kind = 'created') as created_events`,
        );
        // The kept counts of the offers' applications (decision 206) equal a recount after every kill.
        expect(await countMismatches(db)).toEqual([]);
        expect(row).toMatchObject({
          duplicates: 0,
          stale_sort_keys: 0,
          without_one_email: 0,
          bulk_statuses: 1,
        });
        expect(row?.imported).toBe(row?.credits_used);
        expect(row?.credit_events).toBe(row?.credits_used);
        expect(Number(row?.imported) % IMPORT_BATCH_ROWS).toBe(0);
        // Each change and its events (issue 21) were one transaction: the killed bulk move left 20,000 events
        // (the whole move only) or 40,000 (and the killed one back to the first status), never a part; the
        // copies' applications and the imported candidates each have theirs.
        const moves = row?.bulk_status === seeded.first ? 2 : 1;
        expect(row?.bulk_move_events).toBe(moves * CANDIDATES);
        expect(row?.copy_events).toBe(row?.copied_applications);
        expect(row?.created_events).toBe(row?.imported);
      } finally {
        await database.close();
      }
    }, 120_000);
  });
}
