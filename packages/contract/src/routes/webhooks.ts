import { IdParams, NoContent } from '../common.ts';
import {
  WebhookCreateBody,
  WebhookDeliveriesQuery,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryParams,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointList,
  WebhookUpdateBody,
} from '../webhooks.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/**
 * Webhooks (issue 25, decision 199): the licence's admins, or a token with `webhooks:read` / `webhooks:write`,
 * subscribe URLs to events, read each endpoint's delivery log, resend a delivery and send a test event.
 */
export const webhooks = group(at.webhooks, ['webhooks'], {
  list: {
    responses: { 200: WebhookEndpointList },
    errors: ['forbidden'],
    summary: "The licence's webhook endpoints, newest first (admins)",
  },
  create: {
    body: WebhookCreateBody,
    responses: { 201: WebhookEndpointCreated },
    errors: ['forbidden'],
    summary:
      'Subscribe an https URL to event types; the answer holds the signing secret, shown this once (admins)',
  },
  update: {
    params: IdParams,
    body: WebhookUpdateBody,
    responses: { 200: WebhookEndpoint },
    errors: ['forbidden', 'not_found'],
    summary: "Change an endpoint's URL, event types or description, or turn it off or on again (admins)",
  },
  remove: {
    params: IdParams,
    responses: { 204: NoContent },
    errors: ['forbidden', 'not_found'],
    summary: 'Delete an endpoint and its delivery log (admins)',
  },
  deliveries: {
    params: IdParams,
    query: WebhookDeliveriesQuery,
    responses: { 200: WebhookDeliveryPage },
    errors: ['forbidden', 'not_found'],
    summary: "An endpoint's delivery log, newest first (admins)",
  },
  resend: {
    params: WebhookDeliveryParams,
    responses: { 202: WebhookDelivery },
    errors: ['forbidden', 'not_found'],
    summary: 'Send a delivery again now, with the same event id (admins)',
  },
  test: {
    params: IdParams,
    responses: { 202: WebhookDelivery },
    errors: ['forbidden', 'not_found'],
    summary: 'Send a test event (type webhook.test) to the endpoint (admins)',
  },
});
