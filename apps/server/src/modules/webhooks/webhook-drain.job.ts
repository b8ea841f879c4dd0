import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { defineJob, type JobContext } from '../../jobs/job-kind.ts';
import { periodicJob } from '../../jobs/periodic.ts';
import { enqueue } from '../../jobs/queue.ts';
import { type OutgoingClient, OutgoingError } from '../../lib/outgoing-http.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { webhookDrainKind } from '../webhook-outbox/webhook-outbox.service.ts';
import { eventId, readEvents, renderBodies } from './webhook-bodies.ts';
import type { WebhookDisabledMailJob } from './webhook-disabled-mail.job.ts';
import { secretContext } from './webhook-secret.ts';

/**
 * When a failed delivery is tried again (decision 199, the schedule Standard Webhooks suggests): 5 s, 5 min,
 * 30 min, 2 h, 5 h, 10 h and 10 h after the attempt before: 8 attempts over about 28 hours, then `failed`.
 */
export const RETRY_DELAYS_MS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000].map((s) => s * 1000);

/** An endpoint failing this long (every attempt since the first failure) is turned off and its admins mailed. */
export const DISABLE_AFTER_MS = 3 * 86_400_000;

/** Deliveries claimed at once, and sent at once: together they give the drain its speed (>= 200 a second). */
const BATCH = 200;
const IN_FLIGHT = 50;
/** One run of the drain stops claiming after this and queues the next run (a job is no endless loop). */
const RUN_MS = 45_000;

export type DrainDeps = {
  db: Db;
  client: OutgoingClient;
  webhookBox: SecretBox;
  disabledMail: Pick<WebhookDisabledMailJob, 'name' | 'payload' | 'maxAttempts'>;
  /** A claim's lease (longer than an attempt's deadline): a dead drain's deliveries are taken again after it. */
  leaseMs?: number;
  log?: JobContext['log'];
};

type Claimed = { id: number; endpoint_id: number; event_id: number; attempts: number };
type Endpoint = { id: number; licence_id: number; url: string; sealed_secret: string };
type Outcome = {
  id: number;
  endpoint_id: number;
  ok: boolean;
  state: 'succeeded' | 'pending' | 'failed';
  next_at: string | null;
  status: number | null;
  ms: number | null;
  excerpt: string | null;
  error: string | null;
};

/** Events fanned out at once: a bulk move's 10,000 in two statements. */
const FAN_OUT = 5000;

/**
 * Fans committed events out (decision 199): a delivery for each enabled endpoint of the event's licence that
 * takes its type, and the events marked, in ONE statement (so an event is fanned out once, whatever crashes);
 * `SKIP LOCKED` lets drains on several instances share the work. Answers how many events it took.
 */
async function fanOut(db: Db) {
  const rows = await rawRows<{ n: number }>(
    db,
    sql`with picked as (
          select ev.id, ev.licence_id, ev.type from webhook_events ev
          where not ev.fanned_out
          order by ev.id
          limit ${FAN_OUT}
          for update skip locked
        ), marked as (
          update webhook_events ev set fanned_out = true from picked where ev.id = picked.id
        ), fanned as (
          insert into webhook_deliveries (licence_id, endpoint_id, event_id)
          select p.licence_id, e.id, p.id from picked p
          join webhook_endpoints e on e.licence_id = p.licence_id and e.enabled and p.type = any(e.event_types)
        )
        select count(*)::int as n from picked`,
  );
  return Number(rows[0]?.n ?? 0);
}

/**
 * Takes due deliveries (pending, due, not held by a live lease, their endpoint on), FOR UPDATE SKIP LOCKED so
 * drains on several instances take different rows; the claim counts the attempt.
 */
function claim(db: Db, limit: number, leaseMs: number) {
  return rawRows<Claimed>(
    db,
    sql`update webhook_deliveries d
        set locked_until = now() + ${leaseMs} * interval '1 millisecond', attempts = d.attempts + 1
        where d.id in (
          select x.id from webhook_deliveries x
          join webhook_endpoints e on e.id = x.endpoint_id and e.enabled
          where x.state = 'pending' and x.next_attempt_at <= now()
            and (x.locked_until is null or x.locked_until < now())
          order by x.next_attempt_at, x.id
          limit ${limit}
          for update of x skip locked)
        returning d.id, d.endpoint_id, d.event_id, d.attempts`,
  );
}

/** Whether an answer is a success: any 2xx (Standard Webhooks); a 3xx is not followed, so it is a failure. */
const succeeded = (status: number) => status >= 200 && status < 300;

async function attempt(
  deps: DrainDeps,
  delivery: Claimed,
  endpoint: Endpoint | undefined,
  body: string | undefined,
): Promise<Outcome> {
  const base = { id: Number(delivery.id), endpoint_id: Number(delivery.endpoint_id) };
  const failed = (fields: Pick<Outcome, 'status' | 'ms' | 'excerpt' | 'error'>, final = false): Outcome => {
    const delay = final ? undefined : RETRY_DELAYS_MS[Number(delivery.attempts) - 1];
    return {
      ...base,
      ok: false,
      state: delay === undefined ? 'failed' : 'pending',
      next_at: delay === undefined ? null : new Date(Date.now() + delay).toISOString(),
      ...fields,
    };
  };
  const secret = endpoint && deps.webhookBox.open(endpoint.sealed_secret, secretContext(Number(endpoint.id)));
  if (!endpoint || !secret || body === undefined) {
    return failed({ status: null, ms: null, excerpt: null, error: 'The signing secret cannot be opened' });
  }
  const payload = body;
  const id = eventId(Number(delivery.event_id));
  const now = new Date();
  try {
    const answer = await deps.client.send(endpoint.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Vivier-Webhooks/1',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
        'webhook-signature': new Webhook(secret).sign(id, now, payload),
      },
      body: payload,
    });
    const fields = {
      status: answer.status,
      ms: Math.round(answer.ms),
      excerpt: answer.excerpt.slice(0, 1000),
      error: null,
    };
    if (succeeded(answer.status)) return { ...base, ok: true, state: 'succeeded', next_at: null, ...fields };
    return failed({ ...fields, error: `HTTP ${answer.status}` });
  } catch (error) {
    const reason =
      error instanceof OutgoingError ? `${error.failure}: ${error.message}` : String(error).slice(0, 500);
    // A refused address or URL is refused again at every attempt: failed at once, not retried for a day.
    const final =
      error instanceof OutgoingError &&
      (error.failure === 'forbidden_address' || error.failure === 'bad_url');
    return failed({ status: null, ms: null, excerpt: null, error: reason }, final);
  }
}

/** Runs `work` over `items` with at most `limit` at once. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** Writes a batch's outcomes in one statement, then the endpoints' failure clocks; disables the failing. */
async function record(deps: DrainDeps, outcomes: Outcome[]) {
  const { db } = deps;
  await db.execute(sql`
    update webhook_deliveries d
    set state = r.state, next_attempt_at = coalesce(r.next_at, d.next_attempt_at), locked_until = null,
        last_status = r.status, last_latency_ms = r.ms, last_excerpt = r.excerpt, last_error = r.error,
        last_attempt_at = now()
    from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb)
      as r(id bigint, state text, next_at timestamptz, status int, ms int, excerpt text, error text)
    where d.id = r.id`);
  const ok = [...new Set(outcomes.filter((o) => o.ok).map((o) => o.endpoint_id))];
  const failing = [...new Set(outcomes.filter((o) => !o.ok).map((o) => o.endpoint_id))].filter(
    (id) => !ok.includes(id),
  );
  if (ok.length > 0) {
    await db.execute(sql`update webhook_endpoints set failing_since = null
      where id = any(${`{${ok.join(',')}}`}::int[]) and failing_since is not null`);
  }
  if (failing.length === 0) return;
  const failingIds = sql`${`{${failing.join(',')}}`}::int[]`;
  // Two statements: one statement may not change a row twice.
  await db.execute(sql`update webhook_endpoints set failing_since = now()
    where id = any(${failingIds}) and failing_since is null`);
  const disabled = await rawRows<{ id: number; licence_id: number }>(
    db,
    sql`update webhook_endpoints set enabled = false, disabled_reason = 'failing'
        where id = any(${failingIds}) and enabled
          and failing_since < now() - ${DISABLE_AFTER_MS} * interval '1 millisecond'
        returning id, licence_id`,
  );
  for (const row of disabled) {
    await enqueue(db, deps.disabledMail, { licenceId: Number(row.licence_id), endpointId: Number(row.id) });
    deps.log?.warn({ endpointId: row.id }, 'a webhook endpoint failing for 3 days was disabled');
  }
}

/**
 * Sends due deliveries until none is left or the run has lasted RUN_MS (then the next run is queued): fan
 * committed events out → claim a batch → render the bodies not yet rendered → sign and send, IN_FLIGHT at once, through the
 * outgoing client only → record the outcomes. Answers how many were sent and how many succeeded.
 */
export async function drainWebhooks(deps: DrainDeps, signal?: AbortSignal) {
  const started = Date.now();
  let sent = 0;
  let ok = 0;
  while (!signal?.aborted) {
    if (Date.now() - started > RUN_MS) {
      await enqueue(deps.db, webhookDrainKind, {}, { singletonKey: webhookDrainKind.name });
      break;
    }
    const fanned = await fanOut(deps.db);
    const batch = await claim(deps.db, BATCH, deps.leaseMs ?? 60_000);
    if (batch.length === 0) {
      if (fanned > 0) continue;
      break;
    }
    const endpointIds = [...new Set(batch.map((d) => Number(d.endpoint_id)))];
    const endpoints = new Map(
      (
        await rawRows<Endpoint>(
          deps.db,
          sql`select id, licence_id, url, sealed_secret from webhook_endpoints
              where id = any(${`{${endpointIds.join(',')}}`}::int[])`,
        )
      ).map((e) => [Number(e.id), e]),
    );
    const events = await readEvents(deps.db, [...new Set(batch.map((d) => Number(d.event_id)))]);
    const bodies = await renderBodies(deps.db, events);
    const outcomes = await pool(batch, IN_FLIGHT, (delivery) =>
      attempt(
        deps,
        delivery,
        endpoints.get(Number(delivery.endpoint_id)),
        bodies.get(Number(delivery.event_id)),
      ),
    );
    await record(deps, outcomes);
    sent += outcomes.length;
    ok += outcomes.filter((o) => o.ok).length;
  }
  return { sent, succeeded: ok };
}

/**
 * The drain as a job (queued by every transaction that wrote a delivery, decision 199), and a periodic run
 * every 30 s that sends the retries as they fall due.
 */
export function webhookJobs(deps: Omit<DrainDeps, 'db' | 'log'>) {
  const drain = defineJob({
    ...webhookDrainKind,
    run: (_payload, context) => drainWebhooks({ ...deps, db: context.db, log: context.log }, context.signal),
  });
  const retries = periodicJob('webhooks.retries', 30_000, (context) =>
    drainWebhooks({ ...deps, db: context.db, log: context.log }, context.signal),
  );
  return { drain, retries };
}

/**
 * The embedded database is held by one process: a delivery still leased at start was claimed by a process that
 * died (kill -9 mid-send), and is taken again at once rather than when its lease runs out (as the queue does).
 */
export async function releaseOrphanDeliveries(db: Db) {
  await db.execute(sql`update webhook_deliveries set locked_until = null
    where state = 'pending' and locked_until is not null`);
}
