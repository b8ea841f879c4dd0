import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { jsonResponse, sessionUser } from '../../../test/fixtures';
import { renderRoutes } from '../../../test/router';
import { useAppStore } from '../../store/app-store';
import { CandidateFiles } from './candidate-files';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  useAppStore.getState().setUser({ ...sessionUser(), role: 'user' });
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
const wireFile = (id: number, over: object = {}) => ({
  id,
  candidate_id: 100,
  name: `file-${id}.pdf`,
  size: 34_000,
  media_type: 'application/pdf',
  is_cv: false,
  text_state: 'done',
  uploader: { id: 1, name: 'Ada Lovelace' },
  created_at: hoursAgo(2),
  ...over,
});

function filesApi(
  files = [wireFile(2, { is_cv: true }), wireFile(1, { uploader: { id: 9, name: 'Ana Silva' } })],
) {
  return fakeApi({
    'GET /api/candidates/100/files': () => jsonResponse({ data: files }),
    'POST /api/candidates/100/files': () => jsonResponse(wireFile(3), 201),
    'PUT /api/candidates/100/files/:fileId/cv': () => jsonResponse(wireFile(1, { is_cv: true })),
    'DELETE /api/candidates/100/files/:fileId': () => new Response(null, { status: 204 }),
    'GET /api/candidates/100/files/:fileId/preview': () =>
      new Response('<!doctype html><p>Grace Hopper</p>', {
        headers: { 'content-type': 'text/html; charset=utf-8' },
      }),
  });
}

const renderFiles = () => renderRoutes([{ path: '/', element: <CandidateFiles candidateId={100} /> }], '/');

describe("a candidate's files", { timeout: 20_000 }, () => {
  it('lists each file with its size, who and when, and the CV marked', async () => {
    filesApi();
    renderFiles();
    expect(await screen.findByRole('button', { name: 'Download file-2.pdf' })).toBeInTheDocument();
    expect(screen.getByText('CV')).toBeInTheDocument();
    expect(screen.getByText('34 kB · Ana Silva · 2 hours ago')).toBeInTheDocument();
    // Only the uploader (or an admin) is offered deletion: Ada uploaded file 2, not file 1.
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Delete file-2.pdf' })).toBeInTheDocument();
    // The CV is not offered to be marked again.
    expect(screen.getAllByRole('button', { name: /^Mark as CV/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Mark as CV: file-1.pdf' })).toBeInTheDocument();
  });

  it('marks a file as the CV and deletes one after confirming', async () => {
    const api = filesApi();
    const { user } = renderFiles();
    await user.click(await screen.findByRole('button', { name: 'Mark as CV: file-1.pdf' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/candidates/100/files/1/cv')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Delete file-2.pdf' }));
    expect(api.callsTo('DELETE', '/api/candidates/100/files/2')).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/api/candidates/100/files/2')).toHaveLength(1));
  });

  it('uploads a dropped file as multipart form data', async () => {
    const api = filesApi([]);
    const { user, container } = renderFiles();
    expect(await screen.findByText('No file yet')).toBeInTheDocument();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['%PDF-1.4'], 'cv.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/candidates/100/files')).toHaveLength(1));
    const sent = api.fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1];
    const form = sent?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('cv.pdf');
    expect(new Headers(sent?.headers).get('authorization')).toMatch(/^Bearer /);
  });

  it('says which files are being read and which could not be', async () => {
    filesApi([wireFile(2, { text_state: 'pending' }), wireFile(1, { text_state: 'failed' })]);
    renderFiles();
    expect(await screen.findByText('Reading the text…')).toBeInTheDocument();
    expect(screen.getByText('Could not read the text')).toBeInTheDocument();
  });

  it('previews a document in a sandboxed frame inside a modal', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
    );
    const api = filesApi([wireFile(1, { name: 'cv.docx' })]);
    const { user } = renderFiles();
    await user.click(await screen.findByRole('button', { name: 'Preview cv.docx' }));
    const frame = await screen.findByTitle('Preview cv.docx');
    expect(api.callsTo('GET', '/api/candidates/100/files/1/preview')).toHaveLength(1);
    expect(frame.getAttribute('src')).toBe('blob:preview');
    // HTML is framed with every sandbox restriction: no script, an opaque origin.
    expect(frame.getAttribute('sandbox')).toBe('');
  });
});
