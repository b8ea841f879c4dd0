import { registerTexts } from '../../../../shared/i18n/register-texts';
import { fromCvsFr } from './i18n.fr';

/**
 * Texts of the creation from CVs, under `candidates` beside the screen's own: only the dialog shows them, so they load with its
 * chunk rather than with the candidate database's first page (DESIGN section 6, decision 217).
 */
export const fromCvsEn = {
  fromCvs: {
    title: 'Create candidates from CVs',
    drop: 'Drop up to {{max}} CVs here, or click to choose them',
    accepted: 'PDF, Word (DOCX), OpenDocument (ODT) or text, 10 MB each',
    rejected: 'These files were not taken: at most {{max}} CVs at once, PDF, DOCX, ODT or text',
    reading: '{{done}} of {{total}} CVs read',
    notRead: 'These files could not be read as CVs',
    none: 'No CV could be read.',
    select: 'Create a candidate from {{name}}',
    unread: 'No text could be read from this file: type the name',
    duplicate: 'Already in Vivier: {{name}} ({{value}})',
    fields: {
      firstName: 'First name',
      lastName: 'Last name',
      emails: 'Emails (separated by commas)',
      phones: 'Phones (separated by commas)',
      linkedinUrl: 'LinkedIn address',
    },
    needsIdentity: 'A first name, a last name or an email is needed',
    badEmail: 'Invalid email format',
    badPhone: 'Invalid phone format',
    cancel: 'Cancel',
    create_one: 'Create {{count}} candidate',
    create_other: 'Create {{count}} candidates',
    created_one: '{{count}} candidate created',
    created_other: '{{count}} candidates created',
    createFailed: 'The candidates could not be created',
  },
} as const;

export const registerFromCvsTexts = () => registerTexts('candidates', fromCvsEn, fromCvsFr);
