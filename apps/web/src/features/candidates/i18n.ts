import { i18n } from '../../shared/i18n/i18n';
import { candidatesFr } from './i18n.fr';

/**
 * Texts of the candidate database, under `candidates`. Quoted texts of SPEC.md are copied word for word.
 * Unlike the shell's texts (shared/i18n), they are added to i18next when the screen's chunk loads
 * (`registerCandidateTexts`): in shared/i18n they would push the first page past DESIGN section 6's 250 kB of
 * JavaScript. The compiler still checks that French has every English key (`Texts` below).
 */
export const candidatesEn = {
  count: 'candidate(s)',
  countCapped: '{{count}}+ candidate(s)',
  selected: '{{count}} selected',
  empty: 'There is no candidate matching your criteria',
  searchLabel: 'Search a candidate by name, email, phone or title',
  searchInCvs: 'Search in CVs',
  cvExcerpt: 'In {{file}}:',
  selectAll: 'Select all',
  clearSelection: 'Clear selection',
  addToJobOffer: 'Add to job offer',
  newCandidate: 'New candidate',
  importCsv: 'Import CSV',
  noCredits:
    'No credits left: each new or imported candidate uses one. Ask your administrator for more credits.',
  added: '{{count}} candidates successfully added to job offer',
  alreadyInOffer: '{{count}} candidate(s) already in this job offer',
  card: {
    select: 'Select {{name}}',
    unnamed: 'Unnamed candidate',
    picture: 'Picture of {{name}}',
    emails: '{{count}} email(s) of {{name}}',
    phones: '{{count}} phone(s) of {{name}}',
  },
  tags: {
    label: 'Search by tags',
    placeholderTag: 'Type a tag name...',
    placeholderOperator: 'AND, OR...',
    and: 'AND',
    or: 'OR',
    not: 'NOT',
    noTag: 'No tag found',
    remove: 'Remove the last element',
    clear: 'Clear the tag search',
  },
  bulk: {
    title: 'Add to job offer',
    selection: 'Selected candidates: {{names}}',
    more: 'and {{count}} more',
    jobOffer: 'Job offer',
    jobOfferPlaceholder: 'Select a job offer or type to search...',
    noCompany: 'No company',
    noJobOffer: 'No job offer found',
    status: 'Status',
    statusPlaceholder: 'Please select a status',
    validate: 'Validate',
  },
  form: {
    title: 'New candidate',
    firstName: 'First name',
    lastName: 'Last name',
    title_: 'Title',
    company: 'Company',
    email: 'Email',
    phone: 'Phone',
    linkedin: 'LinkedIn profile',
    tags: 'Tags',
    tagsPlaceholder: 'Pick tags',
    nameOrEmail: 'Please give a first name, a last name or an email',
    invalidEmail: 'Invalid email format',
    cost: 'Creating this candidate uses 1 credit. Credits left: {{count}}.',
    invalidPhone: 'Invalid phone format',
    cancel: 'Cancel',
    create: 'Create',
    created: 'Candidate {{name}} created',
    duplicate: 'A candidate with this email already exists',
    showDuplicate: 'Show this candidate',
    saveFailed: 'The candidate could not be saved',
  },
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

/** Adds the texts to i18next (idempotent); the feature's lazy entry points call it when they load. */
export function registerCandidateTexts() {
  if (i18n.exists('candidates.count', { lng: 'en' })) return;
  i18n.addResourceBundle('en', 'translation', { candidates: candidatesEn }, true, false);
  i18n.addResourceBundle('fr', 'translation', { candidates: candidatesFr }, true, false);
}
