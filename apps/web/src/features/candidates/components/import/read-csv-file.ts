import { parse } from 'csv-parse/browser/esm/sync';
import type { CsvDelimiter } from '../../api/import-candidates';

/** A file read for the mapping step: its text as UTF-8, delimiter, header, row count and first rows. */
export interface CsvFile {
  text: string;
  delimiter: CsvDelimiter;
  header: string[];
  rowCount: number;
  preview: string[][];
}

/** How many rows the mapping step previews. */
export const PREVIEW_ROWS = 5;

/**
 * Text of a file: UTF-8 when it is valid UTF-8, else Windows-1252, the encoding spreadsheets on Windows save
 * CSV in. The server reads UTF-8 only, so the upload is this text re-encoded.
 */
export function decodeCsv(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
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
export function readCsv(text: string): CsvFile | undefined {
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
