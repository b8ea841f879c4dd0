import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { useAppStore } from '../../shared/store/app-store';
import { jsonResponse, sessionUser } from '../../test/fixtures';
import { renderRoutes } from '../../test/router';
import { CandidatesScreen } from './candidates-screen';
import { fakeApi, wireCandidate } from './testing/fake-api';

const routes = [{ path: '/candidates', element: <CandidatesScreen /> }];
const TAGS = [
  { id: 1, name: 'Java' },
  { id: 2, name: 'React' },
  { id: 3, name: 'Junior' },
];
const PEOPLE = [
  wireCandidate(11, {
    full_name: 'Ada Lovelace',
    tags: [TAGS[0]],
    contacts: {
      emails: ['a1@x.test', 'a2@x.test', 'a3@x.test', 'a4@x.test'],
      phones: ['+33 6 12 34 56 78'],
      added_emails: [],
      added_phones: [],
      deleted_emails: [],
      deleted_phones: [],
    },
    social_networks: [{ type: 'linkedin', value: 'https://linkedin.com/in/ada' }],
  }),
  wireCandidate(12, {
    full_name: 'Grace Hopper',
    details: { title: null },
    manual_data: { title: 'Admiral' },
  }),
  wireCandidate(13, { full_name: '', first_name: null, last_name: null }),
];

const COBOL_EXCERPT = {
  file_id: 7,
  file_name: 'grace-cv.pdf',
  parts: [
    { text: 'Wrote the first ', match: false },
    { text: 'COBOL', match: true },
    { text: ' compiler.', match: false },
  ],
};

/**
 * The server's tag expression, as the fake answers it: OR of ANDs of tags, each possibly negated (the wire's
 * tokens: tag ids, 'and', 'or', 'not').
 */
function matchesTags(tokens: string[], tagIds: number[]): boolean {
  if (tokens.length === 0) return true;
  return tokens
    .join(' ')
    .split(' or ')
    .some((group) =>
      group.split(' and ').every((term) => {
        const negated = term.startsWith('not ');
        return tagIds.includes(Number(negated ? term.slice(4) : term)) !== negated;
      }),
    );
}

let api: ReturnType<typeof fakeApi>;
const searches = () => api.callsTo('GET', '/api/candidates/search');
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  api = fakeApi({
    'GET /api/candidates/search': ({ query }) => {
      const text = query.get('filters[search]') ?? '';
      // "Search in CVs": the server finds Grace by a word of her CV and sends the matched sentence.
      if (query.get('filters[in_cvs]') === 'true' && text === 'cobol') {
        const data = [{ ...PEOPLE[1], cv_excerpt: COBOL_EXCERPT }];
        return jsonResponse({ data, total_count: 1, total_count_capped: false });
      }
      // Issue 23: Ada applied through the careers page, Grace from LinkedIn.
      const source = query.get('filters[source]');
      const bySource: Record<string, number[]> = { careers_page: [11], linkedin: [12] };
      const tags = query.getAll('filters[tags][]');
      const data = PEOPLE.filter(
        (c) =>
          c.full_name.toLowerCase().includes(text.toLowerCase()) &&
          (source === null || bySource[source]?.includes(c.id)) &&
          matchesTags(
            tags,
            c.tags.map((t) => t.id),
          ),
      );
      return jsonResponse({ data, total_count: data.length, total_count_capped: false });
    },
    'GET /api/candidate_sources': () =>
      jsonResponse({
        data: [
          { source: 'careers_page', count: 1 },
          { source: 'linkedin', count: 1 },
        ],
      }),
    'GET /api/tags': () => jsonResponse({ data: TAGS, total_count: TAGS.length }),
    'GET /api/statuses': () =>
      jsonResponse({
        data: [
          { id: 5, name: 'To call', index: 0, color: 'ff0000' },
          { id: 6, name: 'Interview', index: 1, color: '00ff00' },
        ],
      }),
    'GET /api/job_offers': () =>
      jsonResponse({
        data: [
          { id: 21, name: 'Backend developer', company: { id: 1, name: 'Acme' } },
          { id: 22, name: 'Designer', company: null },
        ],
        total_count: 2,
      }),
    'GET /api/candidates': ({ headers }) => {
      const ids = (headers.get('X-Requested-Ids') ?? '').split(',').map(Number);
      const data = PEOPLE.filter((c) => ids.includes(c.id));
      return jsonResponse({ data, total_count: data.length });
    },
    // An erasure the queue has already finished (issue 24).
    'POST /api/candidate_erasures': () =>
      jsonResponse(
        { id: 3, total: 1, done: 1, erased: 1, finished: true, created_at: '2026-11-27T10:00:00Z' },
        202,
      ),
    'POST /api/job_applications/bulk_create': ({ body }) => {
      const ids = (body as { candidates_ids: number[] }).candidates_ids;
      return jsonResponse({ created: ids.length - 1, duplicates: [ids[0]] }, 201);
    },
  });
});

// Whole flows of clicks: on a loaded 2-core CI machine they outlast the 5 s default; a hang still fails.
describe('the candidate database', { timeout: 20_000 }, () => {
  it('shows the cards with name, title, social links, contacts and tags, and the count', async () => {
    renderRoutes(routes, '/candidates');
    expect(await screen.findByText('3 candidate(s)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Candidates' })).toBeInTheDocument();
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    const ada = await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(within(ada).getByText('Title 11')).toBeInTheDocument();
    expect(within(ada).getByText('Java')).toBeInTheDocument();
    expect(within(ada).getByRole('link', { name: 'LinkedIn profile' })).toHaveAttribute(
      'href',
      'https://linkedin.com/in/ada',
    );
    // The manual title when the profile has none; a name-less candidate still has a card.
    expect(
      within(screen.getByRole('article', { name: 'Grace Hopper' })).getByText('Admiral'),
    ).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Unnamed candidate' })).toBeInTheDocument();
    const call = searches()[0];
    expect(call?.query.get('per_page')).toBe('20');
    expect(call?.query.get('page')).toBe('1');
  });

  it('opens up to 3 emails in a popover, and shows the fallback picture', async () => {
    const { user } = renderRoutes(routes, '/candidates');
    const ada = await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(within(ada).getByRole('img', { name: 'Picture of Ada Lovelace' })).toHaveAttribute(
      'src',
      '/candidate-fallback.svg',
    );
    await user.click(within(ada).getByRole('button', { name: '3 email(s) of Ada Lovelace' }));
    const links = await screen.findAllByRole('link', { name: /^a\d@x\.test$/ });
    expect(links.map((l) => l.textContent)).toEqual(['a1@x.test', 'a2@x.test', 'a3@x.test']);
    expect(links[0]).toHaveAttribute('href', 'mailto:a1@x.test');
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });

  it('searches the text 500 ms after typing, from page 1, and shows the empty text', async () => {
    const { user, router } = renderRoutes(routes, '/candidates?page=2');
    await screen.findByText('3 candidate(s)');
    await user.click(screen.getByRole('searchbox'));
    await user.paste('zzz');
    // Not at once: after the quiet period.
    expect(searches().some((c) => c.query.get('filters[search]') === 'zzz')).toBe(false);
    expect(await screen.findByText('There is no candidate matching your criteria')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('filters[search]')).toBe('zzz');
    expect(params.get('page')).toBeNull();
    expect(
      searches()
        .map((c) => c.query.get('filters[search]'))
        .filter(Boolean),
    ).toEqual(['zzz']);
  });

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

  it('alternates tag and operator, fires only when a tag is last, and Backspace removes the last element', async () => {
    const { user } = renderRoutes(routes, '/candidates');
    await screen.findByText('3 candidate(s)');
    const box = screen.getByRole('textbox', { name: 'Search by tags' });
    await user.click(box);
    await user.type(box, 'jav');
    await user.click(await screen.findByRole('option', { name: 'Java' }));
    await waitFor(() => expect(searches().at(-1)?.query.getAll('filters[tags][]')).toEqual(['1']));
    expect(await screen.findByText('1 candidate(s)')).toBeInTheDocument();
    // An operator is asked for next: AND, OR, NOT.
    expect(screen.getByRole('option', { name: 'AND' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'OR' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'OR' }));
    const before = searches().length;
    // After OR: NOT or a tag.
    await user.click(await screen.findByRole('option', { name: 'NOT' }));
    expect(screen.queryByRole('option', { name: 'NOT' })).not.toBeInTheDocument();
    await user.type(box, 'ju');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(searches().at(-1)?.query.getAll('filters[tags][]')).toEqual(['1', 'or', 'not', '3']),
    );
    expect(searches().length).toBe(before + 1);
    expect(await screen.findByText('3 candidate(s)')).toBeInTheDocument();
    // Backspace on the empty input: the last tag goes; NOT is last, nothing fires; then NOT and OR go, and
    // the list is Java's again (from the cache: the same search a moment ago).
    await user.keyboard('{Backspace}');
    await user.keyboard('{Backspace}');
    expect(searches().length).toBe(before + 1);
    await user.keyboard('{Backspace}');
    expect(await screen.findByText('1 candidate(s)')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear the tag search' }));
    expect(await screen.findByText('3 candidate(s)')).toBeInTheDocument();
  });

  it('selects by clicking cards and Select all, then adds them to a job offer at a status', async () => {
    const { user } = renderRoutes(routes, '/candidates');
    const ada = await screen.findByRole('article', { name: 'Ada Lovelace' });
    expect(screen.queryByRole('button', { name: 'Add to job offer' })).not.toBeInTheDocument();
    await user.click(within(ada).getByText('Title 11'));
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    await user.click(within(ada).getByText('Title 11'));
    expect(screen.getByText('0 selected')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper' }));
    await user.click(screen.getByRole('button', { name: 'Select all' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add to job offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add to job offer' });
    expect(await within(dialog).findByText(/Ada Lovelace, Grace Hopper/)).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/candidates')[0]?.headers.get('X-Requested-Ids')).toBe('12,11,13');
    expect(within(dialog).queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByPlaceholderText('Select a job offer or type to search...'));
    expect(await screen.findByText('No company')).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Backend developer' }));
    expect(within(dialog).queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByPlaceholderText('Please select a status'));
    await user.click(await screen.findByRole('option', { name: 'Interview' }));
    await user.click(within(dialog).getByRole('button', { name: 'Validate' }));

    expect(await screen.findByText('2 candidates successfully added to job offer')).toBeInTheDocument();
    expect(screen.getByText('1 candidate(s) already in this job offer')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/job_applications/bulk_create')[0]?.body).toEqual({
      job_offer_id: 21,
      status_id: 6,
      candidates_ids: [12, 11, 13],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('0 selected')).toBeInTheDocument();
  });
});
