import {
  EMAIL_PATTERN,
  type ImportField,
  type ImportRowReason,
  NAME_MAX,
  PHONE_PATTERN,
} from '@vivier/contract';
import type { CandidateDraft } from './candidate-insert.ts';

/** File columns (0-based) feeding each field. */
export type ImportMapping = Partial<Record<ImportField, number[]>>;

/** A data row read into a candidate's fields, tags still by name. */
export type ImportedRow = Omit<CandidateDraft, 'tagIds'> & { row: number; tagNames: string[] };

export type ReadRow = { ok: true; value: ImportedRow } | { ok: false; row: number; reason: ImportRowReason };

const LIMITS = { emails: 10, phones: 10, tags: 50 };

/**
 * One CSV record as a candidate (docs of ImportQuery): mapped cells trimmed, NUL characters dropped; emails
 * split on commas, semicolons and spaces, phones on commas and semicolons, tags on commas, semicolons and
 * bars. A row is refused with the reason a person can act on: no name nor email, an email or phone the New
 * candidate form would refuse (SPEC section 5 messages), a value too long (import-reasons.ts words them).
 */
export function readImportRow(record: string[], row: number, mapping: ImportMapping): ReadRow {
  const cells = (field: ImportField) =>
    (mapping[field] ?? []).map((i) => (record[i] ?? '').replaceAll('\u0000', '').trim()).filter(Boolean);
  const split = (field: ImportField, separator: RegExp) =>
    cells(field).flatMap((cell) =>
      cell
        .split(separator)
        .map((v) => v.trim())
        .filter(Boolean),
    );
  const reject = (reason: ImportRowReason): ReadRow => ({ ok: false, row, reason });

  const single: Record<keyof typeof FIELDS, string | null> = {
    firstName: cells('first_name')[0] ?? null,
    lastName: cells('last_name')[0] ?? null,
    title: cells('title')[0] ?? null,
    company: cells('company')[0] ?? null,
    linkedinUrl: cells('linkedin')[0] ?? null,
  };
  for (const [key, value] of Object.entries(single) as [keyof typeof FIELDS, string | null][]) {
    const max = key === 'linkedinUrl' ? 2000 : NAME_MAX;
    if (value && value.length > max) return reject({ code: 'too_long', field: FIELDS[key], max });
  }
  const emails = split('emails', /[,;\s]+/);
  const badEmail = emails.find((e) => e.length > 320 || !EMAIL_PATTERN.test(e));
  if (badEmail !== undefined) return reject({ code: 'invalid_email', value: badEmail.slice(0, 100) });
  const phones = split('phones', /[,;]+/);
  const badPhone = phones.find((p) => !PHONE_PATTERN.test(p));
  if (badPhone !== undefined) return reject({ code: 'invalid_phone', value: badPhone.slice(0, 100) });
  const tagNames = split('tags', /[,;|]+/);
  const longTag = tagNames.find((name) => name.length > NAME_MAX);
  if (longTag !== undefined) return reject({ code: 'too_long', field: 'tags', max: NAME_MAX });
  for (const field of ['emails', 'phones', 'tags'] as const) {
    const count = { emails: emails.length, phones: phones.length, tags: tagNames.length }[field];
    if (count > LIMITS[field]) return reject({ code: 'too_many', field, max: LIMITS[field] });
  }
  if (!single.firstName && !single.lastName && emails.length === 0) return reject({ code: 'no_identity' });
  return { ok: true, value: { row, ...single, emails, phones, tagNames } };
}

/** The row's single-valued fields, and the import field each comes from. */
const FIELDS = {
  firstName: 'first_name',
  lastName: 'last_name',
  title: 'title',
  company: 'company',
  linkedinUrl: 'linkedin',
} as const;
