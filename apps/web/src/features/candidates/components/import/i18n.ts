import { registerTexts } from '../../../../shared/i18n/register-texts';
import { candidateImportFr } from './i18n.fr';

/**
 * Texts of the CSV import, under `candidates` beside the screen's own: only the dialog shows them, so they load with its
 * chunk rather than with the candidate database's first page (DESIGN section 6, decision 217).
 */
export const candidateImportEn = {
  import: {
    title: 'Import candidates from a CSV file',
    file: 'CSV file',
    filePlaceholder: 'Choose a .csv file',
    fileHelp:
      'The first line names the columns. UTF-8 or Windows (Excel) encoding, comma or semicolon separated.',
    unreadable: 'This file could not be read as CSV',
    noRows: 'This file has no row under its header',
    rows: '{{count}} row(s) in the file',
    cost: 'Uses up to {{count}} credit(s), one per row that creates a candidate (a row whose email matches an existing candidate merges into it at no cost). Credits left: {{left}}.',
    notEnough:
      'Not enough credits: this file may need up to {{count}} and {{left}} are left. Import fewer rows, or ask your administrator for more credits.',
    encoding: 'File encoding',
    encodingHelp: 'Detected from the file: change it if the preview shows wrong letters',
    encodings: { 'utf-8': 'UTF-8 (most files)', 'windows-1252': 'Windows-1252 (Excel on Windows)' },
    mapping: 'Which column holds what?',
    notImported: 'Not imported',
    preview: 'Preview of the first rows',
    previewCaption: 'The first {{count}} rows as they will be imported',
    needsColumn: 'Map at least a name or an email column',
    start: 'Import',
    back: 'Back',
    progress: '{{processed}} of {{total}} rows',
    report: 'Import finished',
    stopped: 'The import stopped before the end; the rows reported are saved',
    created: '{{count}} created',
    merged: '{{count}} merged into existing candidates',
    rejected: '{{count}} rejected',
    rejectedRows: 'Rejected rows',
    row: 'Row',
    reason: 'Reason',
    download: 'Download the report (CSV)',
    close: 'Done',
    failed: 'The import failed',
    reportColumns: { row: 'Row', outcome: 'Outcome', candidate: 'Candidate id', message: 'Message' },
    outcomes: { created: 'created', merged: 'merged', rejected: 'rejected' },
    reasons: {
      no_identity: 'The row has no first name, last name or email',
      invalid_email: 'Invalid email format: {{value}}',
      invalid_phone: 'Invalid phone format: {{value}}',
      too_long: '{{field}}: longer than {{max}} characters',
      too_many: '{{field}}: more than {{max}}',
      malformed_line: 'This line is not valid CSV (a quote left open?)',
      no_credits: 'No credits left on this license, please contact your administrator',
      not_saved: 'The row could not be saved, please try again',
      tags_not_created: 'Tags not created (only an admin can create tags): {{value}}',
    },
  },
  fields: {
    first_name: 'First name',
    last_name: 'Last name',
    emails: 'Emails',
    phones: 'Phones',
    title: 'Title',
    company: 'Company',
    linkedin: 'LinkedIn',
    tags: 'Tags',
  },
} as const;

export const registerImportTexts = () => registerTexts('candidates', candidateImportEn, candidateImportFr);
