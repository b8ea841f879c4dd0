import path from 'node:path';
import { Readable } from 'node:stream';
import type { CandidateFileType } from '@vivier/contract';
import { fileTypeFromStream } from 'file-type';

/** The types file-type detects that a candidate's file may be, with the names' extensions that go with them. */
const BINARY: Record<string, { type: CandidateFileType; extensions: string[] }> = {
  'application/pdf': { type: 'application/pdf', extensions: ['.pdf'] },
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': {
    type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    extensions: ['.docx'],
  },
  'application/vnd.oasis.opendocument.text': {
    type: 'application/vnd.oasis.opendocument.text',
    extensions: ['.odt'],
  },
};
const TEXT_EXTENSIONS = ['.txt', '.text', ''];

// Text a browser could take for markup (HTML, SVG, XML) is not taken as plain text, even named `.txt`.
const MARKUP = /^(\uFEFF)?\s*</;

/**
 * The type of a stored file, from its bytes (decision 184): PDF, DOCX or ODT as file-type reads them, else
 * text when every byte was valid UTF-8 without NUL and it does not open like markup. The name's extension has
 * to agree: an HTML page named `cv.pdf` is text, and text is not a `.pdf`. Undefined when refused.
 */
export async function detectMediaType(
  stored: Readable,
  inspected: { text: boolean; head: Buffer },
  name: string,
): Promise<CandidateFileType | undefined> {
  const extension = path.extname(name).toLowerCase();
  const detected = await fileTypeFromStream(Readable.toWeb(stored) as ReadableStream<Uint8Array>);
  stored.destroy();
  if (detected) {
    const binary = BINARY[detected.mime];
    return binary?.extensions.includes(extension) ? binary.type : undefined;
  }
  if (!inspected.text || MARKUP.test(inspected.head.toString('utf8'))) return undefined;
  return TEXT_EXTENSIONS.includes(extension) ? 'text/plain' : undefined;
}
