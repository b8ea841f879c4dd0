import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse } from '../../../test/fixtures';
import { quietTests, SCREEN } from '../../../test/frame';
import { renderRoutes } from '../../../test/router';
import { ApiTokensPanel } from './api-tokens-panel';

quietTests();

const wireToken = (overrides: Record<string, unknown>): { id: number } & Record<string, unknown> => ({
  id: 1,
  name: 'Payroll',
  prefix: 'viv_AbCdEfGh',
  scopes: ['users:read'],
  expires_at: null,
  created_at: '2026-11-01T10:00:00.000Z',
  created_by: 1,
  last_used_at: '2026-11-20T09:00:00.000Z',
  last_used_address: '203.0.113.9',
  revoked_at: null,
  ...overrides,
});

const render = () => renderRoutes([{ path: '/settings', element: <ApiTokensPanel opened /> }], '/settings');

describe('Settings → API tokens (issue 25)', SCREEN, () => {
  it('creates a token with a name, scopes and an expiry, shows it once, and lists it by its prefix', async () => {
    let tokens = [wireToken({})];
    const secret = 'viv_Qm9vbGVhbi1vcGVyYXRvcnMtYXJlLW5vdC1hLXNlY3JldA7';
    const api = fakeApi({
      'GET /api/api_tokens': () => jsonResponse({ data: tokens }),
      'POST /api/api_tokens': ({ body }) => {
        const created = wireToken({
          id: 2,
          ...(body as object),
          prefix: secret.slice(0, 12),
          last_used_at: null,
        });
        tokens = [created, ...tokens];
        return jsonResponse({ ...created, token: secret }, 201);
      },
    });
    const { user } = render();
    const list = await screen.findByRole('table', { name: 'API tokens of the licence' });
    expect(within(list).getByText('Payroll')).toBeInTheDocument();
    expect(within(list).getByText('Nov 20, 2026 · 203.0.113.9')).toBeInTheDocument();

    // Nothing is sent without a name and a scope; the form says what is missing.
    await user.click(screen.getByRole('button', { name: 'Create token' }));
    expect(screen.getByText('Give the token a name')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one scope')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/api_tokens')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Zapier');
    await user.click(screen.getByRole('checkbox', { name: 'Candidates: Write' }));
    await user.click(screen.getByRole('checkbox', { name: 'Job offers: Read' }));
    expect(screen.queryByRole('checkbox', { name: 'Users: Write' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Expires' }));
    await user.click(await screen.findByRole('option', { name: 'In 30 days' }));
    await user.click(screen.getByRole('button', { name: 'Create token' }));

    expect(await screen.findByText('Copy this token now: it will not be shown again.')).toBeInTheDocument();
    expect(screen.getByText(secret)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeInTheDocument();
    const sent = api.callsTo('POST', '/api/api_tokens')[0]?.body as {
      name: string;
      scopes: string[];
      expires_at: string;
    };
    expect(sent.name).toBe('Zapier');
    expect(sent.scopes).toEqual(['job_offers:read', 'candidates:write']);
    const days = (Date.parse(sent.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(await within(list).findByText('viv_Qm9vbGVh…')).toBeInTheDocument();

    // Once dismissed, the token is gone from the page.
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(secret)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it('revokes a token after a confirmation, and says when one was revoked or expired, in French too', async () => {
    let tokens = [
      wireToken({}),
      wireToken({ id: 3, name: 'Old export', revoked_at: '2026-10-02T10:00:00.000Z' }),
      wireToken({ id: 4, name: 'Trial', expires_at: '2026-01-05T10:00:00.000Z', last_used_at: null }),
    ];
    const api = fakeApi({
      'GET /api/api_tokens': () => jsonResponse({ data: tokens }),
      'DELETE /api/api_tokens/1': () => {
        tokens = tokens.map((token) =>
          token.id === 1 ? { ...token, revoked_at: '2026-11-27T10:00:00.000Z' } : token,
        );
        return jsonResponse(tokens[0]);
      },
    });
    const { user } = render();
    const list = await screen.findByRole('table', { name: 'API tokens of the licence' });
    expect(within(list).getByText('Revoked on Oct 2, 2026')).toBeInTheDocument();
    expect(within(list).getByText('Expired on Jan 5, 2026')).toBeInTheDocument();
    expect(within(list).getByText('Never used')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Revoke Old export' })).not.toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Revoke Payroll' }));
    expect(
      await screen.findByText('Programs using this token will be refused from their next call.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await within(list).findByText('Revoked on Nov 27, 2026')).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/api_tokens/1')).toHaveLength(1);
    await i18n.changeLanguage('fr');
    expect(await within(list).findByText('Révoqué le 27 nov. 2026')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Créer le jeton' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
  });
});
