import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { type FakeCall, fakeApi, listAnswer } from '../../../test/fake-api';
import { jsonResponse, wireJobOffer } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { CopyScreen } from './copy-screen';

const statuses = [
  { id: 12, index: 1, name: 'Interview', color: 'f08c00', candidates_count: 1 },
  { id: 11, index: 0, name: 'Applied', color: '1c7ed6', candidates_count: 2 },
  { id: 13, index: 2, name: 'Hired', color: '2f9e44', candidates_count: 0 },
];

const offer = (id: number, name: string, company: string | null = 'Acme') =>
  wireJobOffer({
    id,
    name,
    company_id: company ? 5 : null,
    company: company ? { id: 5, name: company } : null,
    summary: { statuses },
  });

const routes = [
  { path: '/jobs/:jobId', element: <p>Offer screen</p> },
  { path: '/jobs/:jobId/copy', element: <CopyScreen /> },
];

function api(copy: (call: FakeCall) => Response = () => jsonResponse({})) {
  return fakeApi({
    'GET /api/job_offers/1': () => jsonResponse(offer(1, 'Backend developer')),
    'GET /api/job_offers': ({ query }) => {
      const search = (query.get('filters[search]') ?? '').toLowerCase();
      const all = [
        offer(1, 'Backend developer'),
        offer(2, 'Data engineer', 'Globex'),
        offer(3, 'Designer', null),
      ];
      return listAnswer(
        all.filter((o) => `${o.name} ${o.company?.name ?? ''}`.toLowerCase().includes(search)),
      );
    },
    'GET /api/companies': () => listAnswer([{ id: 7, name: 'Initech' }]),
    'POST /api/job_offers/1/copy': copy,
  });
}

beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}));

// Whole flows through Mantine's comboboxes: more than the default 5 s on a shared 2-core machine.
describe('the copy screen', { timeout: 20_000 }, () => {
  it('names the source with a link back, lists its statuses in order with counts, and copies nothing at zero', async () => {
    api();
    const { user, router } = renderRoutes(routes, '/jobs/1/copy');
    expect(await screen.findByRole('checkbox', { name: 'Applied (2)' })).not.toBeChecked();
    expect(screen.getByRole('heading', { name: 'Copy candidates into another job offer' })).toBeVisible();
    // Pipeline order, whatever the order the summary came in.
    expect(screen.getAllByRole('checkbox').map((box) => box.getAttribute('value'))).toEqual([
      '11',
      '12',
      '13',
    ]);
    const copy = screen.getByRole('button', { name: 'Copy' });
    expect(copy).toBeDisabled();
    expect(screen.getByText('0 candidate(s) selected')).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Hired (0)' }));
    expect(copy).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Applied (2)' }));
    await user.click(screen.getByRole('checkbox', { name: 'Interview (1)' }));
    expect(screen.getByText('3 candidate(s) selected')).toBeVisible();
    expect(copy).toBeEnabled();
    await user.click(screen.getByRole('link', { name: 'Backend developer' }));
    expect(router.state.location.pathname).toBe('/jobs/1');
  });

  it("stops with 'Please select a job offer or create a new one' when no destination is chosen", async () => {
    const calls = api();
    const { user } = renderRoutes(routes, '/jobs/1/copy');
    await user.click(await screen.findByRole('checkbox', { name: 'Applied (2)' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Please select a job offer or create a new one')).toBeVisible();
    expect(calls.callsTo('POST', '/api/job_offers/1/copy')).toEqual([]);
  });

  it('copies into an existing offer (the new-offer side disabled), toasts the counts and opens it', async () => {
    const calls = api(() =>
      jsonResponse({ ok: [101, 102], duplicates: [103], job_offer: offer(2, 'Data engineer', 'Globex') }),
    );
    const { user, router } = renderRoutes(routes, '/jobs/1/copy');
    await user.click(await screen.findByRole('checkbox', { name: 'Applied (2)' }));
    const existing = screen.getByRole('combobox', { name: 'Select an existing job offer' });
    await user.click(existing);
    // The source is never offered as its own destination.
    expect(await screen.findByRole('option', { name: 'Designer (No company)' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Backend developer/ })).toBeNull();
    await user.type(existing, 'glob');
    await waitFor(() => expect(screen.queryByRole('option', { name: /Designer/ })).toBeNull());
    await user.click(screen.getByRole('option', { name: 'Data engineer (Globex)' }));
    expect(existing).toHaveValue('Data engineer (Globex)');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('2 element(s) copied, 1 duplicate(s) excluded')).toBeVisible();
    expect(router.state.location.pathname).toBe('/jobs/2');
    expect(calls.callsTo('POST', '/api/job_offers/1/copy')[0]?.body).toEqual({
      from_status: [11],
      dest: { id: 2 },
    });
    // Leaving the screen clears the selected statuses (SPEC section 4).
    expect(useAppStore.getState().context.selectedStatuses).toEqual([]);
  });

  it('copies into a new offer with its name and company (the existing side disabled)', async () => {
    const calls = api(() =>
      jsonResponse({ ok: [101], duplicates: [], job_offer: offer(9, 'Shortlist', 'Initech') }),
    );
    const { user, router } = renderRoutes(routes, '/jobs/1/copy');
    await user.click(await screen.findByRole('checkbox', { name: 'Interview (1)' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Shortlist');
    expect(screen.getByRole('combobox', { name: 'Select an existing job offer' })).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Company' }));
    await user.click(await screen.findByRole('option', { name: 'Initech' }));
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('1 element(s) copied, 0 duplicate(s) excluded')).toBeVisible();
    expect(router.state.location.pathname).toBe('/jobs/9');
    expect(calls.callsTo('POST', '/api/job_offers/1/copy')[0]?.body).toEqual({
      from_status: [12],
      dest: { name: 'Shortlist', company_id: 7 },
    });
  });

  it("toasts 'Error during copy' with the server's reason once on failure, and stays", async () => {
    api(() => jsonResponse({ error: 'forbidden', message: 'Only the manager can change it' }, 403));
    const { user, router } = renderRoutes(routes, '/jobs/1/copy');
    await user.click(await screen.findByRole('checkbox', { name: 'Applied (2)' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Nope');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await screen.findByText('Error during copy: you are not allowed to do this')).toBeVisible();
    expect(screen.queryByText(/could not be copied/)).toBeNull();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/jobs/1/copy');
    expect(useAppStore.getState().context.selectedStatuses).toEqual([11]);
  });

  it("shows 'Not found' under the title when the source cannot be read", async () => {
    fakeApi({
      'GET /api/job_offers/4': () =>
        jsonResponse({ error: 'not_found', message: 'Job offer not found' }, 404),
    });
    renderRoutes([{ path: '/jobs/:jobId/copy', element: <CopyScreen /> }], '/jobs/4/copy');
    expect(await screen.findByRole('heading', { name: 'Not found' })).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Copy candidates into another job offer' })).toBeVisible();
  });
});
