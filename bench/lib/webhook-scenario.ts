/**
 * Webhooks (issue 25, decision 199), in process on the bench's database:
 * - "webhooks: bulk move …": the bulk offer's applications moved back and forth through the one door
 *   (changeApplicationStatuses, in a transaction), with no endpoint and then with one subscribed to
 *   application.moved; the outbox then writes an event per application in the same transaction.
 *   Budget: the subscribed move no more than 20% slower (issue 25), events written at >= 1,000 a second.
 * - "webhooks: deliveries drained …": 3,000 of those events sent by the drain (fan out, claim, render, sign,
 *   send through the outgoing client, record) to a loopback HTTP receiver. Budget: >= 200 a second.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import {
  changeApplicationStatuses,
  type Db,
  disabledMailKind,
  drainWebhooks,
  outgoingClient,
  secretBox,
  secretContext,
} from '../../apps/server/src/bench-entry.ts';
import type { Fixture } from '../dataset/fixture.ts';
import type { Report } from './report.ts';
import { quantile } from './stats.ts';

const RUNS = 5;
const DRAINED = 3000;
export const WEBHOOK_BUDGETS = { slowdownPercent: 20, eventsPerSecond: 1000, drainedPerSecond: 200 };

const rows = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

const noServer = { peakRssMb: () => process.memoryUsage().rss / 1024 / 1024 };

export async function webhookScenario(db: Db, fixture: Fixture, report: Report) {
  const { offerId, statusId } = fixture.bulk;
  const [other] = await rows<{ id: number }>(
    db,
    sql`select id from statuses where licence_id = ${fixture.licenceId} and id <> ${statusId} and not rejected
        order by index limit 1`,
  );
  if (!other) throw new Error('no second status');
  // The bulk move's applications (nearest 10,000 in one status of one offer), moved there and back.
  const applicationIds = (
    await rows<{ id: number }>(
      db,
      sql`select id from job_applications where licence_id = ${fixture.licenceId} and job_offer_id = ${offerId}
          and status_id = ${statusId} order by id`,
    )
  ).map((r) => Number(r.id));
  let at = statusId;
  /** One bulk move of those applications to the other status, timed; answers how many moved. */
  const moveAll = async () => {
    const to = at === statusId ? Number(other.id) : statusId;
    const started = performance.now();
    const moved = await db.transaction((tx) =>
      changeApplicationStatuses(tx, fixture.licenceId, { applicationIds }, to, {
        actorId: null,
        via: 'bulk',
      }),
    );
    at = to;
    return { ms: performance.now() - started, moved: moved.length };
  };

  const receiver = await startReceiver();
  const secret = `whsec_${Buffer.alloc(24, 7).toString('base64')}`;
  const box = secretBox(new TextEncoder().encode('bench-webhooks-secret-bench-webhooks'), 'webhook secrets');
  let endpointId = 0;
  try {
    const [endpoint] = await rows<{ id: number }>(
      db,
      sql`insert into webhook_endpoints (licence_id, url, event_types, sealed_secret, enabled)
          values (${fixture.licenceId}, ${`${receiver.url}/bench`}, '{application.moved}', '', false) returning id`,
    );
    endpointId = Number(endpoint?.id);
    await db.execute(
      sql`update webhook_endpoints set sealed_secret = ${box.seal(secret, secretContext(endpointId))} where id = ${endpointId}`,
    );
    await moveAll(); // warm: caches, plans
    // The two kinds of move alternated (the endpoint turned on and off between), so the machine's noise falls
    // on both alike.
    const without: number[] = [];
    const subscribed: number[] = [];
    let applications = 0;
    for (let i = 0; i < 2 * RUNS; i++) {
      const on = i % 2 === 1;
      await db.execute(sql`update webhook_endpoints set enabled = ${on} where id = ${endpointId}`);
      const { ms, moved } = await moveAll();
      (on ? subscribed : without).push(ms);
      applications = moved;
    }
    const [events] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from webhook_events where licence_id = ${fixture.licenceId}`,
    );
    const base = quantile(without, 0.5);
    const withHook = quantile(subscribed, 0.5);
    const slowdown = ((withHook - base) / base) * 100;
    const perSecond = applications / (withHook / 1000);
    report.record(
      `webhooks: bulk move of ${applications}, no endpoint`,
      1,
      without,
      sum(without) / 1000,
      0,
      noServer,
      null,
    );
    report.record(
      `webhooks: bulk move of ${applications} with a subscribed endpoint`,
      1,
      subscribed,
      sum(subscribed) / 1000,
      0,
      noServer,
      null,
    );
    console.log(
      `  webhooks: ${events?.n} events enqueued over ${RUNS} bulk moves of ${applications}; median ${base.toFixed(0)} ms without an endpoint, ${withHook.toFixed(0)} ms with one: slowdown ${slowdown.toFixed(1)}% (< ${WEBHOOK_BUDGETS.slowdownPercent}%: ${slowdown < WEBHOOK_BUDGETS.slowdownPercent ? 'met' : 'MISSED'}), ${perSecond.toFixed(0)} events a second (>= ${WEBHOOK_BUDGETS.eventsPerSecond}: ${perSecond >= WEBHOOK_BUDGETS.eventsPerSecond ? 'met' : 'MISSED'})`,
    );

    // The drain: a sample of those events fanned out and delivered to a loopback receiver.
    await db.execute(sql`delete from webhook_events where licence_id = ${fixture.licenceId} and id not in (
      select id from webhook_events where licence_id = ${fixture.licenceId} order by id limit ${DRAINED})`);
    const started = performance.now();
    const result = await drainWebhooks({
      db,
      client: outgoingClient({ allowAddresses: ['127.0.0.1'], timeoutMs: 10_000, maxResponseBytes: 1000 }),
      webhookBox: box,
      disabledMail: disabledMailKind,
    });
    const seconds = (performance.now() - started) / 1000;
    const latencies = (
      await rows<{ ms: number }>(
        db,
        sql`select last_latency_ms as ms from webhook_deliveries where endpoint_id = ${endpointId}`,
      )
    ).map((r) => Number(r.ms));
    report.record(
      'webhooks: deliveries drained to a loopback receiver',
      50,
      latencies,
      seconds,
      result.sent - result.succeeded,
      noServer,
      null,
    );
    const rate = result.succeeded / seconds;
    console.log(
      `  webhooks: ${result.succeeded} of ${result.sent} deliveries drained in ${seconds.toFixed(1)} s: ${rate.toFixed(0)} a second (>= ${WEBHOOK_BUDGETS.drainedPerSecond}: ${rate >= WEBHOOK_BUDGETS.drainedPerSecond ? 'met' : 'MISSED'}); the receiver got ${receiver.count()}`,
    );
  } finally {
    receiver.close();
    // The bench licence as it was: no endpoint, no event, the bulk offer's applications in their status.
    if (endpointId) await db.execute(sql`delete from webhook_endpoints where id = ${endpointId}`);
    await db.execute(sql`delete from webhook_events where licence_id = ${fixture.licenceId}`);
    if (at !== statusId) await moveAll();
  }
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

async function startReceiver() {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count += 1;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, count: () => count, close: () => server.close() };
}
