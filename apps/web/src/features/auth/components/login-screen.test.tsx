import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { stubFetch } from '../../../test/fetch-stub';
import { jsonResponse, makeJwt, wireUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { LoginScreen } from './login-screen';

const openProviderPage = vi.hoisted(() => vi.fn<(url: string) => void>());
vi.mock('../api/oauth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../api/oauth')>()),
  openProviderPage,
}));

const fetchMock = stubFetch({ session: 'end-after' });
const routes = [
  { path: '/login', element: <LoginScreen /> },
  { path: '/reset_password/:token', element: <LoginScreen /> },
  { path: '/', element: <p>Home</p> },
];
const loginAnswer = () => wireUser({ jwt: makeJwt(), token: 'refresh-1' });

describe('the login screen', () => {
  it('shows email, password, Login, the social buttons and the forgot link', () => {
    renderRoutes(routes, '/login');
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in with Microsoft' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Forgot your password' })).toBeInTheDocument();
  });

  it('stores the session with its claims and goes to / on success', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(loginAnswer()));
    const { user, router } = renderRoutes(routes, '/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/users/login');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ada@example.com', password: 'secret-password' });
    const stored = useAppStore.getState().user;
    expect(stored?.firstName).toBe('Ada');
    expect(stored?.claims.licenseId).toBe(7);
  });

  it('stays on the screen with the message when the credentials are refused', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'invalid_credentials', message: 'Invalid' }, 401));
    const { user, router } = renderRoutes(routes, '/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to log in, please check your email and password',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(useAppStore.getState().user).toBeNull();
  });

  it('goes from #forgot to the confirmation and back', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'sent' }));
    const { user } = renderRoutes(routes, '/login#forgot');
    expect(screen.queryByLabelText('Password')).toBeNull();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/An email has been sent/)).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/password/forgot/ada%40example.com');
    await user.click(screen.getByRole('link', { name: 'Go back' }));
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('follows the back button out of the recovery request', async () => {
    const { user, router } = renderRoutes(routes, '/login');
    await user.click(screen.getByRole('link', { name: 'Forgot your password' }));
    expect(router.state.location.hash).toBe('#forgot');
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('opens the recovery request from the forgot link', async () => {
    const { user } = renderRoutes(routes, '/login');
    await user.click(screen.getByRole('link', { name: 'Forgot your password' }));
    expect(screen.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('resets the password with only a new password field, then toasts and goes to /', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ message: 'ok' }));
    const { user, router } = renderRoutes(routes, '/reset_password/tok-123');
    expect(screen.queryByLabelText('Email')).toBeNull();
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toBe('/api/password/tok-123');
    expect(init?.method).toBe('PATCH');
    expect(await screen.findByText('Your password has been successfully changed')).toBeInTheDocument();
  });

  it('says the recovery link expired when the server refuses the token', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse({ error: 'reset_token_invalid', message: 'Expired' }, 410));
    const { user } = renderRoutes(routes, '/reset_password/old');
    await user.type(screen.getByLabelText('New password'), 'a-new-password');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Your recovery link has expired, please request a new one')).toHaveRole(
      'alert',
    );
  });

  it('says why the server refused the new password: too common, too long, too short', async () => {
    const refusal = (problem: string, limit?: number) =>
      jsonResponse(
        {
          error: 'validation_error',
          message: 'Invalid request',
          details: [{ path: 'body.password', problem, limit, message: 'is refused' }],
        },
        400,
      );
    const { user } = renderRoutes(routes, '/reset_password/tok-123');
    const said = [
      [refusal('too_common'), "the field 'Password' is too common, choose one that is harder to guess"],
      [refusal('too_long', 128), "the field 'Password' must be at most 128 characters long"],
      [refusal('too_short', 8), 'Please choose a password of at least 8 characters'],
    ] as const;
    for (const [answer, text] of said) {
      fetchMock.mockResolvedValueOnce(answer);
      await user.clear(screen.getByLabelText('New password'));
      await user.type(screen.getByLabelText('New password'), 'Password1');
      await user.click(screen.getByRole('button', { name: 'Reset' }));
      expect(await screen.findByText(text)).toHaveRole('alert');
    }
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shows the maintenance page when the server answers 503 maintenance', async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        { error: 'maintenance', message: 'Down', break_at: '2026-11-22T10:00:00Z', duration: 30 },
        503,
      ),
    );
    const { user } = renderRoutes(routes, '/login');
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('heading', { name: 'Vivier is under maintenance' })).toBeInTheDocument();
  });

  it.each([
    ['Google', 'google'],
    ['Microsoft', 'microsoft'],
  ])("'Sign in with %s' goes to the address the server gives", async (name, provider) => {
    const address = `https://idp.example/authorize?client_id=vivier&state=s-${provider}`;
    fetchMock.mockResolvedValueOnce(jsonResponse({ url: address }));
    const { user } = renderRoutes(routes, '/login');
    await user.click(screen.getByRole('button', { name: `Sign in with ${name}` }));
    await waitFor(() => expect(openProviderPage).toHaveBeenCalledWith(address));
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/api/oauth/${provider}/auth`);
    // The tab remembers which sign-in it started, for the callback screen.
    expect(JSON.parse(sessionStorage.getItem('vivier:oauth-started') ?? '{}')).toEqual({
      provider,
      state: `s-${provider}`,
    });
    openProviderPage.mockReset();
    sessionStorage.clear();
  });

  it("toasts 'Cannot fetch Google authentication URL' when the server has none", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse({ error: 'provider_not_configured', message: 'Not configured' }, 404),
    );
    const { user } = renderRoutes(routes, '/login');
    await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Cannot fetch Google authentication URL')).toBeInTheDocument();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/oauth/google/auth');
    expect(openProviderPage).not.toHaveBeenCalled();
  });
});
