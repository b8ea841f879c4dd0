import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Outlet } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wireCandidate } from '../../features/pipeline/testing/wire-fixtures';
import { useAppStore } from '../../shared/store/app-store';
import { fakeApi } from '../../test/fake-api';
import { jsonResponse, wireJobOffer } from '../../test/fixtures';
import { quietTests } from '../../test/frame';
import { renderRoutes } from '../../test/router';
import { CommandPaletteLauncher } from './command-palette-launcher';

// The palette loads lazily; its module is loaded once here so a busy machine's first import is not timed.
beforeAll(async () => {
  await import('./command-palette');
});

quietTests({ resetStore: true });
beforeEach(() => {
  fakeApi({
    'GET /api/job_offers': ({ query }) =>
      jsonResponse({
        data:
          query.get('filters[search]') === 'ada' ? [wireJobOffer({ id: 7, name: 'Ada platform lead' })] : [],
        total_count: 1,
      }),
    'GET /api/candidates/search': ({ query }) =>
      jsonResponse({
        data:
          query.get('filters[search]') === 'ada'
            ? [wireCandidate({ id: 42, full_name: 'Ada Lovelace', email: 'ada@example.com' })]
            : [],
        total_count: 1,
        total_count_capped: false,
      }),
  });
});

// As in the main layout: the launcher stays while the screens change under it.
const screens = [
  {
    element: (
      <>
        <CommandPaletteLauncher />
        <Outlet />
      </>
    ),
    children: [
      { path: '/jobs', element: <p>The job offers</p> },
      { path: '/jobs/:jobId', element: <p>The job offer</p> },
      { path: '/jobs/:jobId/export', element: <p>The export</p> },
      { path: '/candidates', element: <p>The candidates</p> },
    ],
  },
];
const ctrlK = () => fireEvent.keyDown(document.documentElement, { key: 'k', ctrlKey: true });

describe('the command palette (issue 28)', { timeout: 20_000 }, () => {
  it('opens with Ctrl + K and reaches a candidate by name through the candidate search', async () => {
    const { user, router } = renderRoutes(screens, '/jobs');
    expect(screen.queryByRole('dialog')).toBeNull();
    ctrlK();
    const input = await screen.findByRole('textbox', {
      name: 'Search a job offer, a candidate or an action',
    });
    expect(screen.getByText('New job offer')).toBeInTheDocument();
    await user.type(input, 'ada');
    expect(await screen.findByText('Ada platform lead')).toBeInTheDocument();
    await user.click(await screen.findByText('Ada Lovelace'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/candidates'));
    expect(router.state.location.search).toBe('?filters%5Bsearch%5D=ada%40example.com');
  });

  it('offers the offer on screen for export, runs actions, and switches the language', async () => {
    const { user, router } = renderRoutes(screens, '/jobs/3');
    ctrlK();
    const input = await screen.findByRole('textbox', {
      name: 'Search a job offer, a candidate or an action',
    });
    await user.type(input, 'export');
    await user.click(await screen.findByText('Export this job offer'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs/3/export'));
    ctrlK();
    await user.type(
      await screen.findByRole('textbox', { name: 'Search a job offer, a candidate or an action' }),
      'fran',
    );
    expect(screen.queryByText('New job offer')).toBeNull();
    await user.click(await screen.findByText('Français'));
    // The context language is what the app follows (context-language.ts), as the side menu's picker sets it.
    expect(useAppStore.getState().context.language).toBe('fr');
  });

  it('says "Nothing found" when no offer, candidate or action matches', async () => {
    const { user } = renderRoutes(screens, '/jobs');
    ctrlK();
    await user.type(
      await screen.findByRole('textbox', { name: 'Search a job offer, a candidate or an action' }),
      'zzz',
    );
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
  });
});
