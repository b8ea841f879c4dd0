import { randomBytes } from 'node:crypto';
import {
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type WebhookCreateBody,
  type WebhookEventType,
  type WebhookUpdateBody,
} from '@vivier/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { withTotal } from '../../db/page.ts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { notFound } from '../../http/app-error.ts';
import { requireAdmin } from '../../http/authenticate.ts';
import type { Caller } from '../../http/caller.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { byCaller, recordAudit } from '../audit/audit.service.ts';
import { queueDrain } from '../webhook-outbox/webhook-outbox.service.ts';
import { secretContext } from './webhook-secret.ts';
import { checkEndpointUrl } from './webhook-url.ts';
import type { WebhookDeliveryRow, WebhookEndpointRow } from './webhooks.presenter.ts';

/** What the endpoints' functions need: the database, the box sealing secrets, the hosts allowed over http. */
export type WebhooksDeps = { db: Db; webhookBox: SecretBox; allowHosts: readonly string[] };

/** The licence's endpoints, newest first (admins). */
export async function listWebhookEndpoints(db: Db, caller: Caller): Promise<WebhookEndpointRow[]> {
  requireAdmin(caller);
  return db
    .select()
    .from(webhookEndpoints)
    .where(scoped(webhookEndpoints, caller))
    .orderBy(desc(webhookEndpoints.id));
}

/** An endpoint of the caller's licence (404 otherwise, whoever asks), then the admin check (403) unless `later`. */
async function endpointOf(db: Db, caller: Caller, id: number, { later = false } = {}) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(scoped(webhookEndpoints, caller), eq(webhookEndpoints.id, id)));
  if (!row) throw notFound('Webhook endpoint');
  if (!later) requireAdmin(caller);
  return row;
}

/**
 * Subscribes a URL (decision 199): a new secret `whsec_` + 24 random bytes in base64 (Standard Webhooks), sealed
 * at rest; answers it this once beside the row. Audited in the same transaction.
 */
export async function createWebhookEndpoint(deps: WebhooksDeps, caller: Caller, input: WebhookCreateBody) {
  requireAdmin(caller);
  checkEndpointUrl(input.url, deps.allowHosts);
  const secret = `${WEBHOOK_SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookEndpoints)
      .values({
        licenceId: caller.licenceId,
        url: input.url,
        description: input.description ?? '',
        eventTypes: input.event_types,
        sealedSecret: '',
        createdBy: caller.userId,
      })
      .returning();
    if (!created) throw new Error('The endpoint was not written');
    const [sealed] = await tx
      .update(webhookEndpoints)
      .set({ sealedSecret: deps.webhookBox.seal(secret, secretContext(created.id)) })
      .where(and(scoped(webhookEndpoints, caller), eq(webhookEndpoints.id, created.id)))
      .returning();
    await recordAudit(tx, {
      ...byCaller(caller),
      action: 'webhook.create',
      target: { kind: 'webhook', id: created.id },
      details: { event_types: input.event_types },
    });
    return sealed ?? created;
  });
  return { row, secret };
}

/** Changes an endpoint; `enabled: true` turns it on again and forgets its failures, `false` turns it off. */
export async function updateWebhookEndpoint(
  deps: WebhooksDeps,
  caller: Caller,
  id: number,
  input: WebhookUpdateBody,
) {
  await endpointOf(deps.db, caller, id);
  if (input.url !== undefined) checkEndpointUrl(input.url, deps.allowHosts);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(input.url !== undefined ? { url: input.url } : {}),
        ...(input.event_types !== undefined ? { eventTypes: input.event_types } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.enabled === true ? { enabled: true, disabledReason: null, failingSince: null } : {}),
        ...(input.enabled === false ? { enabled: false, disabledReason: 'admin' } : {}),
      })
      .where(and(scoped(webhookEndpoints, caller), eq(webhookEndpoints.id, id)))
      .returning();
    if (!row) throw notFound('Webhook endpoint');
    await recordAudit(tx, {
      ...byCaller(caller),
      action: 'webhook.update',
      target: { kind: 'webhook', id },
      details: { fields: Object.keys(input) },
    });
    // Deliveries that waited while it was off go now.
    if (input.enabled === true) await queueDrain(tx);
    return row;
  });
}

/** Deletes an endpoint and its delivery log. */
export async function deleteWebhookEndpoint(db: Db, caller: Caller, id: number) {
  await endpointOf(db, caller, id);
  await db.transaction(async (tx) => {
    const deleted = await tx
      .delete(webhookEndpoints)
      .where(and(scoped(webhookEndpoints, caller), eq(webhookEndpoints.id, id)))
      .returning({ id: webhookEndpoints.id });
    if (deleted.length === 0) throw notFound('Webhook endpoint');
    await recordAudit(tx, { ...byCaller(caller), action: 'webhook.delete', target: { kind: 'webhook', id } });
  });
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  licenceId: webhookDeliveries.licenceId,
  endpointId: webhookDeliveries.endpointId,
  eventId: webhookDeliveries.eventId,
  state: webhookDeliveries.state,
  attempts: webhookDeliveries.attempts,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lockedUntil: webhookDeliveries.lockedUntil,
  lastStatus: webhookDeliveries.lastStatus,
  lastLatencyMs: webhookDeliveries.lastLatencyMs,
  lastExcerpt: webhookDeliveries.lastExcerpt,
  lastError: webhookDeliveries.lastError,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  createdAt: webhookDeliveries.createdAt,
  eventType: webhookEvents.type,
};

async function deliveryOf(db: Db, caller: Caller, endpointId: number, deliveryId: number) {
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        scoped(webhookDeliveries, caller),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    );
  if (!row) throw notFound('Webhook delivery');
  return row;
}

/** A page of an endpoint's delivery log, newest first, with its total. */
export async function listWebhookDeliveries(
  db: Db,
  caller: Caller,
  endpointId: number,
  window: { limit: number; offset: number },
): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
  await endpointOf(db, caller, endpointId);
  const where = and(scoped(webhookDeliveries, caller), eq(webhookDeliveries.endpointId, endpointId));
  return withTotal(
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.id))
      .limit(window.limit)
      .offset(window.offset),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(webhookDeliveries)
      .where(where)
      .then((rows) => Number(rows[0]?.n ?? 0)),
  );
}

/**
 * Sends a delivery again now, with the same event (same `webhook-id` and body, so a receiver that kept it
 * knows it): pending again, a fresh schedule of attempts. The drain is queued in the same transaction.
 */
export async function resendWebhookDelivery(db: Db, caller: Caller, endpointId: number, deliveryId: number) {
  // Both records are the licence's (404 for another's, whoever asks) before the role is checked (403).
  await endpointOf(db, caller, endpointId, { later: true });
  await deliveryOf(db, caller, endpointId, deliveryId);
  requireAdmin(caller);
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ state: 'pending', attempts: 0, nextAttemptAt: new Date(), lockedUntil: null })
      .where(and(scoped(webhookDeliveries, caller), eq(webhookDeliveries.id, deliveryId)));
    await queueDrain(tx);
  });
  return deliveryOf(db, caller, endpointId, deliveryId);
}

/** Sends a test event (`webhook.test`) to this endpoint only, whatever its event types. */
export async function sendTestEvent(db: Db, caller: Caller, endpointId: number) {
  await endpointOf(db, caller, endpointId);
  const deliveryId = await db.transaction(async (tx) => {
    const [event] = await tx
      .insert(webhookEvents)
      .values({
        licenceId: caller.licenceId,
        type: WEBHOOK_TEST_EVENT,
        snapshot: { endpoint_id: endpointId, message: 'A test event sent from Vivier' },
        // Its one delivery is written here, to this endpoint only: nothing for the drain to fan out.
        fannedOut: true,
      })
      .returning({ id: webhookEvents.id });
    if (!event) throw new Error('The test event was not written');
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ licenceId: caller.licenceId, endpointId, eventId: event.id })
      .returning({ id: webhookDeliveries.id });
    if (!delivery) throw new Error('The test delivery was not written');
    await queueDrain(tx);
    return delivery.id;
  });
  return deliveryOf(db, caller, endpointId, deliveryId);
}

/** The types an endpoint takes, as the contract names them (for the caller's type checks). */
export type { WebhookEventType };
