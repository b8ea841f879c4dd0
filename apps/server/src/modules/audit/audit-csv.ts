import { Readable } from 'node:stream';
import { AUDIT_EXPORT_COLUMNS } from '@vivier/contract';
import { stringify } from 'csv-stringify/sync';
import type { AuditRow } from './audit.queries.ts';

/** The first characters a spreadsheet may read as the start of a formula, full-width forms included. */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A cell a spreadsheet would run as a formula gets a leading `'` (OWASP "CSV injection"), as the offers' export
 * does (job-offer-export/export-file.ts); written again here since the audit module is below every other.
 */
const escapeFormula = (value: string) => (FORMULA_START.test(value) ? `'${value}` : value);

/** How much text is gathered before it is written: one socket write per ~64 KiB, not one per row. */
const CHUNK_CHARS = 64 * 1024;

const cellsOf = (row: AuditRow): string[] =>
  [
    String(row.seq),
    new Date(row.created_at).toISOString(),
    row.actor_kind,
    row.actor_id === null ? '' : String(row.actor_id),
    row.actor_label ?? '',
    row.address ?? '',
    row.action,
    row.target_kind ?? '',
    row.target_id === null ? '' : String(row.target_id),
    JSON.stringify(row.details),
    row.hash,
  ].map(escapeFormula);

/**
 * The audit log as a CSV file, the way a job offer's export is written (job-offer-export/export-file.ts): the
 * UTF-8 byte order mark, the header row, one CRLF-terminated record per entry, comma-separated, a cell a
 * spreadsheet would run as a formula prefixed with `'`. `batches` is pulled as the client reads.
 */
export function auditCsvStream(batches: AsyncIterable<AuditRow[]>): Readable {
  const options = { delimiter: ',', record_delimiter: 'windows' } as const;
  async function* chunks() {
    let pending = stringify([[...AUDIT_EXPORT_COLUMNS]], { ...options, bom: true });
    for await (const batch of batches) {
      pending += stringify(batch.map(cellsOf), options);
      if (pending.length >= CHUNK_CHARS) {
        yield pending;
        pending = '';
      }
    }
    yield pending;
  }
  return Readable.from(chunks(), { objectMode: false });
}
