import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fake-api';
import { jsonResponse, wireUser } from '../../test/fixtures';
import { quietTests, SCREEN } from '../../test/frame';
import { renderRoutes } from '../../test/router';
import { AuditLogScreen } from './audit-log-screen';

quietTests();

const entry = (seq: number, action: string) => ({
  seq,
  created_at: '2026-11-27T10:00:00.000Z',
  actor_kind: 'user',
  actor_id: 1,
  actor_label: 'ada@example.com',
  address: '203.0.113.9',
  action,
  target_kind: 'user',
  target_id: 1,
  details: action === 'auth.sign_in' ? { method: 'password' } : {},
  hash: 'a'.repeat(64),
});

describe('the audit log screen', SCREEN, () => {
  it("lists the admin's licence entries, asks for older ones by keyset and filters by action", async () => {
    const api = fakeApi({
      'GET /api/users/me': () => jsonResponse(wireUser()),
      'GET /api/audit_entries': ({ query }) =>
        jsonResponse(
          query.get('before') === '2'
            ? { data: [entry(1, 'user.create')], next_before: null }
            : query.get('action') === 'user.create'
              ? { data: [entry(1, 'user.create')], next_before: null }
              : { data: [entry(3, 'auth.sign_in'), entry(2, 'setting.update')], next_before: 2 },
        ),
    });
    const { user } = renderRoutes([{ path: '/audit_log', element: <AuditLogScreen /> }], '/audit_log');
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(await within(table).findByText('auth.sign_in')).toBeInTheDocument();
    expect(within(table).getByText('{"method":"password"}')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await within(table).findByText('user.create')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/audit_entries').at(-1)?.query.get('before')).toBe('2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Action' }), 'user.create');
    expect(api.callsTo('GET', '/api/audit_entries').at(-1)?.query.get('action')).toBe('user.create');
  });
});
