import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { i18n } from '../../shared/i18n/i18n';
import { useAppStore } from '../../shared/store/app-store';
import { fakeApi } from '../../test/fake-api';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/router';
import { NotificationBell } from './notification-bell';

afterEach(() => i18n.changeLanguage('en'));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  useAppStore.getState().setUser(sessionUser());
});

const mention = (id: number, read: boolean) => ({
  id,
  kind: 'mention',
  created_at: new Date(Date.now() - 2 * 24 * 3600_000).toISOString(),
  read_at: read ? new Date().toISOString() : null,
  actor: { id: 2, name: 'Ana Silva' },
  candidate: { id: 100, name: 'Grace Hopper' },
  note_id: 30,
  job_offer: null,
});

/** Someone applied through the careers site to an offer the user is on (issue 23). */
const application = {
  id: 3,
  kind: 'application',
  created_at: new Date(Date.now() - 3600_000).toISOString(),
  read_at: null,
  actor: null,
  candidate: { id: 101, name: 'Jane Doe' },
  note_id: null,
  job_offer: { id: 7, name: 'Backend developer' },
};

function bellApi() {
  let unread = 2;
  return fakeApi({
    'GET /api/notifications': () =>
      jsonResponse({
        data: [mention(2, unread < 2), mention(1, unread < 1)],
        total_count: 2,
        unread_count: unread,
      }),
    'POST /api/notifications/2/read': () => {
      unread = 1;
      return jsonResponse({ updated: 1, unread_count: 1 });
    },
    'POST /api/notifications/read_all': () => {
      unread = 0;
      return jsonResponse({ updated: 1, unread_count: 0 });
    },
  });
}

describe('the notification bell', { timeout: 20_000 }, () => {
  it('tells of an application with the offer, linking to the candidate in its pipeline, in English and French', async () => {
    const api = fakeApi({
      'GET /api/notifications': () => jsonResponse({ data: [application], total_count: 1, unread_count: 1 }),
      'POST /api/notifications/3/read': () => jsonResponse({ updated: 1, unread_count: 0 }),
    });
    const { user, router } = renderRoutes(
      [
        { path: '/', element: <NotificationBell /> },
        { path: '/jobs/:jobId', element: <p>The offer</p> },
      ],
      '/',
    );
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const link = await screen.findByRole('link', {
      name: 'New application from Jane Doe for Backend developer',
    });
    expect(link).toHaveAttribute('href', '/jobs/7?candidate=101');
    await i18n.changeLanguage('fr');
    expect(
      await screen.findByRole('link', { name: 'Nouvelle candidature de Jane Doe pour Backend developer' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: /Nouvelle candidature/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs/7'));
    expect(router.state.location.search).toBe('?candidate=101');
    expect(api.callsTo('POST', '/api/notifications/3/read')).toHaveLength(1);
  });

  it('shows the unread count, the mentions, and marks one then all read', async () => {
    const api = bellApi();
    const { user } = renderRoutes([{ path: '/', element: <NotificationBell /> }], '/');
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    expect(await screen.findAllByText('Ana Silva mentioned you about Grace Hopper')).toHaveLength(2);
    expect(screen.getAllByText('2 days ago')).toHaveLength(2);
    await user.click(screen.getAllByRole('button', { name: 'Mark as read' })[0] as HTMLElement);
    await waitFor(() => expect(api.callsTo('POST', '/api/notifications/2/read')).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/notifications/read_all')).toHaveLength(1);
  });

  it('asks for the newest when opened: one that arrived after the page loaded is listed', async () => {
    let arrived = false;
    fakeApi({
      'GET /api/notifications': () =>
        jsonResponse(
          arrived
            ? { data: [application, mention(1, true)], total_count: 2, unread_count: 1 }
            : { data: [mention(1, true)], total_count: 1, unread_count: 0 },
        ),
    });
    // The app's cache settings: a list stays fresh for a minute, so only the opening asks again.
    const appCache = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
    const { user } = renderRoutes(
      [
        {
          path: '/',
          element: (
            <QueryClientProvider client={appCache}>
              <NotificationBell />
            </QueryClientProvider>
          ),
        },
      ],
      '/',
    );
    const bell = await screen.findByRole('button', { name: 'Notifications' });
    // Within the minute between two polls, the application arrives.
    arrived = true;
    await user.click(bell);
    expect(
      await screen.findByRole('link', { name: 'New application from Jane Doe for Backend developer' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
  });
});
