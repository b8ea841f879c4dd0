import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store';
import { type FakeCall, fakeApi } from '../../../test/fake-api';
import { jsonResponse, wireJobOffer, wireStatuses } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { ExportScreen } from './export-screen';

const offer = wireJobOffer();

const HEADER = '\uFEFFFull name;First name\r\n';
const FILE = `${HEADER}"Zoé ""Z"" L";"Ingénieure\r\nsenior"\r\nAda;Lovelace\r\n`;
const encoder = new TextEncoder();

/** An export answer sending `parts` one chunk at a time, the next when `release` is called. */
function streamedExport(parts: string[], total: number, format = 'csv_semicolumn') {
  let release: () => void = () => {};
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const part = parts[i++];
      if (part === undefined) return controller.close();
      if (i > 1) await new Promise<void>((resolve) => (release = resolve));
      controller.enqueue(encoder.encode(part));
    },
  });
  const response = new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="acme_backend-developer_2026-11-22.csv"',
      'X-Total-Count': String(total),
      'X-Export-Format': format,
    },
  });
  return { response, release: () => release() };
}

const routes = [
  { path: '/jobs/:jobId', element: <p>Offer screen</p> },
  { path: '/jobs/:jobId/export', element: <ExportScreen /> },
];

function api(
  exportAnswer: () => Response,
  statusChange: (call: FakeCall) => Response = () => jsonResponse({}),
) {
  return fakeApi({
    'GET /api/job_offers/1': () => jsonResponse(offer),
    // Hired is marked rejected here, so a change to it asks why (decision 228).
    'GET /api/statuses': () =>
      jsonResponse({
        data: wireStatuses.map(({ candidates_count: _, ...s }) => ({ ...s, rejected: s.id === 13 })),
        total_count: wireStatuses.length,
      }),
    'GET /api/rejection_reasons': () => jsonResponse({ data: [] }),
    'GET /api/job_offers/1/export': exportAnswer,
    'POST /api/job_offers/1/export/status_change': statusChange,
  });
}

/** The files handed to the browser: their text (BOM kept) and download name. */
let saved: { text: Promise<string>; name: string }[];
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // jsdom has no FontFaceSet; Mantine's autosizing text area (the rejection prompt's) listens to it.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
  saved = [];
  let lastBlob: Blob | undefined;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:export';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) {
      const text = lastBlob
        .arrayBuffer()
        .then((bytes) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes));
      saved.push({ text, name: this.download });
    }
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Exports every status, asking to move the exported candidates to `status` afterwards. */
async function exportMovingTo(status: string) {
  const { user, router } = renderRoutes(routes, '/jobs/1/export');
  await user.click(await screen.findByRole('checkbox', { name: 'Change candidates status after export' }));
  await user.click(screen.getByRole('combobox', { name: 'New status' }));
  await user.click(await screen.findByRole('option', { name: status }));
  await user.click(screen.getByRole('button', { name: 'Export' }));
  return { user, router };
}

describe('the export screen', { timeout: 20_000 }, () => {
  it('preselects every status on entry; the new status is chosen only with the box ticked', async () => {
    api(() => streamedExport([FILE], 2).response);
    const { user } = renderRoutes(routes, '/jobs/1/export');
    expect(await screen.findByRole('checkbox', { name: 'Applied (2)' })).toBeChecked();
    expect(screen.getByRole('heading', { name: 'Export candidates' })).toBeVisible();
    expect(screen.getByRole('checkbox', { name: 'Interview (1)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Hired (0)' })).toBeChecked();
    expect(useAppStore.getState().context.selectedStatuses).toEqual([11, 12, 13]);
    expect(screen.getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute(
      'aria-valuenow',
      '0',
    );
    const newStatus = screen.getByRole('combobox', { name: 'New status' });
    expect(newStatus).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Change candidates status after export' }));
    expect(newStatus).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeDisabled();
    await user.click(newStatus);
    await user.click(await screen.findByRole('option', { name: 'Hired' }));
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it('downloads the file as it streams, the bar moving with the rows, then says how many and goes back', async () => {
    const { response, release } = streamedExport([`${HEADER}Ada;Lovelace\r\n`, 'Zoé;L\r\n'], 2);
    const calls = api(() => response);
    const { user, router } = renderRoutes(routes, '/jobs/1/export');
    await user.click(await screen.findByRole('checkbox', { name: 'Hired (0)' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const bar = screen.getByRole('progressbar', { name: 'Export progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '50'));
    release();
    expect(await screen.findByText('2 element(s) exported')).toBeVisible();
    expect(router.state.location.pathname).toBe('/jobs/1');
    const [request] = calls.callsTo('GET', '/api/job_offers/1/export');
    expect(request?.query.getAll('statuses[]')).toEqual(['11', '12']);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toBe('acme_backend-developer_2026-11-22.csv');
    expect(await saved[0]?.text).toBe(`${HEADER}Ada;Lovelace\r\nZoé;L\r\n`);
    // The export screen stays mounted until the lazy job offer screen has loaded; leaving it clears them.
    await waitFor(() => expect(useAppStore.getState().context.selectedStatuses).toEqual([]));
    expect(useAppStore.getState().exportProgress).toBeNull();
  });

  it('counts rows whose cells hold line breaks and quotes once each', async () => {
    api(() => streamedExport([FILE], 2).response);
    const { user } = renderRoutes(routes, '/jobs/1/export');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    expect(await screen.findByText('2 element(s) exported')).toBeVisible();
  });

  it('then moves the exported statuses to the chosen one and says so', async () => {
    const calls = api(
      () => streamedExport([FILE], 2).response,
      () => jsonResponse({ updated_count: 3 }),
    );
    const { router } = await exportMovingTo('Interview');
    expect(
      await screen.findByText('2 element(s) exported. statuses were updated to "Interview"'),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe('/jobs/1');
    expect(calls.callsTo('POST', '/api/job_offers/1/export/status_change')[0]?.body).toEqual({
      status_id: 12,
      statuses: [11, 12, 13],
    });
  });

  it('asks why before the file is made when the chosen status is marked rejected, and sends the answer', async () => {
    const calls = api(
      () => streamedExport([FILE], 2).response,
      () => jsonResponse({ updated_count: 3 }),
    );
    const { user, router } = await exportMovingTo('Hired');
    const prompt = await screen.findByRole('dialog', { name: 'Why are these 3 candidates rejected?' });
    expect(calls.callsTo('GET', '/api/job_offers/1/export')).toHaveLength(0);
    expect(within(prompt).getByRole('button', { name: 'Reject' })).toBeDisabled();
    await user.type(within(prompt).getByRole('textbox', { name: /^Details/ }), 'Position filled');
    await user.click(within(prompt).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('2 element(s) exported. statuses were updated to "Hired"')).toBeVisible();
    expect(router.state.location.pathname).toBe('/jobs/1');
    expect(calls.callsTo('POST', '/api/job_offers/1/export/status_change')[0]?.body).toEqual({
      status_id: 13,
      statuses: [11, 12, 13],
      rejection: { text: 'Position filled' },
    });
  });

  it('exports nothing when the reason is not given', async () => {
    const calls = api(() => streamedExport([FILE], 2).response);
    const { user, router } = await exportMovingTo('Hired');
    const prompt = await screen.findByRole('dialog', { name: 'Why are these 3 candidates rejected?' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.callsTo('GET', '/api/job_offers/1/export')).toHaveLength(0);
    expect(saved).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/jobs/1/export');
  });

  it('when the status change fails: its error, no success message, and the user stays', async () => {
    api(
      () => streamedExport([FILE], 2).response,
      () => new Response(null, { status: 500 }),
    );
    const { router } = await exportMovingTo('Interview');
    expect(await screen.findByText('The job applications could not be updated')).toBeVisible();
    expect(screen.queryByText(/element\(s\) exported/)).toBeNull();
    expect(router.state.location.pathname).toBe('/jobs/1/export');
    expect(saved).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled();
  });

  it("says 'Cannot export an empty job offer !' for zero rows or zero statuses, and saves nothing", async () => {
    const calls = api(() => streamedExport([HEADER], 0).response);
    const { user, router } = renderRoutes(routes, '/jobs/1/export');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    expect(await screen.findByText('Cannot export an empty job offer !')).toBeVisible();
    expect(saved).toEqual([]);
    expect(router.state.location.pathname).toBe('/jobs/1/export');
    await user.click(screen.getByRole('button', { name: 'None' }));
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(calls.callsTo('GET', '/api/job_offers/1/export')).toHaveLength(1);
  });

  it('keeps other export failures to the console and stays', async () => {
    api(() => jsonResponse({ error: 'internal_error', message: 'An internal error occurred' }, 500));
    const { user, router } = renderRoutes(routes, '/jobs/1/export');
    await user.click(await screen.findByRole('button', { name: 'Export' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Export' })).toBeEnabled());
    expect(console.error).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/internal/)).toBeNull();
    expect(saved).toEqual([]);
    expect(router.state.location.pathname).toBe('/jobs/1/export');
  });
});
