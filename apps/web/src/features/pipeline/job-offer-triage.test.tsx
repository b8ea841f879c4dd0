import { fireEvent, screen, waitFor, within } from '@testing-library/react';
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

const routes = [{ path: '/jobs/:jobId', element: <JobOfferScreen /> }];

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // jsdom has no FontFaceSet; Mantine's autosizing text area (the rejection prompt's) listens to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

/** Hired is marked rejected here, so a move to it asks why (decision 171). */
function triageApi() {
  return fakeApi({
    'GET /api/job_offers/1': () => jsonResponse(wireJobOffer()),
    'GET /api/job_offers/1/job_applications': ({ query }) => {
      const status = query.get('filters[with_status_id]');
      return pageAnswer(
        status ? wireApplications.filter((a) => String(a.status_id) === status) : wireApplications,
      );
    },
    'GET /api/candidates/:id': ({ path }) => {
      const id = Number(path.split('/').at(-1));
      const application = wireApplications.find((a) => a.candidate_id === id);
      return jsonResponse(wireCandidate({ ...application?.candidate, id }));
    },
    'GET /api/candidates/:id/job_applications': () => pageAnswer([]),
    'GET /api/statuses': () =>
      jsonResponse({
        data: wireStatuses.map(({ candidates_count: _, ...s }) => ({ ...s, rejected: s.id === 13 })),
        total_count: wireStatuses.length,
      }),
    'GET /api/rejection_reasons': () => jsonResponse({ data: [] }),
    'PATCH /api/job_applications/:id': ({ path, body }) => {
      const id = Number(path.split('/').at(-1));
      const moved = wireApplications.find((a) => a.id === id);
      return jsonResponse(wireApplication(id, (body as { status_id: number }).status_id, moved?.candidate));
    },
    'PATCH /api/job_offers/1/job_applications': ({ body }) =>
      jsonResponse({ updated: (body as { job_application_ids: number[] }).job_application_ids.length }),
  });
}

const press = (key: string, init: KeyboardEventInit = {}) =>
  fireEvent.keyDown(document.activeElement ?? document.body, { key, ...init });
const panelHeading = async (name: string) =>
  within(await screen.findByRole('region', { name: 'Candidate details' })).findByRole('heading', { name });

/** The screen's live region (the panel's loaders are statuses too, each named by what it loads). */
const liveRegion = () => screen.getByRole('status', { name: '' });

describe('keyboard triage on the job offer screen (issue 28)', { timeout: 20_000 }, () => {
  it('walks the list with j and k: the panel follows, the row takes the focus, the next one is fetched ahead', async () => {
    const api = triageApi();
    renderRoutes(routes, '/jobs/1');
    await screen.findByRole('list', { name: 'Candidates' });
    press('j');
    expect(await panelHeading('Ada Lovelace')).toBeInTheDocument();
    const ada = screen.getByRole('button', { name: /Ada Lovelace/, pressed: true });
    await waitFor(() => expect(ada).toHaveFocus());
    // Grace, the next one, is fetched before j asks for her.
    await waitFor(() => expect(api.callsTo('GET', '/api/candidates/20')).toHaveLength(1));
    press('j');
    expect(await panelHeading('Grace Hopper')).toBeInTheDocument();
    press('k');
    expect(await panelHeading('Ada Lovelace')).toBeInTheDocument();
  });

  it('crosses to the next page after its last row, and back with k', async () => {
    const many = Array.from({ length: 12 }, (_, i) =>
      wireApplication(i + 1, 11, { first_name: `P${i}`, last_name: 'Row', full_name: `P${i} Row` }),
    );
    fakeApi({
      'GET /api/job_offers/1': () => jsonResponse(wireJobOffer()),
      'GET /api/job_offers/1/job_applications': ({ query }) => {
        const page = Number(query.get('page') ?? '1');
        return pageAnswer(many.slice((page - 1) * 10, page * 10), many.length);
      },
      'GET /api/candidates/:id': ({ path }) => {
        const id = Number(path.split('/').at(-1));
        const row = many.find((a) => a.candidate_id === id);
        return jsonResponse(wireCandidate({ ...row?.candidate, id }));
      },
      'GET /api/candidates/:id/job_applications': () => pageAnswer([]),
    });
    const { router } = renderRoutes(routes, '/jobs/1?candidate=100');
    await panelHeading('P9 Row');
    press('j');
    expect(await panelHeading('P10 Row')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2');
    press('k');
    expect(await panelHeading('P9 Row')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
  });

  it('walks the board column by column in pipeline order', async () => {
    triageApi();
    renderRoutes(routes, '/jobs/1?view=board');
    const board = await screen.findByRole('group', { name: 'Pipeline board' });
    await within(board).findByRole('button', { name: /Grace Hopper/ });
    await within(board).findByRole('button', { name: /Alan Turing/ });
    press('j');
    expect(await panelHeading('Ada Lovelace')).toBeInTheDocument();
    press('j');
    expect(await panelHeading('Alan Turing')).toBeInTheDocument();
    press('j');
    expect(await panelHeading('Grace Hopper')).toBeInTheDocument();
    press('x');
    expect(await within(board).findByText('Selected')).toBeInTheDocument();
  });

  it('moves with a digit, says so, and undoes the move from its toast', async () => {
    const api = triageApi();
    renderRoutes(routes, '/jobs/1');
    await screen.findByRole('list', { name: 'Candidates' });
    press('j');
    await panelHeading('Ada Lovelace');
    press('2');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/job_applications/1')[0]?.body).toEqual({ status_id: 12 }),
    );
    expect(await screen.findByText('Moved to Interview.')).toBeInTheDocument();
    expect(liveRegion()).toHaveTextContent('Ada Lovelace moved to Interview.');
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/job_applications/1')[1]?.body).toEqual({ status_id: 11 }),
    );
    expect(await screen.findByText('Move undone.')).toBeInTheDocument();
    // `u` undoes the last move while its toast shows, without reaching for the mouse.
    press('j');
    await panelHeading('Grace Hopper');
    press('1');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/job_applications/2')[0]?.body).toEqual({ status_id: 11 }),
    );
    await screen.findByText('Moved to Applied.');
    press('u');
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/job_applications/2')[1]?.body).toEqual({ status_id: 12 }),
    );
  });

  it('asks why before a digit moves a candidate to a status marked rejected', async () => {
    const api = triageApi();
    const { user } = renderRoutes(routes, '/jobs/1');
    await screen.findByRole('list', { name: 'Candidates' });
    press('j');
    await panelHeading('Ada Lovelace');
    await waitFor(() => expect(api.callsTo('GET', '/api/statuses')).toHaveLength(1));
    press('3');
    const prompt = await screen.findByRole('dialog');
    expect(api.callsTo('PATCH', '/api/job_applications/1')).toHaveLength(0);
    // The screen's keys wait while the prompt is open.
    press('j');
    await user.type(within(prompt).getByRole('textbox', { name: /Details|free text|text/i }), 'Too far');
    await user.click(within(prompt).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/job_applications/1')[0]?.body).toEqual({
        status_id: 13,
        rejection: { text: 'Too far' },
      }),
    );
    expect(await panelHeading('Ada Lovelace')).toBeInTheDocument();
  });

  it('selects with x and shift+j, and moves the selection with m then a digit in one call', async () => {
    const api = triageApi();
    renderRoutes(routes, '/jobs/1');
    await screen.findByRole('list', { name: 'Candidates' });
    press('j');
    await panelHeading('Ada Lovelace');
    press('x');
    expect(screen.getByRole('checkbox', { name: 'Select Ada Lovelace' })).toBeChecked();
    expect(liveRegion()).toHaveTextContent('Ada Lovelace selected, 1 in the selection.');
    press('J', { shiftKey: true });
    expect(await screen.findByRole('checkbox', { name: 'Select Grace Hopper' })).toBeChecked();
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    await panelHeading('Grace Hopper');
    press('K', { shiftKey: true });
    await panelHeading('Ada Lovelace');
    expect(screen.getByText('2 selected')).toBeInTheDocument();
    press('j');
    await panelHeading('Grace Hopper');
    press('J', { shiftKey: true });
    expect(await screen.findByRole('checkbox', { name: 'Select Alan Turing' })).toBeChecked();
    press('m');
    const dialog = await screen.findByRole('dialog', { name: 'Move 3 selected candidates' });
    fireEvent.keyDown(dialog, { key: '2' });
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/job_offers/1/job_applications')[0]?.body).toEqual({
        status_id: 12,
        job_application_ids: [1, 3],
      }),
    );
    // Grace was already in Interview: Ada and Alan moved.
    await waitFor(() => expect(liveRegion()).toHaveTextContent('2 candidates moved to Interview.'));
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
    expect(screen.queryByText('3 selected')).not.toBeInTheDocument();
  });

  it('leaves keys typed in a text field alone; / reaches the search box and ? lists every key in French', async () => {
    const api = triageApi();
    const { user } = renderRoutes(routes, '/jobs/1');
    await screen.findByRole('list', { name: 'Candidates' });
    press('/');
    const search = screen.getByRole('searchbox', { name: 'Search a candidate' });
    expect(search).toHaveFocus();
    await user.type(search, 'jk2x');
    expect(search).toHaveValue('jk2x');
    expect(screen.getByRole('region', { name: 'Candidate details' })).toHaveTextContent(
      'Select a candidate to see the details.',
    );
    expect(api.callsTo('PATCH', '/api/job_applications/1')).toHaveLength(0);
    search.blur();
    await i18n.changeLanguage('fr');
    press('?', { shiftKey: true });
    const help = await screen.findByRole('dialog', { name: 'Raccourcis clavier' });
    for (const text of [
      'Candidat suivant (le détail suit)',
      'Ajouter une note au candidat',
      'Déplacer les candidats sélectionnés',
    ]) {
      expect(within(help).getByText(text)).toBeInTheDocument();
    }
    expect(within(help).getAllByRole('row')).toHaveLength(14);
  });
});
