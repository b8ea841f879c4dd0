import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../shared/session/logout';
import { useAppStore } from '../../shared/store/app-store';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/router';
import { RequireSession } from './require-session';

const fetchMock = vi.fn<typeof fetch>();
const routes = [
  { path: '/login', element: <p>Login screen</p> },
  { path: '/', element: <RequireSession />, children: [{ path: 'jobs', element: <h1>Jobs list</h1> }] },
];
const licence = {
  id: 7,
  name: 'Acme',
  api_url: '/api',
  credits_max: 200,
  credits_used: 50,
  plan_type: 'recurrent',
  renew_period: 'monthly',
};

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  logout();
});

describe('the protected layout', () => {
  it('sends a visitor without a session to /login', async () => {
    const { router } = renderRoutes(routes, '/jobs');
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the screen in the layout with the licence widget and the version', async () => {
    useAppStore.getState().setUser(sessionUser());
    // A fresh answer per call: the notification bell (issue 21) fetches beside the licence widget.
    fetchMock.mockImplementation(async () => jsonResponse(licence));
    renderRoutes(routes, '/jobs');
    expect(screen.getByRole('heading', { name: 'Jobs list' })).toBeInTheDocument();
    expect(screen.getByText('Version 3.4.2')).toBeInTheDocument();
    expect(await screen.findByText('150 credits left')).toBeInTheDocument();
    expect(screen.getByText('recurrent (monthly)')).toBeInTheDocument();
    expect(screen.getByText('License type:', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '75% of credits left' })).toBeInTheDocument();
    // The notification bell (issue 21) asks for its count beside it.
    expect(fetchMock.mock.calls.map((call) => String(call[0]))).toContain('/api/license');
    expect(useAppStore.getState().licence?.creditsMax).toBe(200);
  });

  it('shows the maintenance page when the server announces one', async () => {
    useAppStore.getState().setUser(sessionUser());
    fetchMock.mockResolvedValue(
      jsonResponse(
        { error: 'maintenance', message: 'Down', break_at: '2026-11-22T10:00:00Z', duration: 30 },
        503,
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(routes, '/jobs');
    expect(await screen.findByRole('heading', { name: 'Vivier is under maintenance' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Jobs list' })).toBeNull();
  });
});
