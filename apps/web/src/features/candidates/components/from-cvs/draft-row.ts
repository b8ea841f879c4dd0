import { isValidContact } from '@vivier/contract/contact-patterns';
import type { CandidateDraft, ConfirmedDraft } from '../../api/candidate-drafts';

/** A draft as the review list edits it: emails and phones as one line each, separated by commas. */
export type DraftRow = {
  id: number;
  fileName: string;
  textRead: boolean;
  selected: boolean;
  firstName: string;
  lastName: string;
  emails: string;
  phones: string;
  linkedinUrl: string;
  duplicates: CandidateDraft['duplicates'];
};

/** A draft's row: selected unless it may be a candidate already (the person decides). */
export const rowOf = (draft: CandidateDraft): DraftRow => ({
  id: draft.id,
  fileName: draft.name,
  textRead: draft.textRead,
  selected: draft.duplicates.length === 0,
  firstName: draft.detected.firstName ?? '',
  lastName: draft.detected.lastName ?? '',
  emails: draft.detected.emails.join(', '),
  phones: draft.detected.phones.join(', '),
  linkedinUrl: draft.detected.linkedinUrl ?? '',
  duplicates: draft.duplicates,
});

const listOf = (line: string) =>
  line
    .split(/[,;]/)
    .map((v) => v.trim())
    .filter(Boolean);

/** What is wrong with a row, as a text key, or null: a name or an email, and well-formed contacts. */
export function rowProblem(row: DraftRow): 'needsIdentity' | 'badEmail' | 'badPhone' | null {
  const emails = listOf(row.emails);
  if (!row.firstName.trim() && !row.lastName.trim() && emails.length === 0) return 'needsIdentity';
  if (emails.some((e) => !isValidContact('email', e))) return 'badEmail';
  if (listOf(row.phones).some((p) => !isValidContact('phone', p))) return 'badPhone';
  return null;
}

/** The row as the confirmation sends it. */
export const confirmedOf = (row: DraftRow): ConfirmedDraft => ({
  id: row.id,
  firstName: row.firstName.trim() || null,
  lastName: row.lastName.trim() || null,
  linkedinUrl: row.linkedinUrl.trim() || null,
  emails: listOf(row.emails),
  phones: listOf(row.phones),
});
