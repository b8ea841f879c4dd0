import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fixtures';
import { quietTests, SCREEN } from '../../../test/frame';
import { renderRoutes } from '../../../test/router';
import { registerSettingsTexts } from '../i18n';
import { WebhooksPanel } from './webhooks-panel';

quietTests();
registerSettingsTexts();

const wireEndpoint = (overrides: Record<string, unknown>): { id: number } & Record<string, unknown> => ({
  id: 1,
  url: 'https://hooks.example.com/payroll',
  description: 'Payroll',
  event_types: ['application.moved'],
  enabled: true,
  disabled_reason: null,
  failing_since: null,
  created_at: '2026-11-01T10:00:00.000Z',
  created_by: 1,
  ...overrides,
});

const wireDelivery = (overrides: Record<string, unknown>) => ({
  id: 7,
  event_id: 42,
  event_type: 'application.moved',
  state: 'succeeded',
  attempts: 1,
  status: 200,
  latency_ms: 38,
  response_excerpt: 'thanks',
  error: null,
  last_attempt_at: '2026-11-20T09:00:00.000Z',
  next_attempt_at: null,
  created_at: '2026-11-20T09:00:00.000Z',
  ...overrides,
});

const render = () => renderRoutes([{ path: '/settings', element: <WebhooksPanel opened /> }], '/settings');

describe('Settings → Webhooks (issue 25)', SCREEN, () => {
  it('adds an endpoint with its events, shows the secret once, and lists it', async () => {
    let endpoints = [wireEndpoint({})];
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const api = fakeApi({
      'GET /api/webhooks': () => jsonResponse({ data: endpoints }),
      'POST /api/webhooks': ({ body }) => {
        const created = wireEndpoint({ id: 2, ...(body as object) });
        endpoints = [created, ...endpoints];
        return jsonResponse({ ...created, secret }, 201);
      },
    });
    const { user } = render();
    const list = await screen.findByRole('table', { name: 'Webhook endpoints of the licence' });
    expect(within(list).getByText('https://hooks.example.com/payroll')).toBeInTheDocument();
    expect(within(list).getByText('Application moved')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(screen.getByText('Give an https address')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one event')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/webhooks')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'URL' }), 'https://chat.example.com/in');
    await user.click(screen.getByRole('checkbox', { name: 'Note added' }));
    await user.click(screen.getByRole('checkbox', { name: 'Candidate created' }));
    await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
    expect(await screen.findByText(secret)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/webhooks')[0]?.body).toEqual({
      url: 'https://chat.example.com/in',
      event_types: ['candidate.created', 'note.created'],
      description: '',
    });
    expect(await within(list).findByText('https://chat.example.com/in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
  });

  it('shows the delivery log, resends, sends a test event, turns off and deletes after a confirmation, in French too', async () => {
    let endpoints = [wireEndpoint({})];
    const api = fakeApi({
      'GET /api/webhooks': () => jsonResponse({ data: endpoints }),
      'GET /api/webhooks/1/deliveries': () =>
        jsonResponse({
          data: [
            wireDelivery({}),
            wireDelivery({
              id: 6,
              state: 'failed',
              status: null,
              latency_ms: null,
              response_excerpt: null,
              error: 'timeout: No answer within 10000 ms',
              attempts: 8,
            }),
          ],
          total_count: 2,
        }),
      'POST /api/webhooks/1/deliveries/6/resend': () =>
        jsonResponse(wireDelivery({ id: 6, state: 'pending' }), 202),
      'POST /api/webhooks/1/test': () =>
        jsonResponse(wireDelivery({ id: 8, event_type: 'webhook.test', state: 'pending' }), 202),
      'PATCH /api/webhooks/1': () => {
        endpoints = [wireEndpoint({ enabled: false, disabled_reason: 'admin' })];
        return jsonResponse(endpoints[0]);
      },
      'DELETE /api/webhooks/1': () => {
        endpoints = [];
        return new Response(null, { status: 204 });
      },
    });
    const { user } = render();
    const list = await screen.findByRole('table', { name: 'Webhook endpoints of the licence' });
    await user.click(
      within(list).getByRole('button', { name: 'Delivery log of https://hooks.example.com/payroll' }),
    );
    const log = await screen.findByRole('table', {
      name: 'Delivery log of https://hooks.example.com/payroll',
    });
    expect(within(log).getByText('Delivered')).toBeInTheDocument();
    expect(within(log).getByText('thanks')).toBeInTheDocument();
    expect(within(log).getByText('38 ms')).toBeInTheDocument();
    expect(within(log).getByText('Failed')).toBeInTheDocument();
    expect(within(log).getByText(/timeout: No answer within 10000 ms/)).toBeInTheDocument();
    await user.click(within(log).getByRole('button', { name: 'Resend delivery 6' }));
    expect(api.callsTo('POST', '/api/webhooks/1/deliveries/6/resend')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Send a test event' }));
    expect(api.callsTo('POST', '/api/webhooks/1/test')).toHaveLength(1);

    await user.click(
      within(list).getByRole('button', { name: 'Turn off https://hooks.example.com/payroll' }),
    );
    expect(await within(list).findByText('Off')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/webhooks/1')[0]?.body).toEqual({ enabled: false });

    await i18n.changeLanguage('fr');
    expect(await within(list).findByText('Désactivé')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ajouter le webhook' })).toBeInTheDocument();
    await i18n.changeLanguage('en');

    await user.click(within(list).getByRole('button', { name: 'Delete https://hooks.example.com/payroll' }));
    expect(await screen.findByText('Deliveries stop and the delivery log is deleted.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('No webhook yet')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/webhooks/1')).toHaveLength(1);
  });
});
