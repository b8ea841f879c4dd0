import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse, wireUser } from '../../../test/fixtures';
import { quietTests, SCREEN } from '../../../test/frame';
import { renderRoutes } from '../../../test/router';
import { PrivacyRequestsPanel } from './privacy-requests-panel';

quietTests();

const request = (overrides: Record<string, unknown>) => ({
  id: 1,
  kind: 'access',
  state: 'open',
  candidate: { id: 7, name: 'Grace Hopper', job_offer_id: 3 },
  requested_at: '2026-10-01T10:00:00.000Z',
  confirmed_at: '2026-10-01T10:05:00.000Z',
  due_at: '2026-11-01T10:05:00.000Z',
  overdue: true,
  done_at: null,
  done_by: null,
  ...overrides,
});

describe('Settings → Privacy requests (issue 24)', SCREEN, () => {
  it('lists the open requests with their deadline, overdue marked, the export for access, the candidate for erasure; marks one done', async () => {
    let open = [
      request({}),
      request({
        id: 2,
        kind: 'erasure',
        candidate: { id: 8, name: 'Alan Turing', job_offer_id: null },
        overdue: false,
        due_at: '2026-12-20T10:00:00.000Z',
      }),
    ];
    const api = fakeApi({
      'GET /api/users/me': () => jsonResponse(wireUser({ role: 'admin' })),
      'GET /api/privacy_requests': () => jsonResponse({ data: open }),
      'POST /api/privacy_requests/1/done': () => {
        const [first] = open;
        open = open.slice(1);
        return jsonResponse({ ...first, state: 'done', overdue: false });
      },
    });
    const { user } = renderRoutes(
      [{ path: '/settings', element: <PrivacyRequestsPanel opened /> }],
      '/settings',
    );
    const table = await screen.findByRole('table', { name: 'Privacy requests' });
    const grace = within(table).getByRole('row', { name: /Grace Hopper/ });
    expect(within(grace).getByText('Access (a copy)')).toBeInTheDocument();
    expect(within(grace).getByText('Nov 1, 2026')).toBeInTheDocument();
    expect(within(grace).getByText('Overdue')).toBeInTheDocument();
    expect(within(grace).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute(
      'href',
      '/jobs/3?candidate=7',
    );
    expect(
      await within(grace).findByRole('button', { name: "Download the candidate's data" }),
    ).toBeInTheDocument();
    const alan = within(table).getByRole('row', { name: /Alan Turing/ });
    expect(within(alan).getByText('Erasure')).toBeInTheDocument();
    expect(within(alan).queryByText('Overdue')).not.toBeInTheDocument();
    expect(within(alan).getByText(/Erase the candidate from their page/)).toBeInTheDocument();
    expect(
      within(alan).queryByRole('button', { name: "Download the candidate's data" }),
    ).not.toBeInTheDocument();

    await user.click(within(grace).getByRole('button', { name: 'Mark the request of Grace Hopper as done' }));
    expect(api.callsTo('POST', '/api/privacy_requests/1/done')).toHaveLength(1);
    expect(await screen.findByRole('row', { name: /Alan Turing/ })).toBeInTheDocument();
    await expect.poll(() => screen.queryByRole('row', { name: /Grace Hopper/ })).toBeNull();
  });
});
