import {
  EMAIL_PATTERN,
  type ImportField,
  INVALID_EMAIL,
  INVALID_PHONE,
  NAME_MAX,
  PHONE_PATTERN,
} from '@vivier/contract';

/** File columns (0-based) feeding each field. */
export type ImportMapping = Partial<Record<ImportField, number[]>>;

/** A data row read into a candidate's fields, tags still by name. */
export type ImportedRow = {
  row: number;
  firstName: string | null;
  lastName: string | null;
  title: string | null;
  company: string | null;
  linkedinUrl: string | null;
  emails: string[];
  phones: string[];
  tagNames: string[];
};

export type ReadRow = { ok: true; value: ImportedRow } | { ok: false; row: number; message: string };

const LIMITS = { emails: 10, phones: 10, tags: 50 };

/**
 * One CSV record as a candidate (docs of ImportQuery): mapped cells trimmed, NUL characters dropped; emails
 * split on commas, semicolons and spaces, phones on commas and semicolons, tags on commas, semicolons and
 * bars. A row is refused with the reason a person can act on: no name nor email, an email or phone the New
 * candidate form would refuse (SPEC section 5 messages), a value too long.
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
  const reject = (message: string): ReadRow => ({ ok: false, row, message });

  const single: Record<'firstName' | 'lastName' | 'title' | 'company' | 'linkedinUrl', string | null> = {
    firstName: cells('first_name')[0] ?? null,
    lastName: cells('last_name')[0] ?? null,
    title: cells('title')[0] ?? null,
    company: cells('company')[0] ?? null,
    linkedinUrl: cells('linkedin')[0] ?? null,
  };
  for (const [field, value] of Object.entries(single)) {
    const max = field === 'linkedinUrl' ? 2000 : NAME_MAX;
    if (value && value.length > max) return reject(`${LABELS[field]} is longer than ${max} characters`);
  }
  const emails = split('emails', /[,;\s]+/);
  const badEmail = emails.find((e) => e.length > 320 || !EMAIL_PATTERN.test(e));
  if (badEmail !== undefined) return reject(`${INVALID_EMAIL}: ${badEmail.slice(0, 100)}`);
  const phones = split('phones', /[,;]+/);
  const badPhone = phones.find((p) => !PHONE_PATTERN.test(p));
  if (badPhone !== undefined) return reject(`${INVALID_PHONE}: ${badPhone.slice(0, 100)}`);
  const tagNames = split('tags', /[,;|]+/);
  const longTag = tagNames.find((name) => name.length > NAME_MAX);
  if (longTag !== undefined) return reject(`A tag is longer than ${NAME_MAX} characters`);
  if (emails.length > LIMITS.emails) return reject(`More than ${LIMITS.emails} emails`);
  if (phones.length > LIMITS.phones) return reject(`More than ${LIMITS.phones} phones`);
  if (tagNames.length > LIMITS.tags) return reject(`More than ${LIMITS.tags} tags`);
  if (!single.firstName && !single.lastName && emails.length === 0) {
    return reject('The row has no first name, last name or email');
  }
  return { ok: true, value: { row, ...single, emails, phones, tagNames } };
}

const LABELS: Record<string, string> = {
  firstName: 'The first name',
  lastName: 'The last name',
  title: 'The title',
  company: 'The company',
  linkedinUrl: 'The LinkedIn address',
};
