import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CandidateFile as WireCandidateFile } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { ApiError } from '../../api/api-error';
import { forceHttps, joinUrl } from '../../api/base-url';
import { call, callStream, pathOf } from '../../api/call';
import { type Camelize, toCamelCase } from '../../api/case';
import { withErrorToast } from '../../api/notify-error';
import { mainBaseUrl } from '../../api/services';
import { freshJwt } from '../../api/token-refresh';
import { i18n } from '../../i18n/i18n';
import { logout } from '../../session/logout';
import { useAppStore } from '../../store/app-store';

/** A file on a candidate (issue 22, decision 184). */
export type CandidateFile = Camelize<WireCandidateFile>;

export const candidateFileKeys = {
  list: (candidateId: number) => ['candidate-files', candidateId] as const,
};

/** While a file's text is being read (decision 186) the list is asked again every few seconds. */
const READING_POLL_MS = 3000;

/** GET /candidates/{id}/files. */
export const useCandidateFiles = (candidateId: number) =>
  useQuery({
    queryKey: candidateFileKeys.list(candidateId),
    refetchInterval: (query) =>
      query.state.data?.some((file) => file.textState === 'pending') ? READING_POLL_MS : false,
    queryFn: () =>
      withErrorToast(
        async () => (await call(routes.candidateFiles.list, { params: { id: candidateId } })).data,
        i18n.t('candidateFiles.fetchFailed'),
      ),
  });

/**
 * POST /candidates/{id}/files as multipart/form-data (the JSON client sends JSON only). No 5-second timeout: a
 * 10 MB file on a slow line takes longer; the browser's own network errors still end it.
 */
async function uploadFile(candidateId: number, file: File): Promise<CandidateFile> {
  const base = mainBaseUrl();
  if (!base) throw new ApiError('route', 'No base URL');
  const url = joinUrl(forceHttps(base), pathOf(routes.candidateFiles.upload, { id: candidateId }));
  const jwt = await freshJwt();
  const form = new FormData();
  form.append('file', file, file.name);
  const store = useAppStore.getState();
  store.requestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { Accept: 'application/json', ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}) },
        body: form,
      });
    } catch (cause) {
      throw new ApiError('network', cause instanceof Error ? cause.message : 'Network Error', { url });
    }
    const data: unknown = toCamelCase(await response.json().catch(() => ({})));
    if (!response.ok) {
      if (response.status === 401 && jwt) logout();
      throw new ApiError('http', `Request failed with status code ${response.status}`, {
        status: response.status,
        body: data && typeof data === 'object' ? (data as Record<string, unknown>) : {},
        url,
      });
    }
    return data as CandidateFile;
  } finally {
    useAppStore.getState().requestEnded();
  }
}

/** Every change to a candidate's files refreshes their list. */
function useFileMutation<I>(candidateId: number, run: (input: I) => Promise<unknown>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => withErrorToast(() => run(input), i18n.t(failure)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: candidateFileKeys.list(candidateId) }),
  });
}

export const useUploadCandidateFile = (candidateId: number) =>
  useFileMutation(candidateId, (file: File) => uploadFile(candidateId, file), 'candidateFiles.uploadFailed');

/** DELETE /candidates/{id}/files/{fileId}. */
export const useDeleteCandidateFile = (candidateId: number) =>
  useFileMutation(
    candidateId,
    (fileId: number) => call(routes.candidateFiles.remove, { params: { id: candidateId, fileId } }),
    'candidateFiles.deleteFailed',
  );

/** PUT /candidates/{id}/files/{fileId}/cv. */
export const useMarkCv = (candidateId: number) =>
  useFileMutation(
    candidateId,
    (fileId: number) => call(routes.candidateFiles.markCv, { params: { id: candidateId, fileId } }),
    'candidateFiles.markFailed',
  );

/**
 * GET /candidates/{id}/files/{fileId}, with the session's token (a plain link would carry none), then handed to
 * the browser as a download under the name the list shows.
 */
export const downloadCandidateFile = (file: CandidateFile) =>
  withErrorToast(async () => {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    await callStream(
      routes.candidateFiles.download,
      { onChunk: (chunk) => chunks.push(new Uint8Array(chunk)) },
      { params: { id: file.candidateId, fileId: file.id } },
    );
    const url = URL.createObjectURL(new Blob(chunks, { type: file.mediaType }));
    const link = document.createElement('a');
    link.href = url;
    link.download = file.name;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    // The download has started from the URL; give the browser a moment before releasing it.
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }, i18n.t('candidateFiles.downloadFailed'));

/**
 * GET /candidates/{id}/files/{fileId}/preview with the session's token, as a blob: URL to frame (decision 186):
 * the PDF itself, or the server's sanitised HTML of a DOCX or ODT, or text. The caller revokes the URL.
 */
export const fetchCandidateFilePreview = (file: CandidateFile) =>
  withErrorToast(async () => {
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    const { headers } = await callStream(
      routes.candidateFiles.preview,
      { onChunk: (chunk) => chunks.push(new Uint8Array(chunk)) },
      { params: { id: file.candidateId, fileId: file.id } },
    );
    const type = headers.get('content-type') ?? 'text/plain';
    return { url: URL.createObjectURL(new Blob(chunks, { type })), type };
  }, i18n.t('candidateFiles.previewFailed'));
