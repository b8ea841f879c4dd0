/** Webhooks' event types without zod (`@vivier/contract/webhook-events`): the settings screen lists them. */

/**
 * What a licence's endpoints may subscribe to (issue 25, decision 199). Each body's `data` is the resource as
 * the API answers it: a candidate (`GET /candidates/{id}`), an application (`GET /job_offers/{id}/job_applications`'
 * rows), a note (`GET /candidates/{id}/notes`' rows), an interview (what scheduling it answers, issue 27).
 */
export const WEBHOOK_EVENT_TYPES = [
  'candidate.created',
  'candidate.updated',
  'candidate.erased',
  'application.created',
  'application.moved',
  'application.deleted',
  'application.applied',
  'note.created',
  'interview.scheduled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The type of the event "Send a test event" delivers; no endpoint subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** What every endpoint's signing secret starts with (Standard Webhooks). */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A delivery's state: waiting for its next attempt, answered 2xx, or out of attempts. */
export const WEBHOOK_DELIVERY_STATES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryState = (typeof WEBHOOK_DELIVERY_STATES)[number];
