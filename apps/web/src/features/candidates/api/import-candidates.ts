import { forceHttps, joinUrl, serializeQuery } from '@vivier/client/core';
import type { ImportEncoding, ImportField } from '@vivier/contract';
import type { CsvDelimiter } from '@vivier/contract/csv';
import { ApiError } from '../../../shared/api/api-error';
import { toCamelCase } from '../../../shared/api/case';
import { mainBaseUrl } from '../../../shared/api/services';
import { freshJwt } from '../../../shared/api/token-refresh';
import type { ImportProgressLine } from '../../../shared/resources/candidates/candidate';
import { logout } from '../../../shared/session/logout';
import { useAppStore } from '../../../shared/store/app-store';

/** The import answers a line per batch; it is given up when none comes for this long. */
export const IMPORT_IDLE_TIMEOUT_MS = 60_000;

export type ImportMapping = Partial<Record<ImportField, number[]>>;
export type { CsvDelimiter } from '@vivier/contract/csv';

export type { ImportProgressLine } from '../../../shared/resources/candidates/candidate';

/**
 * POST /candidates/import with the file's bytes as the body and their encoding in the query (beyond SPEC
 * section 7; contract: candidate-import.ts).
 * The answer is read as it streams: `onLine` gets each batch line (progress and row reports) and the last one.
 * Unlike the 5000 ms calls of SPEC section 7, an import takes as long as the file needs: it is given up only
 * when no line arrives for IMPORT_IDLE_TIMEOUT_MS. Errors are ApiErrors like every other call's.
 */
export async function importCandidates(
  file: { bytes: ArrayBuffer; encoding: ImportEncoding; delimiter: CsvDelimiter },
  mapping: ImportMapping,
  onLine: (line: ImportProgressLine) => void,
): Promise<void> {
  const base = mainBaseUrl();
  if (!base) throw new ApiError('route', 'No base URL');
  const { delimiter, encoding } = file;
  const query = serializeQuery({ mapping, delimiter: delimiter === '\t' ? 'tab' : delimiter, encoding });
  const url = `${joinUrl(forceHttps(base), '/candidates/import')}?${query}`;
  const jwt = await freshJwt();
  const store = useAppStore.getState();
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), IMPORT_IDLE_TIMEOUT_MS);
  const alive = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), IMPORT_IDLE_TIMEOUT_MS);
  };
  store.requestStarted();
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        Accept: 'application/x-ndjson, application/json',
        'Content-Type': 'text/csv',
        ...(jwt ? { Authorization: `Bearer ${jwt}` } : {}),
      },
      // The file's own bytes: the server decodes them with the encoding the person saw in the preview.
      body: new Blob([file.bytes], { type: 'text/csv' }),
      signal: controller.signal,
    });
    if (!response.ok) throw await httpError(response, url, Boolean(jwt));
    if (!response.body) throw new ApiError('network', 'Empty answer', { url });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      alive();
      buffer += value;
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) onLine(toCamelCase(JSON.parse(line)) as ImportProgressLine);
    }
    if (buffer.trim()) onLine(toCamelCase(JSON.parse(buffer)) as ImportProgressLine);
  } catch (error) {
    const failure =
      error instanceof ApiError
        ? error
        : controller.signal.aborted
          ? new ApiError('timeout', `No answer for ${IMPORT_IDLE_TIMEOUT_MS}ms`, { url })
          : new ApiError('network', error instanceof Error ? error.message : 'Network Error', { url });
    useAppStore.getState().recordError(failure);
    throw failure;
  } finally {
    clearTimeout(timer);
    useAppStore.getState().requestEnded();
  }
}

async function httpError(response: Response, url: string, authenticated: boolean) {
  let parsed: unknown;
  try {
    parsed = toCamelCase(JSON.parse(await response.text()));
  } catch {
    // not JSON: the status says enough
  }
  const error = ApiError.fromAnswer(response, parsed, url);
  const { body } = error;
  if (response.status === 401 && authenticated) logout();
  if (response.status === 503 && typeof body.breakAt === 'string') {
    useAppStore.getState().setMaintenance({ breakAt: body.breakAt, duration: Number(body.duration) || 0 });
  }
  return error;
}
