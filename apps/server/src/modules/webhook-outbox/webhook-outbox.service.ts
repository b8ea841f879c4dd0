import type { WebhookEventType } from '@vivier/contract';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { rawRows } from '../../db/raw-rows.ts';
import { scopedSql } from '../../db/tenant-scope.ts';
import { enqueue } from '../../jobs/queue.ts';

/**
 * The write side of webhooks (issue 25, decision 199): the outbox. Every change that has an event type calls
 * `emitWebhookEvents` in its own transaction, so the events commit with the change or not at all; the drain
 * (modules/webhooks/webhook-drain.job.ts) fans them out to the endpoints and sends them afterwards. This
 * module imports no other: the modules whose changes are events (activity, candidates, applications, privacy,
 * careers) import it without a cycle.
 */

/** The job that sends due deliveries; queued once per transaction that wrote one, run by modules/webhooks. */
export const webhookDrainKind = {
  name: 'webhooks.drain',
  payload: z.strictObject({}),
  maxAttempts: 3,
};

type TxState = { types: Map<number, Promise<Set<string>>>; drainQueued: boolean; sent: Set<string> };

/**
 * What a transaction already knows: the event types each licence's enabled endpoints take (read once per
 * transaction and licence, so a licence without endpoints pays one indexed read per transaction, and a bulk
 * move of 10,000 one read), and whether the drain job is queued. Kept only for a transaction (drizzle's
 * transactions have `rollback`): outside one, each call reads again.
 */
const perTransaction = new WeakMap<object, TxState>();

function stateOf(tx: Db): TxState {
  const fresh = (): TxState => ({ types: new Map(), drainQueued: false, sent: new Set() });
  if (!('rollback' in tx)) return fresh();
  let state = perTransaction.get(tx);
  if (!state) {
    state = fresh();
    perTransaction.set(tx, state);
  }
  return state;
}

/** The event types an enabled endpoint of the licence subscribes to (read once per transaction). */
export function subscribedTypes(tx: Db, licenceId: number): Promise<Set<string>> {
  const state = stateOf(tx);
  let types = state.types.get(licenceId);
  if (!types) {
    types = rawRows<{ type: string }>(
      tx,
      sql`select distinct unnest(e.event_types) as type from webhook_endpoints e
          where ${scopedSql('e', licenceId)} and e.enabled`,
    ).then((rows) => new Set(rows.map((row) => row.type)));
    state.types.set(licenceId, types);
  }
  return types;
}

const intArray = (ids: number[]) => `{${ids.map((id) => Math.trunc(id)).join(',')}}`;

/**
 * Writes events of `type`, one per resource (`ids`, or a statement selecting ids), in ONE statement, and queues
 * the drain once per transaction; the drain fans each event out to the endpoints that take it (a delivery each),
 * so a bulk move of 10,000 writes 10,000 small rows here and nothing more. Nothing (not even a statement) when
 * no enabled endpoint of the licence takes the type. `snapshot` is given only when the resource is about to go
 * (a deleted application): otherwise the drain renders the body with the presenters. Answers how many events
 * were written.
 */
export async function emitWebhookEvents(
  tx: Db,
  licenceId: number,
  type: WebhookEventType,
  ids: number[] | SQL,
  snapshot?: unknown,
): Promise<number> {
  if (Array.isArray(ids) && ids.length === 0) return 0;
  if (!(await subscribedTypes(tx, licenceId)).has(type)) return 0;
  let list = ids;
  if (Array.isArray(ids)) {
    // One event per resource and type in a transaction: a change that records two activity events (a
    // profile edit and a tag) is one candidate.updated.
    const { sent } = stateOf(tx);
    list = ids.filter((id) => !sent.has(`${type} ${id}`));
    for (const id of list) sent.add(`${type} ${id}`);
    if (list.length === 0) return 0;
  }
  const resources = Array.isArray(list) ? sql`select unnest(${intArray(list)}::int[])` : list;
  const rows = await rawRows<{ n: number }>(
    tx,
    sql`with ev as (
          insert into webhook_events (licence_id, type, resource_id, snapshot)
          select ${licenceId}, ${type}, r.id, ${snapshot === undefined ? null : JSON.stringify(snapshot)}::jsonb
          from (${resources}) as r(id)
          returning 1
        )
        select count(*)::int as n from ev`,
  );
  const written = Number(rows[0]?.n ?? 0);
  if (written > 0) await queueDrain(tx);
  return written;
}

/** Queues the drain in this transaction (once per transaction; one queued at most, its singleton key). */
export async function queueDrain(tx: Db) {
  const state = stateOf(tx);
  if (state.drainQueued) return;
  await enqueue(tx, webhookDrainKind, {}, { singletonKey: webhookDrainKind.name });
  state.drainQueued = true;
}

/**
 * Forgets the events about these candidates that are still waiting or logged (an erasure, decision 193): their
 * own, their applications' and their notes'; their deliveries go with them. Sent ones are the receivers'.
 */
export async function forgetWebhookEvents(tx: Db, licenceId: number, candidateIds: number[]) {
  if (candidateIds.length === 0) return;
  const ids = sql`${intArray(candidateIds)}::int[]`;
  await tx.execute(sql`
    delete from webhook_events ev
    where ${scopedSql('ev', licenceId)} and (
      (ev.type like 'candidate.%' and ev.resource_id = any(${ids}))
      or (ev.type like 'application.%' and (ev.snapshot->>'candidate_id')::int = any(${ids}))
      or (ev.type like 'application.%' and ev.resource_id in (
        select ja.id from job_applications ja where ${scopedSql('ja', licenceId)} and ja.candidate_id = any(${ids})))
      or (ev.type = 'note.created' and ev.resource_id in (
        select n.id from candidate_notes n where ${scopedSql('n', licenceId)} and n.candidate_id = any(${ids}))))`);
}
