import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { JobApplication } from '@vivier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { fakeApi } from '../../test/fake-api';
import { jsonResponse } from '../../test/fixtures';
import { renderRoutes } from '../../test/router';
import { JobOfferScreen } from './job-offer-screen';
import {
  pageAnswer,
  wireApplication,
  wireApplications,
  wireCandidate,
  wireJobOffer,
  wireStatuses,
} from './testing/wire-fixtures';

const routes = [
  { path: '/jobs', element: <p>The index</p> },
  { path: '/jobs/:jobId', element: <JobOfferScreen /> },
];

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  await i18n.changeLanguage('en');
});

/** The summary's count of a status, as its button reads ('Applied 2'). */
const summaryCount = (name: string) =>
  within(screen.getByRole('list', { name: 'Candidates per status' })).getByRole('button', {
    name: new RegExp(`^${name} \\d+$`),
  });

function pipelineApi(extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    'GET /api/job_offers/1': () => jsonResponse(wireJobOffer()),
    'GET /api/job_offers/1/job_applications': ({ query }) => {
      const status = query.get('filters[with_status_id]');
      return pageAnswer(
        status ? wireApplications.filter((a) => String(a.status_id) === status) : wireApplications,
      );
    },
    'GET /api/candidates/:id': () => jsonResponse(wireCandidate()),
    'GET /api/candidates/:id/job_applications': () => pageAnswer([]),
    ...extra,
  });
}

// Each test renders the whole screen; a loaded 2-core CI machine needs more than the default 5 s for some.
describe('the job offer screen', { timeout: 20_000 }, () => {
  it("shows the offer, its summary, 'Search a candidate' and a row per candidate with its status", async () => {
    const api = pipelineApi();
    const { user, router } = renderRoutes(routes, '/jobs/1');
    expect(await screen.findByRole('heading', { name: 'Backend developer' })).toBeInTheDocument();
    expect(screen.getByText('Acme')).toBeInTheDocument();
    expect(summaryCount('Applied')).toHaveAccessibleName('Applied 2');
    expect(summaryCount('Interview')).toHaveAccessibleName('Interview 1');
    expect(screen.getByRole('searchbox', { name: 'Search a candidate' })).toBeInTheDocument();
    const rows = within(await screen.findByRole('list', { name: 'Candidates' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(
      within(rows[0] as HTMLElement).getByRole('combobox', { name: 'Status of Ada Lovelace' }),
    ).toHaveValue('Applied');
    expect(screen.getByText('3 candidate(s)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export' })).toHaveAttribute('href', '/jobs/1/export');
    const [call] = api.callsTo('GET', '/api/job_offers/1/job_applications');
    expect(call?.query.get('per_page')).toBe('10');
    expect(call?.query.getAll('embed[]')).toEqual(['status', 'candidate', 'activity']);
    await user.click(screen.getByRole('link', { name: 'Job offers' }));
    expect(router.state.location.pathname).toBe('/jobs');
  });

  it("shows each application's source on its row and card: the careers page by its name, others as written", async () => {
    const [ada, grace, alan] = wireApplications as [JobApplication, JobApplication, JobApplication];
    const applications = [{ ...ada, source: 'careers_page' }, { ...grace, source: 'linkedin' }, alan];
    pipelineApi({
      'GET /api/job_offers/1/job_applications': ({ query }) => {
        const status = query.get('filters[with_status_id]');
        return pageAnswer(status ? applications.filter((a) => String(a.status_id) === status) : applications);
      },
    });
    const { user } = renderRoutes(routes, '/jobs/1');
    const list = await screen.findByRole('list', { name: 'Candidates' });
    const [adaRow, graceRow, alanRow] = (await within(list).findAllByRole('listitem')) as HTMLElement[];
    expect(within(adaRow as HTMLElement).getByText('Careers page')).toBeInTheDocument();
    expect(within(graceRow as HTMLElement).getByText('linkedin')).toBeInTheDocument();
    expect(within(alanRow as HTMLElement).queryByText(/Careers page|linkedin/)).not.toBeInTheDocument();
    await i18n.changeLanguage('fr');
    expect(await within(adaRow as HTMLElement).findByText('Page carrières')).toBeInTheDocument();
    await i18n.changeLanguage('en');
    await user.click(screen.getByRole('radio', { name: 'Board' }));
    const board = await screen.findByRole('group', { name: 'Pipeline board' });
    const card = await within(board).findByRole('button', { name: /Ada Lovelace/ });
    expect(within(card).getByText('Careers page')).toBeInTheDocument();
    expect(
      within(within(board).getByRole('button', { name: /Grace Hopper/ })).getByText('linkedin'),
    ).toBeInTheDocument();
  });

  it("says 'There is no candidate matching your criteria' when the list is empty", async () => {
    pipelineApi({ 'GET /api/job_offers/1/job_applications': () => pageAnswer([]) });
    renderRoutes(routes, '/jobs/1');
    expect(await screen.findByText('There is no candidate matching your criteria')).toBeInTheDocument();
  });

  it("says 'Not found' and toasts 'The job offer could not be fetched' when the offer cannot be read", async () => {
    fakeApi({
      'GET /api/job_offers/9': () =>
        jsonResponse({ error: 'not_found', message: 'Job offer not found' }, 404),
    });
    renderRoutes(routes, '/jobs/9');
    expect(
      await screen.findByText('The job offer could not be fetched: it does not exist any more'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeInTheDocument();
  });

  it("toasts 'The job applications could not be fetched' when the list fails", async () => {
    pipelineApi({ 'GET /api/job_offers/1/job_applications': () => new Response(null, { status: 500 }) });
    renderRoutes(routes, '/jobs/1');
    expect(await screen.findByText('The job applications could not be fetched')).toBeInTheDocument();
  });

  it('filters on a status from the summary (filters[statusId]) and goes back to page 1', async () => {
    const api = pipelineApi();
    const { user, router } = renderRoutes(routes, '/jobs/1?page=2');
    await screen.findByRole('list', { name: 'Candidates' });
    await user.click(summaryCount('Interview'));
    await waitFor(() => expect(router.state.location.search).toBe('?filters%5BstatusId%5D=12'));
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/api/job_offers/1/job_applications').at(-1)?.query.get('filters[with_status_id]'),
      ).toBe('12'),
    );
    expect(api.callsTo('GET', '/api/job_offers/1/job_applications').at(-1)?.query.get('page')).toBe('1');
    expect(summaryCount('Interview')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Status filter: Interview' })).toBeInTheDocument();
  });

  it('searches 300 ms after the last keystroke, from page 1', async () => {
    const api = pipelineApi();
    const { router } = renderRoutes(routes, '/jobs/1?page=3');
    await screen.findByRole('list', { name: 'Candidates' });
    const before = api.callsTo('GET', '/api/job_offers/1/job_applications').length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search a candidate' }), {
      target: { value: 'ada' },
    });
    // Nothing is asked while the 300 ms quiet period runs.
    expect(api.callsTo('GET', '/api/job_offers/1/job_applications')).toHaveLength(before);
    expect(router.state.location.search).toBe('?page=3');
    await waitFor(() => expect(router.state.location.search).toBe('?filters%5Bsearch%5D=ada'));
    await waitFor(() =>
      expect(
        api.callsTo('GET', '/api/job_offers/1/job_applications').at(-1)?.query.get('filters[search]'),
      ).toBe('ada'),
    );
  });

  it('moves a candidate with the switcher: one down, one up, then the server is asked', async () => {
    let answer: (value: Response) => void = () => {};
    const api = pipelineApi({
      'PATCH /api/job_applications/1': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { user } = renderRoutes(routes, '/jobs/1');
    await user.click(await screen.findByRole('combobox', { name: 'Status of Ada Lovelace' }));
    await user.click(screen.getByRole('option', { name: 'Interview' }));
    // Before the server answers.
    expect(summaryCount('Applied')).toHaveAccessibleName('Applied 1');
    expect(summaryCount('Interview')).toHaveAccessibleName('Interview 2');
    expect(screen.getByRole('combobox', { name: 'Status of Ada Lovelace' })).toHaveValue('Interview');
    expect(api.callsTo('PATCH', '/api/job_applications/1')[0]?.body).toEqual({ status_id: 12 });
    answer(
      jsonResponse(
        wireApplication(1, 12, { first_name: 'Ada', last_name: 'Lovelace', full_name: 'Ada Lovelace' }),
      ),
    );
    await waitFor(() => expect(api.callsTo('GET', '/api/job_offers/1').length).toBeGreaterThan(1));
  });

  it("puts the counts back and toasts 'The job applications could not be updated' when the move is refused", async () => {
    pipelineApi({ 'PATCH /api/job_applications/1': () => new Response(null, { status: 500 }) });
    const { user } = renderRoutes(routes, '/jobs/1');
    await user.click(await screen.findByRole('combobox', { name: 'Status of Ada Lovelace' }));
    await user.click(screen.getByRole('option', { name: 'Hired' }));
    expect(await screen.findByText('The job applications could not be updated')).toBeInTheDocument();
    await waitFor(() => expect(summaryCount('Applied')).toHaveAccessibleName('Applied 2'));
    expect(summaryCount('Hired')).toHaveAccessibleName('Hired 0');
    expect(screen.getByRole('combobox', { name: 'Status of Ada Lovelace' })).toHaveValue('Applied');
  });

  it("deletes after 'Are you sure?': the row goes and the counts drop by one", async () => {
    let remaining = wireApplications;
    const api = pipelineApi({
      // The server's own counts, fetched again after the delete, agree with the local ones.
      'GET /api/job_offers/1': () =>
        jsonResponse(
          wireJobOffer({
            candidates_count: remaining.length,
            summary: {
              statuses: wireStatuses.map((s) => ({
                ...s,
                candidates_count: remaining.filter((a) => a.status_id === s.id).length,
              })),
            },
          }),
        ),
      'GET /api/job_offers/1/job_applications': () => pageAnswer(remaining),
      'DELETE /api/job_applications/2': () => {
        remaining = wireApplications.filter((a) => a.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    const { user } = renderRoutes(routes, '/jobs/1');
    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper from this job offer' }));
    expect(screen.getByText('Are you sure?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Grace Hopper from this job offer' })).toBeNull(),
    );
    expect(summaryCount('Interview')).toHaveAccessibleName('Interview 0');
    expect(summaryCount('All statuses')).toHaveAccessibleName('All statuses 2');
    expect(api.callsTo('DELETE', '/api/job_applications/2')).toHaveLength(1);
  });

  it('steps back a page when its last candidate is deleted', async () => {
    const last = wireApplication(11, 11, { first_name: 'Last', last_name: 'One', full_name: 'Last One' });
    let deleted = false;
    pipelineApi({
      'GET /api/job_offers/1/job_applications': ({ query }) =>
        query.get('page') === '2'
          ? pageAnswer(deleted ? [] : [last], deleted ? 10 : 11)
          : pageAnswer(wireApplications, deleted ? 10 : 11),
      'DELETE /api/job_applications/11': () => {
        deleted = true;
        return new Response(null, { status: 204 });
      },
    });
    const { user, router } = renderRoutes(routes, '/jobs/1?page=2');
    await user.click(await screen.findByRole('button', { name: 'Remove Last One from this job offer' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByRole('combobox', { name: 'Status of Ada Lovelace' })).toBeInTheDocument();
  });

  it("toasts 'The job application could not be deleted' and keeps the row when the delete fails", async () => {
    pipelineApi({ 'DELETE /api/job_applications/1': () => new Response(null, { status: 500 }) });
    const { user } = renderRoutes(routes, '/jobs/1');
    await user.click(await screen.findByRole('button', { name: 'Remove Ada Lovelace from this job offer' }));
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('The job application could not be deleted')).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Remove Ada Lovelace from this job offer' }),
    ).toBeInTheDocument();
    expect(summaryCount('Applied')).toHaveAccessibleName('Applied 2');
  });

  it('opens the candidate in the panel (?candidate=) and shows the board with one column per status', async () => {
    pipelineApi();
    const { user, router } = renderRoutes(routes, '/jobs/1');
    await user.click(await screen.findByRole('button', { name: /^Alan Turing/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?candidate=30'));
    expect(await screen.findByRole('heading', { name: 'Grace Hopper', level: 2 })).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Board' }));
    const board = await screen.findByRole('group', { name: 'Pipeline board' });
    expect(await within(board).findByRole('heading', { name: 'Applied (2)' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(board)
          .getAllByRole('heading', { level: 3 })
          .map((h) => h.textContent),
      ).toEqual(['Applied (2)', 'Interview (1)', 'Hired (0)']),
    );
    expect(within(board).getByRole('button', { name: /Grace Hopper/ })).toHaveAttribute(
      'aria-roledescription',
      'draggable',
    );
  });
});
