import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { licenceColumn } from './tenant.ts';
import { users } from './users.ts';

/**
 * A licence's webhook endpoints (issue 25, decision 199): an HTTPS URL subscribed to event types. The signing
 * secret (`whsec_…`) is sealed with a key derived from the server secret (lib/secret-box.ts), the endpoint's id
 * bound to it. `failing_since` is the first failed attempt since the last success: 3 days of it disables the
 * endpoint (`disabled_reason` 'failing') and its licence's admins are mailed.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    eventTypes: text('event_types').array().notNull(),
    sealedSecret: text('sealed_secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_endpoints_licence_idx').on(t.licenceId, t.id),
    // Deleting a user sets the endpoints they made to null (the foreign key's lookup).
    index('webhook_endpoints_created_by_idx').on(t.createdBy),
  ],
);

/**
 * The outbox: one row per event, written in the transaction of the change it reports (so a rollback leaves
 * none and a commit keeps it), only when an enabled endpoint of the licence subscribes to its type. The drain
 * fans it out (`fanned_out`: its deliveries, one per subscribed endpoint, are written), off the change's path.
 * `resource_id` names the candidate, application or note; `snapshot` is the resource as it was when it is about
 * to go (a deleted application) or a test event's data; `body` is the JSON sent, rendered by the presenters at
 * the first delivery (from `snapshot` when there is one) and kept, so a retry or a resend sends the same bytes.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    type: text('type').notNull(),
    resourceId: integer('resource_id'),
    snapshot: jsonb('snapshot'),
    // The exact bytes sent (text, not jsonb: jsonb would reorder the keys, and the signature covers the bytes).
    body: text('body'),
    fannedOut: boolean('fanned_out').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A licence's events by resource: an erasure forgets its candidate's (and the licence's deletion cascades).
    index('webhook_events_resource_idx').on(t.licenceId, t.resourceId),
    // The events the drain has not fanned out yet: few at any time, found without a scan.
    index('webhook_events_unfanned_idx').on(t.id).where(sql`not fanned_out`),
  ],
);

/**
 * One event to one endpoint (the fan-out, written with the event): `pending` until answered 2xx
 * (`succeeded`) or out of retries (`failed`). The drain claims due rows (`next_attempt_at`) by setting
 * `locked_until`; a worker that dies leaves its lease to run out and the row is taken again (at-least-once).
 * `last_*` describe the latest attempt: the delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastStatus: integer('last_status'),
    lastLatencyMs: integer('last_latency_ms'),
    lastExcerpt: text('last_excerpt'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`state = 'pending'`),
    index('webhook_deliveries_event_idx').on(t.eventId),
    // A licence deleted takes its deliveries with it (the foreign key's lookup).
    index('webhook_deliveries_licence_idx').on(t.licenceId),
  ],
);
