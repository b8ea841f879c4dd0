import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { stubFetch } from '../../../test/fetch-stub';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { LogoutScreen } from './logout-screen';

const fetchMock = stubFetch({ session: 'end-after' });
const routes = [
  { path: '/logout', element: <LogoutScreen /> },
  { path: '/login', element: <p>Login</p> },
];

describe('the logout screen', () => {
  it('revokes the session on the server with its refresh token, clears it here and goes to /login', async () => {
    useAppStore.getState().setUser(sessionUser(undefined, 'refresh-7'));
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    const { router } = renderRoutes(routes, '/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAppStore.getState().user).toBeNull();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/users/logout');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 'refresh-7' });
    expect(new Headers(init?.headers).has('Authorization')).toBe(false);
  });

  it('signs out here even when the server cannot be reached', async () => {
    useAppStore.getState().setUser(sessionUser());
    fetchMock.mockResolvedValue(jsonResponse({ error: 'internal_error', message: 'down' }, 500));
    const { router } = renderRoutes(routes, '/logout');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAppStore.getState().user).toBeNull();
  });
});
