/**
 * A reading thread (decision 186), run by the pool in reading-pool.ts: pdf.js, mammoth and the zip reader take
 * tens to hundreds of milliseconds of CPU per file, which on the server's thread would hold every request.
 */
import type { CandidateFileType } from '@vivier/contract';
import { docxToHtml, extractFileText, tidyText } from './extract.ts';
import { previewPage, textPage } from './preview-html.ts';

export type ReadingTask = {
  op: 'text' | 'html';
  bytes: Uint8Array;
  mediaType: CandidateFileType;
  maxTextChars: number;
  maxEntryBytes: number;
};

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export default async function read(task: ReadingTask): Promise<string> {
  const bytes = Buffer.from(task.bytes.buffer, task.bytes.byteOffset, task.bytes.byteLength);
  if (task.op === 'html') {
    if (task.mediaType === DOCX) return previewPage(await docxToHtml(bytes));
    return textPage(
      tidyText(await extractFileText(bytes, task.mediaType, task.maxEntryBytes), task.maxTextChars),
    );
  }
  return tidyText(await extractFileText(bytes, task.mediaType, task.maxEntryBytes), task.maxTextChars);
}
