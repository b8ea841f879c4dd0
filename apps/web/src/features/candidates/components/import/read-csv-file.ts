import type { ImportEncoding } from '@vivier/contract';
import { type CsvDelimiter, detectDelimiter, detectEncoding } from '@vivier/contract/csv';
import { parse } from 'csv-parse/browser/esm/sync';

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

/** The text of a file read with an encoding (a byte that is not UTF-8 becomes U+FFFD, as the server reads it). */
export const decodeCsv = (bytes: ArrayBuffer, encoding: ImportEncoding): string =>
  new TextDecoder(encoding).decode(bytes);

/** Reads a file's bytes with an encoding, the detected one unless told. */
export function readCsvBytes(bytes: ArrayBuffer, encoding = detectEncoding(bytes)): CsvFile | undefined {
  const read = readCsv(decodeCsv(bytes, encoding));
  return read && { ...read, bytes, encoding };
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
