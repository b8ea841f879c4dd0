import { Readable } from 'node:stream';
import { parse } from 'csv-parse';

export type CsvDelimiter = ',' | ';' | '|' | '\t';

/**
 * The delimiter of a file, read from its first line: whichever of `,` `;` `|` and tab occurs most outside
 * quotes (spreadsheets in French locales write `;`). A comma when none occurs.
 */
export function detectDelimiter(csv: Buffer): CsvDelimiter {
  const end = csv.indexOf(10);
  const line = csv.subarray(0, end === -1 ? Math.min(csv.length, 65_536) : end).toString('utf8');
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
