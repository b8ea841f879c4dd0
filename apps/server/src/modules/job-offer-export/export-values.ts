import type { ExportFormat } from '@vivier/contract';
import { presentCandidate } from '../candidates/candidate.presenter.ts';
import type { ExportRow } from './export-rows.queries.ts';

const pad = (n: number) => String(n).padStart(2, '0');

/** The date an application was added, in UTC: ISO `YYYY-MM-DD` for CSV, `DD/MM/YYYY` for admen (French software). */
function dateAdded(date: Date, format: ExportFormat) {
  const [y, m, d] = [date.getUTCFullYear(), pad(date.getUTCMonth() + 1), pad(date.getUTCDate())];
  return format === 'admen' ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
}

/**
 * The 14 cells of one application, in the order of EXPORT_COLUMNS (docs/export-formats.md). The candidate goes
 * through the API's presenter, so the file shows the same name, email and phone fallbacks as the screens do.
 */
export function exportValues(row: ExportRow, jobOfferName: string, format: ExportFormat): string[] {
  const candidate = presentCandidate({ ...row, tags: [] });
  const linkedin =
    candidate.social_networks.find((network) => network.type === 'linkedin')?.value ?? row.linkedinUrl;
  const lastEducation = candidate.details.educations?.[0];
  return [
    candidate.full_name,
    candidate.first_name ?? '',
    candidate.last_name ?? '',
    candidate.details.title?.trim() || candidate.manual_data.title?.trim() || '',
    candidate.email ?? '',
    candidate.contacts.emails.join(', '),
    linkedin ?? '',
    candidate.phone ?? '',
    row.statusName ?? '',
    candidate.details.experiences?.[0]?.company ?? '',
    lastEducation?.school ?? '',
    (lastEducation?.degree ?? []).join(', '),
    jobOfferName,
    dateAdded(row.addedAt, format),
  ];
}
