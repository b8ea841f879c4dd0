import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database.ts';
import { rawRows } from '../db/raw-rows.ts';
import { countMismatches } from '../test/job-offer-counts.ts';
import {
  consistencyProblems,
  LOAD,
  LOAD_MAY_ANSWER,
  type LoadFixture,
  type LoadReport,
  runMixedLoad,
  seedLoadLicence,
  sendsSettled,
} from '../test/mixed-load.ts';
import { type ServerProcess, signIn, withServerProcess } from '../test/process-suite.ts';

/**
 * Load held (issue 14 §8): 100 concurrent clients mixing reads and writes (test/mixed-load.ts) against the real
 * server on PostgreSQL, the production case, under its production settings (load shedding on: the event loop
 * limit, and the request slots with a line longer than any answer here, test/server-process.ts). It must end
 * with zero 5xx and no failed connection, and the data consistent: each job offer's summary equals its rows
 * and its list, candidates and credits match the creations, tag and sort-key mirrors hold.
 *
 * The issue asks for 60 s. In `npm test` the load lasts 20 s (VIVIER_LOAD_SECONDS, default 20): the whole
 * suite already takes ~15 min on a 2-core machine, and 20 s at 100 clients is a few thousand requests, enough
 * for the writes to contend. `VIVIER_LOAD_SECONDS=60 npx vitest run --project server-postgres
 * apps/server/src/security/load.postgres.test.ts` runs the full one, as does `npm run bench -- load`
 * (bench/load.ts, 60 s by default).
 */
const SECONDS = Number(process.env.VIVIER_LOAD_SECONDS ?? 20);
const CLIENTS = 100;

const processes = withServerProcess('load', 'postgres');
let database: Database;
let server: ServerProcess;
let fixture: LoadFixture;
let tokens: string[];

beforeAll(async () => {
  database = await processes.database.open();
  fixture = await seedLoadLicence(database.db);
  server = await processes.start();
  tokens = [];
  for (const email of fixture.admins) tokens.push((await signIn(server.url, email, LOAD.password)).jwt);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

describe(`${CLIENTS} clients for ${SECONDS} s`, () => {
  it(
    'ends with zero 5xx and the data consistent',
    async () => {
      const report: LoadReport = await runMixedLoad({
        url: server.url,
        tokens,
        fixture,
        clients: CLIENTS,
        seconds: SECONDS,
        // At least this many requests whatever the machine's load (a busy CI machine made 1,886 in 20 s).
        minRequests: CLIENTS * SECONDS + 1,
      });
      // Every answer a 2xx (what the clients ask is always allowed), none failed or timed out.
      for (const [name, operation] of Object.entries(report.operations)) {
        expect(operation.errors, name).toEqual({});
        const refused = Object.entries(operation.statuses).filter(
          ([status]) => Number(status) >= 300 && !LOAD_MAY_ANSWER[name]?.includes(Number(status)),
        );
        expect(refused, name).toEqual([]);
        expect(operation.count, name).toBeGreaterThan(0);
      }
      expect(report.requests).toBeGreaterThan(CLIENTS * SECONDS);

      // Sends go on in the background after their 202 (the durable queue moves each recipient to the contacted
      // status): the data is checked once the queue has finished them, not while it still writes.
      await sendsSettled(database.db);

      // Each offer's summary equals its rows, and the list filtered by each status agrees.
      const api = { headers: { authorization: `Bearer ${tokens[0]}` } };
      for (const offerId of fixture.offers) {
        const offer = (await (await fetch(`${server.url}/api/job_offers/${offerId}`, api)).json()) as {
          candidates_count: number;
          summary: { statuses: { id: number; candidates_count: number }[] };
        };
        const rows = await rawRows<{ status_id: number; n: number }>(
          database.db,
          sql`select status_id, count(*)::int as n from job_applications where job_offer_id = ${offerId} group by status_id`,
        );
        const counted = Object.fromEntries(rows.map((r) => [r.status_id, r.n]));
        const summary = Object.fromEntries(
          offer.summary.statuses.filter((s) => s.candidates_count > 0).map((s) => [s.id, s.candidates_count]),
        );
        expect(summary, `offer ${offerId}`).toEqual(counted);
        expect(offer.candidates_count).toBe(LOAD.perOffer);
        for (const status of offer.summary.statuses) {
          const page = await fetch(
            `${server.url}/api/job_offers/${offerId}/job_applications?per_page=1&filters[with_status_id]=${status.id}`,
            api,
          );
          expect(Number(page.headers.get('x-total-count')), `offer ${offerId} status ${status.id}`).toBe(
            status.candidates_count,
          );
        }
      }
      // Credits as the API shows them: one per candidate created.
      const licence = (await (await fetch(`${server.url}/api/license`, api)).json()) as {
        credits_used: number;
      };
      expect(licence.credits_used).toBe(report.created);
      expect(report.created).toBeGreaterThan(0);
      // Sends and export status changes ran (issue 18 section 5: they raced the moves and tag changes).
      const [moves] = await rawRows<{ emails: number; deleted_tags: number }>(
        database.db,
        sql`select (select count(*)::int from candidate_emails where licence_id = ${fixture.licenceId}) as emails,
          ${fixture.doomedTags.length} - (select count(*)::int from tags where id = any(${`{${fixture.doomedTags.join(',')}}`}::int[])) as deleted_tags`,
      );
      expect(moves?.emails).toBeGreaterThan(0);
      expect(moves?.deleted_tags).toBeGreaterThan(0);
      // The mirrors the writes keep (tag_ids without deleted tags, the offer list's sort key), in SQL.
      expect(await consistencyProblems(database.db, fixture, report.created)).toEqual([]);
      // The kept counts of the offers' applications (decision 206) equal a recount after the load.
      expect(await countMismatches(database.db)).toEqual([]);
    },
    (SECONDS * 3 + 120) * 1000,
  );
});
