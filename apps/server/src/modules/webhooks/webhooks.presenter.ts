import type { WebhookDelivery, WebhookEndpoint, WebhookEventType } from '@vivier/contract';
import type { webhookDeliveries, webhookEndpoints } from '../../db/schema/index.ts';

const iso = (at: Date | null) => (at ? at.toISOString() : null);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect & { eventType: string };

/** An endpoint as the list shows it: never its secret. */
export function presentWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    event_types: row.eventTypes as WebhookEventType[],
    enabled: row.enabled,
    disabled_reason:
      row.disabledReason === 'failing' || row.disabledReason === 'admin' ? row.disabledReason : null,
    failing_since: iso(row.failingSince),
    created_at: row.createdAt.toISOString(),
    created_by: row.createdBy,
  };
}

/** A delivery as its endpoint's log shows it: the latest attempt. */
export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: Number(row.id),
    event_id: Number(row.eventId),
    event_type: row.eventType,
    state: row.state === 'succeeded' || row.state === 'failed' ? row.state : 'pending',
    attempts: row.attempts,
    status: row.lastStatus,
    latency_ms: row.lastLatencyMs,
    response_excerpt: row.lastExcerpt,
    error: row.lastError,
    last_attempt_at: iso(row.lastAttemptAt),
    next_attempt_at: row.state === 'pending' ? row.nextAttemptAt.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}
