import { type ImportRowReason, INVALID_EMAIL, INVALID_PHONE } from '@vivier/contract';

const FIELD_NAMES: Record<NonNullable<ImportRowReason['field']>, string> = {
  first_name: 'The first name',
  last_name: 'The last name',
  title: 'The title',
  company: 'The company',
  linkedin: 'The LinkedIn address',
  emails: 'emails',
  phones: 'phones',
  tags: 'tags',
};

/**
 * A row reason in English, for the `message` API readers get; the web words the code itself (issue 19 item
 * 7), so this text never reaches a screen.
 */
export function englishReason(reason: ImportRowReason): string {
  switch (reason.code) {
    case 'no_identity':
      return 'The row has no first name, last name or email';
    case 'invalid_email':
      return `${INVALID_EMAIL}: ${reason.value ?? ''}`;
    case 'invalid_phone':
      return `${INVALID_PHONE}: ${reason.value ?? ''}`;
    case 'too_long':
      return reason.field === 'tags'
        ? `A tag is longer than ${reason.max} characters`
        : `${FIELD_NAMES[reason.field ?? 'first_name']} is longer than ${reason.max} characters`;
    case 'too_many':
      return `More than ${reason.max} ${FIELD_NAMES[reason.field ?? 'emails']}`;
    case 'malformed_line':
      return `Malformed CSV line: ${reason.value ?? 'unreadable'}`;
    case 'no_credits':
      return 'No credits left on this license, please contact your administrator';
    case 'not_saved':
      return 'The row could not be saved, please try again';
    case 'tags_not_created':
      return `Tags not created (only an admin can create tags): ${reason.value ?? ''}`;
  }
}

/** The report fields of a row's reasons: the codes, and the same in English joined with '; '. */
export const reasonFields = (reasons: ImportRowReason[]) => ({
  reasons,
  message: reasons.map(englishReason).join('; ') || null,
});
