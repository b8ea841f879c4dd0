import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../../shared/session/logout';
import { useAppStore } from '../../../shared/store/app-store';
import { jsonResponse, makeJwt, wireUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { rememberStartedSignIn } from '../api/oauth';
import { OAuthCallbackScreen } from './oauth-callback-screen';

const fetchMock = vi.fn<typeof fetch>();
const routes = [
  { path: '/oauth/:provider/callback', element: <OAuthCallbackScreen /> },
  { path: '/', element: <p>Home</p> },
];
/** What the social button did before leaving for the provider: this tab started a sign-in with `state`. */
const started = (provider: 'google' | 'microsoft', state = 'xyz') =>
  rememberStartedSignIn(provider, `https://idp.example/authorize?client_id=vivier&state=${state}`);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  logout();
});

describe('the sign-in completion screen', () => {
  it('sends the provider and query string, stores the session as a password login does, and goes to /', async () => {
    const jwt = makeJwt();
    started('google');
    fetchMock.mockResolvedValueOnce(jsonResponse(wireUser({ jwt, token: 'refresh-1' })));
    const { router } = renderRoutes(routes, '/oauth/google/callback?code=abc&state=xyz&scope=openid');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(
      '/api/oauth/google/callback?code=abc&state=xyz&scope=openid',
    );
    expect(useAppStore.getState().user).toMatchObject({ id: 1, jwt, token: 'refresh-1' });
    expect(useAppStore.getState().user?.claims.email).toBe('ada@example.com');
  });

  it('goes to / even when the server refuses, saying why in the console only (SPEC section 8)', async () => {
    const message =
      'Failed to log in with Microsoft, please contact your administrator to ensure you have a Vivier account';
    started('microsoft');
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'no_account', message }, 401));
    const { router } = renderRoutes(routes, '/oauth/microsoft/callback?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAppStore.getState().user).toBeNull();
    expect(console.error).toHaveBeenCalledWith(message, expect.anything());
    expect(await screen.findByText('Home')).toBeInTheDocument();
    expect(screen.queryByText(message)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('goes to / when the provider is down, without announcing maintenance', async () => {
    started('google');
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'provider_unavailable', message: 'down' }, 503));
    const { router } = renderRoutes(routes, '/oauth/google/callback?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(useAppStore.getState().maintenance).toBeNull();
    expect(useAppStore.getState().user).toBeNull();
  });

  it.each([
    ['this tab started no sign-in', () => {}, '/oauth/google/callback?code=theirs&state=theirs'],
    [
      'the state is not the one this tab started',
      () => started('google', 'mine'),
      '/oauth/google/callback?code=theirs&state=theirs',
    ],
    [
      'the sign-in was started with another provider',
      () => started('microsoft'),
      '/oauth/google/callback?code=abc&state=xyz',
    ],
    [
      'the route names no known provider',
      () => started('google'),
      '/oauth/github/callback?code=abc&state=xyz',
    ],
  ])('sends nothing and goes to / when %s', async (_, setUp, path) => {
    setUp();
    const { router } = renderRoutes(routes, path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useAppStore.getState().user).toBeNull();
  });

  it('completes a started sign-in once: the same answer again is ignored', async () => {
    started('google');
    fetchMock.mockResolvedValueOnce(jsonResponse(wireUser({ jwt: makeJwt(), token: 'refresh-1' })));
    const first = renderRoutes(routes, '/oauth/google/callback?code=abc&state=xyz');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();
    logout();
    const again = renderRoutes(routes, '/oauth/google/callback?code=abc&state=xyz');
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/'));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(useAppStore.getState().user).toBeNull();
  });
});
