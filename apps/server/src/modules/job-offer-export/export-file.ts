import { Readable } from 'node:stream';
import { EXPORT_COLUMNS, type ExportFormat, PHONE_PATTERN } from '@vivier/contract';
import type { Options } from 'csv-stringify';
import { stringify } from 'csv-stringify/sync';

/** How each format is written (docs/export-formats.md). */
const FORMATS: Record<ExportFormat, { extension: string; contentType: string; options: Options }> = {
  csv_semicolumn: {
    extension: 'csv',
    contentType: 'text/csv; charset=utf-8',
    options: { delimiter: ';' },
  },
  csv_comma: { extension: 'csv', contentType: 'text/csv; charset=utf-8', options: { delimiter: ',' } },
  // Tab-separated text as IANA's text/tab-separated-values has it: no quoting, so no cell may hold a tab or a
  // line break (exportCells turns them into spaces).
  admen: {
    extension: 'txt',
    contentType: 'text/tab-separated-values; charset=utf-8',
    options: { delimiter: '\t', quote: false },
  },
};

export const exportExtension = (format: ExportFormat) => FORMATS[format].extension;
export const exportContentType = (format: ExportFormat) => FORMATS[format].contentType;

/** Latin letters that no accent folding turns into ASCII, spelled as French and German write them out. */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ß: 'ss', ø: 'o', ł: 'l', đ: 'd' };

/** Lowercase ASCII words joined by '-': accents folded, ligatures spelled out, anything else a separator. */
export function slugify(text: string) {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[œæßøłđ]/g, (letter) => LIGATURES[letter] ?? '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * SPEC section 9: company name, job name and date, slugified, joined with underscores; `.csv`, or `.txt` for
 * admen. A part with nothing left after slugifying (no company, a name of emoji) is left out.
 */
export function exportFileName(
  offer: { name: string; companyName: string | null },
  format: ExportFormat,
  today: Date,
) {
  const date = today.toISOString().slice(0, 10);
  const parts = [slugify(offer.companyName ?? ''), slugify(offer.name) || 'job-offer', date].filter(Boolean);
  return `${parts.join('_')}.${exportExtension(format)}`;
}

/** The first characters a spreadsheet may read as the start of a formula, full-width forms included. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
/** A plain number, signed or not, with a decimal point or comma: a spreadsheet reads it as that number. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/**
 * A cell a spreadsheet would run as a formula gets a leading `'` (OWASP "CSV injection"), except a phone
 * number (the contract's pattern) or a plain number: made of digits, spaces and `+-./()` only, they name no
 * function nor cell, so they cannot do harm, and a `'` would change the number every program reads
 * (`'+33 6 12 34 56 78`). csv-stringify's own `escape_formulas` knows no such exception.
 */
export function escapeFormula(value: string): string {
  if (!FORMULA_START.test(value) || PHONE_PATTERN.test(value) || PLAIN_NUMBER.test(value)) return value;
  return `'${value}`;
}

/**
 * The cells as written: admen has no quoting, so a tab or line break inside a cell would split it and each
 * run becomes one space (before the formula check); then formula cells are escaped.
 */
const exportCells = (values: string[], format: ExportFormat) =>
  (format === 'admen' ? values.map((value) => value.replace(/[\t\r\n]+/g, ' ')) : values).map(escapeFormula);

/** How much text is gathered before it is written: one socket write per ~64 KiB, not one per row. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The file as a stream: the UTF-8 byte order mark (spreadsheets then read accents right), the header row, then
 * one record per row, CRLF-terminated (RFC 4180). CSV cells holding the delimiter, a quote or a line break are
 * quoted with quotes doubled; a cell starting with =, +, -, @, a tab or a carriage return is prefixed with `'`
 * so a spreadsheet shows it as text instead of running it as a formula, phone numbers and plain numbers aside
 * (escapeFormula).
 * `batches` is pulled as the client reads (stream backpressure reaches the database reads); each batch is
 * written by csv-stringify in one call, and text is sent in chunks of about 64 KiB.
 */
export function exportStream(batches: AsyncIterable<string[][]>, format: ExportFormat): Readable {
  const options: Options = { ...FORMATS[format].options, record_delimiter: 'windows' };
  const headers = EXPORT_COLUMNS.map((column) => (format === 'admen' ? column.admen : column.csv));
  async function* chunks() {
    let pending = stringify([headers], { ...options, bom: true });
    for await (const batch of batches) {
      pending += stringify(
        batch.map((values) => exportCells(values, format)),
        options,
      );
      if (pending.length >= CHUNK_CHARS) {
        yield pending;
        pending = '';
      }
    }
    yield pending;
  }
  // A failing read (the database gone mid-file) destroys the stream: the client sees a cut download, and the
  // error reaches Fastify's log through the stream it was sending.
  return Readable.from(chunks(), { objectMode: false });
}
