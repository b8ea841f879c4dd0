import { z } from 'zod';
import { Id, listOf, listQuery } from './common.ts';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_EVENT_TYPES } from './webhook-events.ts';

export {
  WEBHOOK_DELIVERY_STATES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SECRET_PREFIX,
  WEBHOOK_TEST_EVENT,
  type WebhookDeliveryState,
  type WebhookEventType,
} from './webhook-events.ts';

export const WebhookEventTypeName = z.enum(WEBHOOK_EVENT_TYPES);

/**
 * A webhook endpoint as its licence's admins see it (issue 25, decision 199): never its secret, which is shown
 * once on creation. `enabled` false with `disabled_reason` 'failing' when it failed for 3 days, 'admin' when an
 * admin turned it off.
 */
export const WebhookEndpoint = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string(),
  event_types: z.array(WebhookEventTypeName),
  enabled: z.boolean(),
  disabled_reason: z.enum(['admin', 'failing']).nullable(),
  failing_since: z.string().nullable(),
  created_at: z.string(),
  created_by: z.number().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

const eventTypes = z
  .array(WebhookEventTypeName)
  .min(1)
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((types) => new Set(types).size === types.length, { error: 'each event type once' });

/**
 * An endpoint's address: an absolute http(s) URL without credentials; the server takes only https unless the
 * host is one the operator allows (VIVIER_WEBHOOK_ALLOW_HOSTS, for tests).
 */
const EndpointUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }));

/** `POST /api/webhooks`: an https URL, the event types it receives, an optional description. */
export const WebhookCreateBody = z.strictObject({
  url: EndpointUrl,
  event_types: eventTypes,
  description: z.string().trim().max(200).optional(),
});
export type WebhookCreateBody = z.input<typeof WebhookCreateBody>;

/** `PATCH /api/webhooks/{id}`: any of the fields; `enabled: true` turns a disabled endpoint on again. */
export const WebhookUpdateBody = z
  .strictObject({
    url: EndpointUrl.optional(),
    event_types: eventTypes.optional(),
    description: z.string().trim().max(200).optional(),
    enabled: z.boolean().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'nothing to change' });
export type WebhookUpdateBody = z.input<typeof WebhookUpdateBody>;

/** The answer of a creation: the signing secret (`whsec_…`), this once, beside what the list shows. */
export const WebhookEndpointCreated = WebhookEndpoint.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof WebhookEndpointCreated>;

export const WebhookEndpointList = z.object({ data: z.array(WebhookEndpoint) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointList>;

/**
 * One event sent to one endpoint, as the delivery log shows it: its latest attempt's status (null when no
 * answer came: `error` says why), latency and an excerpt of the answer (at most 1,000 characters).
 */
export const WebhookDelivery = z.object({
  id: z.number(),
  event_id: z.number(),
  event_type: z.string(),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  attempts: z.number(),
  status: z.number().nullable(),
  latency_ms: z.number().nullable(),
  response_excerpt: z.string().nullable(),
  error: z.string().nullable(),
  last_attempt_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  created_at: z.string(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveriesQuery = listQuery(20);

export const WebhookDeliveryPage = listOf(WebhookDelivery);
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

export const WebhookDeliveryParams = z.object({ id: Id, deliveryId: Id });
