import { stringify } from 'csv-stringify/browser/esm/sync';
import type { ImportProgressLine } from '../../api/import-candidates';

export type RowReport = Extract<ImportProgressLine, { type: 'batch' }>['rows'][number];

/** A cell a spreadsheet would run as a formula is written as text (CSV injection). */
const safe = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The import report as a CSV file: one line per row of the imported file, its reasons in the person's words. */
export function reportCsv(
  rows: RowReport[],
  columns: { row: string; outcome: string; candidate: string; message: string },
  outcome: (value: RowReport['outcome']) => string,
  reasons: (row: RowReport) => string,
): string {
  return stringify([
    [columns.row, columns.outcome, columns.candidate, columns.message],
    ...rows.map((r) => [
      String(r.row),
      outcome(r.outcome),
      r.candidateId === null ? '' : String(r.candidateId),
      safe(reasons(r)),
    ]),
  ]);
}
