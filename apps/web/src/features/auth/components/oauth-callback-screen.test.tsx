import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../../shared/session/logout';
import { useAppStore } from '../../../shared/store/app-store';
import { jsonResponse, makeJwt, sessionUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { OAuthCallbackScreen } from './oauth-callback-screen';

const fetchMock = vi.fn<typeof fetch>();
const routes = [
  { path: '/oauth/:provider/callback', element: <OAuthCallbackScreen /> },
  { path: '/', element: <p>Home</p> },
];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  logout();
});

describe('the sign-in completion screen', () => {
  it('sends the provider and query string, stores the session and goes to /', async () => {
    const { jwt, token, claims: _claims, ...user } = sessionUser(makeJwt());
    fetchMock.mockResolvedValueOnce(jsonResponse({ ...user, first_name: 'Ada', jwt, token }));
    const { router } = renderRoutes(routes, '/oauth/google/callback?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/oauth/google/callback?code=abc&state=xyz');
    expect(useAppStore.getState().user?.jwt).toBe(jwt);
  });

  it('goes to / even when the server refuses', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'no_account', message: 'Unknown' }, 403));
    const { router } = renderRoutes(routes, '/oauth/microsoft/callback?code=abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAppStore.getState().user).toBeNull();
    expect(
      await screen.findByText(
        'Failed to log in with Microsoft, please contact your administrator to ensure you have a Vivier account',
      ),
    ).toBeInTheDocument();
  });
});
