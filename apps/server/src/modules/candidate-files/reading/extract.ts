import type { CandidateFileType } from '@vivier/contract';
import mammoth from 'mammoth';
import { extractText } from 'unpdf';
import { odtContentText } from './odt-text.ts';
import { zipEntry } from './zip-bound.ts';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const ODT = 'application/vnd.oasis.opendocument.text';

/**
 * The words of a file (decision 186), on a reading thread: PDF by unpdf (pdf.js), DOCX by mammoth's raw text,
 * ODT from its content.xml, text as it is. The caller has checked the size and the zip's bound already.
 */
export async function extractFileText(bytes: Buffer, mediaType: CandidateFileType, maxEntryBytes: number) {
  switch (mediaType) {
    case 'application/pdf': {
      // pdf.js takes the array over: it is handed a copy so the caller's buffer stays whole.
      const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
      return text;
    }
    case DOCX:
      return (await mammoth.extractRawText({ buffer: bytes })).value;
    case ODT: {
      const content = await zipEntry(bytes, 'content.xml', maxEntryBytes);
      if (!content) throw new Error('The ODT holds no content.xml');
      return odtContentText(content.toString('utf8'));
    }
    case 'text/plain':
      return new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  }
}

/**
 * A DOCX as HTML for the preview: mammoth's conversion, images left out (the preview shows the words; an
 * image would be a data URL to allow). Sanitised after, by the caller, on the same thread.
 */
export async function docxToHtml(bytes: Buffer) {
  const result = await mammoth.convertToHtml(
    { buffer: bytes },
    { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
  );
  return result.value;
}

/** Text tidied for storing: no NUL (PostgreSQL text refuses it), runs of blank lines folded, capped. */
export function tidyText(text: string, maxChars: number) {
  return (
    text
      // biome-ignore lint/suspicious/noControlCharactersInRegex: NUL and other controls are what is removed.
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t]+\n/g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
      .slice(0, maxChars)
  );
}
