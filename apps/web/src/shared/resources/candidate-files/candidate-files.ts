import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CandidateFile as WireCandidateFile } from '@vivier/contract';
import { routes } from '@vivier/contract/routes';
import { call, callStream, pathOf } from '../../api/call';
import type { Camelize } from '../../api/case';
import { withErrorToast } from '../../api/notify-error';
import { refetchAfterWrite } from '../../api/query-client';
import { uploadFile } from '../../api/upload-file';
import { i18n } from '../../i18n/i18n';

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

/** POST /candidates/{id}/files as multipart/form-data. */
const uploadCandidateFile = (candidateId: number, file: File) =>
  uploadFile<CandidateFile>(pathOf(routes.candidateFiles.upload, { id: candidateId }), file);

/** Every change to a candidate's files refreshes their list. */
function useFileMutation<I>(candidateId: number, run: (input: I) => Promise<unknown>, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => withErrorToast(() => run(input), i18n.t(failure)),
    onSuccess: () => refetchAfterWrite(queryClient, { queryKey: candidateFileKeys.list(candidateId) }),
  });
}

export const useUploadCandidateFile = (candidateId: number) =>
  useFileMutation(
    candidateId,
    (file: File) => uploadCandidateFile(candidateId, file),
    'candidateFiles.uploadFailed',
  );

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
