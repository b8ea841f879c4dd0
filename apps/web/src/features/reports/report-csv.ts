import { stringify } from 'csv-stringify/browser/esm/sync';

export type Cell = string | number | null;
export type Column = { key: string; label: string };

/** A cell a spreadsheet would run as a formula is written as text (CSV injection). */
const safe = (value: Cell) => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
};

/** A chart's numbers as CSV: the table's columns as the header, one line per row. */
export const reportCsv = (columns: Column[], rows: Record<string, Cell>[]) =>
  stringify([
    columns.map((c) => c.label),
    ...rows.map((row) => columns.map((c) => safe(row[c.key] ?? null))),
  ]);

/** Hands the CSV to the browser as a download named `name`. */
export function downloadCsv(name: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
