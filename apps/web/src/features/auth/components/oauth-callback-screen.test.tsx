import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logout } from '../../../shared/session/logout';
import { useAppStore } from '../../../shared/store/app-store';
import { stubFetch } from '../../../test/fetch-stub';
import { jsonResponse, makeJwt, wireUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { rememberStartedSignIn } from '../api/oauth';
import { LoginScreen } from './login-screen';
import { OAuthCallbackScreen } from './oauth-callback-screen';

const fetchMock = stubFetch({ session: 'end-after', after: () => sessionStorage.clear() });
const routes = [
  { path: '/oauth/:provider/callback', element: <OAuthCallbackScreen /> },
  { path: '/', element: <p>Home</p> },
  { path: '/login', element: <LoginScreen /> },
];
/** What the social button did before leaving for the provider: this tab started a sign-in with `state`. */
const started = (provider: 'google' | 'microsoft', state = 'xyz') =>
  rememberStartedSignIn(provider, `https://idp.example/authorize?client_id=vivier&state=${state}`);

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

  it('goes to the login screen when the server refuses, saying why and what to do (issue 19 item 8)', async () => {
    started('microsoft');
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'no_account', message: 'no account' }, 401));
    const { router } = renderRoutes(routes, '/oauth/microsoft/callback?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(useAppStore.getState().user).toBeNull();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sign-in with Microsoft did not work');
    expect(alert).toHaveTextContent(
      'No Vivier account matches the address Microsoft gave. Ask your administrator to create one for you.',
    );
  });

  it('says an unconfirmed address needs the mailed link', async () => {
    started('google');
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'email_unconfirmed', message: 'x' }, 401));
    renderRoutes(routes, '/oauth/google/callback?code=abc&state=xyz');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your address is not confirmed yet. We have mailed you a link: open it, then sign in again.',
    );
  });

  it('says the provider is down, without announcing maintenance', async () => {
    started('google');
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'provider_unavailable', message: 'down' }, 503));
    const { router } = renderRoutes(routes, '/oauth/google/callback?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Google refused the sign-in or could not be reached',
    );
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
  ])('sends nothing and says to start again when %s', async (_, setUp, path) => {
    setUp();
    const { router } = renderRoutes(routes, path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in was started in another tab or has expired.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useAppStore.getState().user).toBeNull();
  });

  it('sends nothing and goes to / when the route names no known provider', async () => {
    started('google');
    const { router } = renderRoutes(routes, '/oauth/github/callback?code=abc&state=xyz');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks which organisation when the address has confirmed accounts in two', async () => {
    started('google');
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        {
          error: 'choose_organisation',
          message: 'Choose',
          ticket: 'sealed',
          organisations: [
            { license_id: 1, name: 'Acme' },
            { license_id: 2, name: 'Globex' },
          ],
        },
        409,
      ),
    );
    renderRoutes(routes, '/oauth/google/callback?code=abc&state=xyz');
    expect(await screen.findByRole('button', { name: 'Acme' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Globex' })).toBeInTheDocument();
  });

  it('completes a started sign-in once: the same answer again is ignored', async () => {
    started('google');
    fetchMock.mockResolvedValueOnce(jsonResponse(wireUser({ jwt: makeJwt(), token: 'refresh-1' })));
    const first = renderRoutes(routes, '/oauth/google/callback?code=abc&state=xyz');
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/'));
    first.unmount();
    logout();
    const again = renderRoutes(routes, '/oauth/google/callback?code=abc&state=xyz');
    await waitFor(() => expect(again.router.state.location.pathname).toBe('/login'));
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(useAppStore.getState().user).toBeNull();
  });
});
