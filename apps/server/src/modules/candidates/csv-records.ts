import { Readable } from 'node:stream';
import type { ImportEncoding } from '@vivier/contract';
import { type CsvDelimiter, detectDelimiter, detectEncoding } from '@vivier/contract/csv';
import { parse } from 'csv-parse';

export type { CsvDelimiter };

/**
 * The file as UTF-8, which the rest of the import reads: decoded with the encoding the person chose (or the
 * detected one), so `Hélène` saved by Excel on Windows is not read as `H\uFFFDl\uFFFDne`.
 */
export function toUtf8(csv: Buffer, encoding: ImportEncoding | undefined): Buffer {
  const chosen = encoding ?? detectEncoding(csv);
  if (chosen === 'utf-8') return csv;
  return Buffer.from(new TextDecoder(chosen).decode(csv), 'utf8');
}

/**
 * The delimiter of a file, by the rule the web's preview uses too (`@vivier/contract/csv`), read from its first
 * line (at most 64 KiB of bytes).
 */
export function delimiterOf(csv: Buffer): CsvDelimiter {
  const end = csv.indexOf(10);
  return detectDelimiter(csv.subarray(0, end === -1 ? Math.min(csv.length, 65_536) : end).toString('utf8'));
}

/** A record of the file, or a line csv-parse could not read; `row` is the file's line number (header: 1). */
export type CsvRecord = { row: number; cells: string[] } | { row: number; error: string };

/**
 * The file's records, streamed by csv-parse (RFC 4180 quoting, a leading BOM dropped, blank lines skipped,
 * rows of any length). A malformed record (a stray quote) is yielded as an error and reading goes on.
 */
export async function* csvRecords(csv: Buffer, delimiter: CsvDelimiter): AsyncGenerator<CsvRecord> {
  const skipped: CsvRecord[] = [];
  const parser = parse({
    delimiter,
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      const lines = (error as { lines?: unknown } | undefined)?.lines;
      skipped.push({
        row: typeof lines === 'number' ? lines : 0,
        error: (error?.message ?? 'unreadable').slice(0, 280),
      });
    },
  });
  Readable.from([csv]).pipe(parser);
  for await (const { record, info } of parser as AsyncIterable<{
    record: string[];
    info: { lines: number };
  }>) {
    // csv-parse may reach a bad line before this record is read out: keep the file's order.
    while (skipped.length > 0 && (skipped[0] as CsvRecord).row < info.lines)
      yield skipped.shift() as CsvRecord;
    yield { row: info.lines, cells: record };
  }
  while (skipped.length > 0) yield skipped.shift() as CsvRecord;
}
