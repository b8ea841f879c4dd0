import type { ImportEncoding } from '@vivier/contract';
import { parse } from 'csv-parse/browser/esm/sync';
import type { CsvDelimiter } from '../../api/import-candidates';

/**
 * A file read for the mapping step: its bytes as chosen (uploaded as they are, with their encoding), the text
 * they decode to, delimiter, header, row count and first rows.
 */
export interface CsvFile {
  bytes: ArrayBuffer;
  encoding: ImportEncoding;
  text: string;
  delimiter: CsvDelimiter;
  header: string[];
  rowCount: number;
  preview: string[][];
}

/** How many rows the mapping step previews. */
export const PREVIEW_ROWS = 5;

/**
 * The encoding of a file, as the server guesses it too: UTF-8 when it starts with the UTF-8 byte order mark or
 * is valid UTF-8, else Windows-1252, the encoding Excel on Windows saves CSV in. The person sees it in the
 * mapping step and may change it.
 */
export function detectEncoding(bytes: ArrayBuffer): ImportEncoding {
  const head = new Uint8Array(bytes, 0, Math.min(3, bytes.byteLength));
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The text of a file read with an encoding (a byte that is not UTF-8 becomes U+FFFD, as the server reads it). */
export const decodeCsv = (bytes: ArrayBuffer, encoding: ImportEncoding): string =>
  new TextDecoder(encoding).decode(bytes);

/** Reads a file's bytes with an encoding, the detected one unless told. */
export function readCsvBytes(bytes: ArrayBuffer, encoding = detectEncoding(bytes)): CsvFile | undefined {
  const read = readCsv(decodeCsv(bytes, encoding));
  return read && { ...read, bytes, encoding };
}

/** Whichever of `,` `;` `|` and tab occurs most outside quotes in the first line (the server reads it alike). */
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

/** Reads a CSV text as the server will (csv-parse, same options); undefined when it has no header. */
export function readCsv(text: string): Omit<CsvFile, 'bytes' | 'encoding'> | undefined {
  const delimiter = detectDelimiter(text);
  const records = parse(text, {
    delimiter,
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
  }) as string[][];
  const [header, ...rows] = records;
  if (!header || header.length === 0) return undefined;
  return { text, delimiter, header, rowCount: rows.length, preview: rows.slice(0, PREVIEW_ROWS) };
}
