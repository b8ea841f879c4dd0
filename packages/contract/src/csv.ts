import type { IMPORT_ENCODINGS } from './constants.ts';

/**
 * How a CSV file to import is read, with no zod, so the browser can import it alone (`@vivier/contract/csv`):
 * the web's mapping step previews the file with the encoding and delimiter the server will read it with, so
 * both sides call these (decision 162).
 */

export type CsvDelimiter = ',' | ';' | '|' | '\t';

/** The encoding of a file: UTF-8 when it starts with the UTF-8 byte order mark or is valid UTF-8, else Windows-1252. */
export function detectEncoding(bytes: ArrayBuffer | Uint8Array): (typeof IMPORT_ENCODINGS)[number] {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (view[0] === 0xef && view[1] === 0xbb && view[2] === 0xbf) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(view);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/**
 * The delimiter of a file, read from its first line (at most 64 KiB of it): whichever of `,` `;` `|` and tab
 * occurs most outside quotes (spreadsheets in French locales write `;`). A comma when none occurs.
 */
export function detectDelimiter(text: string): CsvDelimiter {
  const end = text.indexOf('\n');
  const line = text.slice(0, end === -1 ? 65_536 : end);
  const counts = new Map<CsvDelimiter, number>();
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === ',' || char === ';' || char === '|' || char === '\t')) {
      counts.set(char, (counts.get(char) ?? 0) + 1);
    }
  }
  let best: CsvDelimiter = ',';
  for (const [delimiter, n] of counts) if (n > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}
