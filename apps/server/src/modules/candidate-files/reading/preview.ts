import type { Readable } from 'node:stream';
import type { CandidateFileType } from '@vivier/contract';
import { AppError } from '../../../http/app-error.ts';
import { readFileHtml } from './read-file-text.ts';

/**
 * What the preview route answers for a file (decision 186): a PDF as it is, for the browser's viewer; a DOCX or
 * ODT as one sanitised HTML page converted on a reading thread; text as text. Always inline, under a CSP.
 */
export type Preview = { type: string; body: Readable | string };

/**
 * One CSP for every preview: nothing may load or run (no script, no style, no image, no font, no frame); `sandbox` makes the document an opaque origin besides, so even a script that slipped
 * through the sanitiser could neither run nor reach the session. The web app does not frame this URL (it needs
 * the session's bearer token): it fetches the preview and frames it from a blob (decision 186).
 */
export const PREVIEW_CSP = "default-src 'none'; sandbox";

export async function previewOf(body: Readable, mediaType: CandidateFileType): Promise<Preview> {
  if (mediaType === 'application/pdf') return { type: 'application/pdf', body };
  if (mediaType === 'text/plain') return { type: 'text/plain; charset=utf-8', body };
  const result = await readFileHtml(body, mediaType);
  if (!result.ok) {
    throw new AppError('unsupported_file_type', `The document cannot be shown: ${result.message}`);
  }
  return { type: 'text/html; charset=utf-8', body: result.html };
}
