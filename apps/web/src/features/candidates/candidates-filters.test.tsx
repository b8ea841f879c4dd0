import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { useAppStore } from '../../shared/store/app-store';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/router';
import { CandidatesScreen } from './candidates-screen';
import { candidateDatabaseApi, PEOPLE, TAGS } from './testing/candidate-database-api';
import { fakeApi } from './testing/fake-api';

const routes = [{ path: '/candidates', element: <CandidatesScreen /> }];
let api: ReturnType<typeof fakeApi>;
const searches = () => api.callsTo('GET', '/api/candidates/search');
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  api = candidateDatabaseApi();
});

// Whole flows of clicks: on a loaded 2-core CI machine they outlast the 5 s default; a hang still fails.
describe("the candidate database's filters", { timeout: 20_000 }, () => {
  it('searches in CVs when asked, keeps the choice in the address, and marks the matched words', async () => {
    const { user, router } = renderRoutes(routes, '/candidates');
    await screen.findByText('3 candidate(s)');
    await user.click(screen.getByRole('switch', { name: 'Search in CVs' }));
    await user.click(screen.getByRole('searchbox'));
    await user.paste('cobol');
    expect(await screen.findByText('In grace-cv.pdf:')).toBeInTheDocument();
    const grace = screen.getByRole('article', { name: 'Grace Hopper' });
    expect(within(grace).getByText('COBOL').tagName).toBe('MARK');
    expect(new URLSearchParams(router.state.location.search).get('filters[in_cvs]')).toBe('true');
    expect(searches().at(-1)?.query.get('filters[in_cvs]')).toBe('true');
    // Off again: the same word is searched in names, titles and contacts only.
    await user.click(screen.getByRole('switch', { name: 'Search in CVs' }));
    expect(await screen.findByText('There is no candidate matching your criteria')).toBeInTheDocument();
    expect(searches().at(-1)?.query.get('filters[in_cvs]')).toBeNull();
  });

  it('erases, for an admin, what a search in CVs finds: the erasure selects by the same filters', async () => {
    useAppStore.getState().setUser(sessionUser());
    const { user } = renderRoutes(routes, '/candidates?filters[in_cvs]=true&filters[legal_basis]=consent');
    await screen.findByText('3 candidate(s)');
    await user.click(screen.getByRole('searchbox'));
    await user.paste('cobol');
    expect(await screen.findByText('In grace-cv.pdf:')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Erase…' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/all 1 candidate\(s\) the search finds/)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Number of candidates' }), '1');
    await user.click(within(dialog).getByRole('button', { name: 'Erase for good' }));
    expect(await screen.findByText('1 candidate(s) erased')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/candidate_erasures').at(-1)?.body).toEqual({
      filters: { search: 'cobol', in_cvs: 'true', tags: [], legal_basis: 'consent' },
      confirmation: '1',
    });
  });

  it('filters by source (filters[source]), kept in the address, from page 1, and back to all sources', async () => {
    const { user, router } = renderRoutes(routes, '/candidates?page=2&filters[search]=a');
    const filter = await screen.findByRole('combobox', { name: 'Source' });
    expect(filter).toHaveAttribute('placeholder', 'All sources');
    await user.click(filter);
    expect(await screen.findByRole('option', { name: 'linkedin (1)' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Careers page (1)' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('filters[source]')).toBe('careers_page'),
    );
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(await screen.findByRole('article', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: 'Grace Hopper' })).not.toBeInTheDocument(),
    );
    const last = searches().at(-1)?.query;
    expect(last?.get('filters[source]')).toBe('careers_page');
    expect(last?.get('filters[search]')).toBe('a');
    expect(api.callsTo('GET', '/api/candidate_sources')).toHaveLength(1);
    await i18n.changeLanguage('fr');
    await waitFor(() => expect(filter).toHaveValue('Page carrières (1)'));
    await i18n.changeLanguage('en');
    // The selected source chosen again: every source again.
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Careers page (1)' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('source'));
    expect(searches().at(-1)?.query.get('filters[source]')).toBeNull();
  });

  it('filters by legal basis (filters[legal_basis]), kept in the address, from page 1, in both languages', async () => {
    const { user, router } = renderRoutes(routes, '/candidates?page=2');
    const filter = await screen.findByRole('combobox', { name: 'Legal basis' });
    expect(filter).toHaveAttribute('placeholder', 'Any legal basis');
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Consent' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('filters[legal_basis]')).toBe('consent'),
    );
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    await waitFor(() => expect(searches().at(-1)?.query.get('filters[legal_basis]')).toBe('consent'));
    await i18n.changeLanguage('fr');
    await waitFor(() => expect(filter).toHaveValue('Consentement'));
    await i18n.changeLanguage('en');
    await user.click(filter);
    await user.click(await screen.findByRole('option', { name: 'Consent' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('legal_basis'));
    expect(searches().at(-1)?.query.get('filters[legal_basis]')).toBeNull();
  });

  it('offers no source filter to a licence without sources', async () => {
    api = fakeApi({
      'GET /api/candidates/search': () =>
        jsonResponse({ data: PEOPLE, total_count: 3, total_count_capped: false }),
      'GET /api/candidate_sources': () => jsonResponse({ data: [] }),
      'GET /api/tags': () => jsonResponse({ data: TAGS, total_count: TAGS.length }),
    });
    renderRoutes(routes, '/candidates');
    await screen.findByText('3 candidate(s)');
    await waitFor(() => expect(api.callsTo('GET', '/api/candidate_sources')).toHaveLength(1));
    expect(screen.queryByRole('combobox', { name: 'Source' })).not.toBeInTheDocument();
  });

  it('opens with the source the address names, even one no application has any more', async () => {
    renderRoutes(routes, '/candidates?filters[source]=newsletter');
    const filter = await screen.findByRole('combobox', { name: 'Source' });
    await waitFor(() => expect(filter).toHaveValue('newsletter'));
    await waitFor(() => expect(searches().at(-1)?.query.get('filters[source]')).toBe('newsletter'));
  });
});
