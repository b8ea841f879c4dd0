import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/fixtures';
import { renderRoutes } from '../../test/router';
import { JobOffersScreen } from './job-offers-screen';
import { fakeApi } from './testing/fake-api';
import { indexApi, manyOffers } from './testing/index-api';

const routes = [
  { path: '/jobs', element: <JobOffersScreen /> },
  { path: '/jobs/:jobId', element: <p>The offer</p> },
];
const params = (router: ReturnType<typeof renderRoutes>['router']) =>
  new URLSearchParams(router.state.location.search);

let api: ReturnType<typeof indexApi>;
const listCalls = () => api.callsTo('GET', '/api/job_offers');
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  api = indexApi(manyOffers(12, 3));
});

describe('the job offers index', () => {
  it('shows the first 10 active offers with the count badge and the paginator', async () => {
    renderRoutes(routes, '/jobs');
    expect(await screen.findByText('12 offer(s)')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(10));
    const call = listCalls()[0];
    expect(call?.query.get('page')).toBe('1');
    expect(call?.query.get('per_page')).toBe('10');
    expect(call?.query.get('filters[archived]')).toBe('false');
    expect(call?.query.getAll('embed[]')).toContain('user');
    expect(screen.getByRole('button', { name: 'Page 2' })).toBeInTheDocument();
    // One page, one fetch: no storm of repeated calls.
    expect(listCalls()).toHaveLength(1);
  });

  it('reads a page that is not a positive integer as 1, and keeps the page in the address', async () => {
    const { user, router } = renderRoutes(routes, '/jobs?page=-2');
    expect(await screen.findByText('12 offer(s)')).toBeInTheDocument();
    expect(listCalls()[0]?.query.get('page')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByRole('article', { name: 'Offer 12' })).toBeInTheDocument();
    expect(params(router).get('page')).toBe('2');
  });

  it('steps back to the last page when the page asked for is past it', async () => {
    const { router } = renderRoutes(routes, '/jobs?page=5');
    await waitFor(() => expect(params(router).get('page')).toBe('2'));
    expect(await screen.findByRole('article', { name: 'Offer 11' })).toBeInTheDocument();
  });

  it('filters Mine and Archived through the address, from page 1', async () => {
    const { user, router } = renderRoutes(routes, '/jobs?page=2');
    expect(await screen.findByText('12 offer(s)')).toBeInTheDocument();
    await user.click(screen.getByText('Mine'));
    expect(await screen.findByText('3 offer(s)')).toBeInTheDocument();
    expect(params(router).get('filters[owner]')).toBe('mine');
    expect(params(router).get('page')).toBeNull();
    expect(listCalls().at(-1)?.query.get('filters[owned_by_me]')).toBe('true');

    await user.click(screen.getByRole('switch', { name: 'Archived' }));
    expect(await screen.findByText('There is no job offer matching your criterias')).toBeInTheDocument();
    expect(params(router).get('filters[archived]')).toBe('true');
  });

  it('reloads from page 1 500 ms after typing, and at once when the box is cleared', async () => {
    const { user, router } = renderRoutes(routes, '/jobs?page=2');
    expect(await screen.findByText('12 offer(s)')).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Search' });
    // Timed from the last keystroke the box received, not from when typing returned (later on a busy machine).
    let typedAt = 0;
    box.addEventListener('input', () => {
      typedAt = Date.now();
    });
    await user.type(box, 'offer 1');
    let searchedAt = 0;
    await waitFor(
      () => {
        expect(params(router).get('filters[search]')).toBe('offer 1');
        searchedAt ||= Date.now();
      },
      { timeout: 2000 },
    );
    expect(searchedAt - typedAt).toBeGreaterThanOrEqual(400);
    expect(await screen.findByText('4 offer(s)')).toBeInTheDocument();
    expect(params(router).get('page')).toBeNull();
    // One fetch for the typed text, none for the keystrokes before it.
    const searches = listCalls().map((call) => call.query.get('filters[search]'));
    expect(searches.filter((search) => search !== null)).toEqual(['offer 1']);

    await user.type(box, 'zzz');
    expect(
      await screen.findByText('There is no job offer matching your criterias', {}, { timeout: 2000 }),
    ).toBeInTheDocument();
    await user.clear(box);
    await waitFor(() => expect(params(router).get('filters[search]')).toBeNull(), { timeout: 100 });
    expect(await screen.findByText('12 offer(s)')).toBeInTheDocument();
  });

  it('opens the new offer form from the add button, kept in the address', async () => {
    const { user, router } = renderRoutes(routes, '/jobs');
    await user.click(screen.getByRole('button', { name: 'New job offer' }));
    // The form is a lazy chunk: it appears once loaded.
    expect(await screen.findByRole('heading', { name: 'New job offer' })).toBeInTheDocument();
    expect(params(router).get('creating')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('heading', { name: 'New job offer' })).not.toBeInTheDocument();
  });

  it('turns a card into the edit form, and back on Cancel', async () => {
    const { user } = renderRoutes(routes, '/jobs');
    await user.click(await screen.findByRole('button', { name: 'Edit Offer 2' }));
    expect(await screen.findByRole('heading', { name: 'Edit job offer' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Offer 2');
    expect(screen.queryByRole('article', { name: 'Offer 2' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('article', { name: 'Offer 2' })).toBeInTheDocument();
  });

  it('removes an archived offer from the active list', async () => {
    const { user } = renderRoutes(routes, '/jobs');
    await user.click(await screen.findByRole('button', { name: 'More actions for Offer 3' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Archive' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Offer 3' })).not.toBeInTheDocument());
    expect(api.callsTo('PATCH', '/api/job_offers/3')[0]?.body).toEqual({ job_offer: { archived: true } });
    expect(await screen.findByText('11 offer(s)')).toBeInTheDocument();
  });

  it('deletes an offer only after Ok in the confirmation', async () => {
    const { user } = renderRoutes(routes, '/jobs');
    await user.click(await screen.findByRole('button', { name: 'More actions for Offer 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    // The confirmation is a lazy chunk: it appears once loaded.
    expect(await screen.findByRole('dialog', { name: 'Delete Offer 1' })).toHaveTextContent('Are you sure?');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', '/api/job_offers/1')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'More actions for Offer 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Offer 1' })).not.toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/job_offers/1')).toHaveLength(1);
  });

  it("toasts 'The job offer could not be deleted' when the server gives no reason", async () => {
    fakeApi({
      'GET /api/job_offers': () => jsonResponse({ data: manyOffers(1), total_count: 1 }),
      'DELETE /api/job_offers/:id': () => new Response(null, { status: 500 }),
    });
    const { user } = renderRoutes(routes, '/jobs');
    await user.click(await screen.findByRole('button', { name: 'More actions for Offer 1' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    expect(await screen.findByText('The job offer could not be deleted')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Offer 1' })).toBeInTheDocument();
  });

  it("toasts 'The job offers could not be fetched', or the server's error and message", async () => {
    fakeApi({ 'GET /api/job_offers': () => new Response(null, { status: 500 }) });
    renderRoutes(routes, '/jobs');
    expect(await screen.findByText('The job offers could not be fetched')).toBeInTheDocument();
  });
});
