import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../test/router';
import { CandidatesScreen } from './candidates-screen';
import { candidateDatabaseApi } from './testing/candidate-database-api';

const routes = [{ path: '/candidates', element: <CandidatesScreen /> }];
let api: ReturnType<typeof candidateDatabaseApi>;
const searches = () => api.callsTo('GET', '/api/candidates/search');
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  api = candidateDatabaseApi();
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
