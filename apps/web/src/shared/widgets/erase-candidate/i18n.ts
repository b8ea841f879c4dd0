/** Texts of erasure (issue 24, decision 193), under `erasure`. */
export const erasureEn = {
  action: 'Erase this candidate',
  title: 'Erase {{name}} for good',
  explain:
    'Everything Vivier holds about this person is deleted: profile, contacts, notes, files, emails, answers and consents. Their applications stay, counted but unnamed, for the reports. This cannot be undone.',
  typeName: 'Type the candidate’s full name to confirm: {{name}}',
  nameLabel: 'Full name',
  confirm: 'Erase for good',
  erased: 'The candidate was erased',
  failed: 'The candidate could not be erased',
  bulkAction: 'Erase…',
  bulkTitle: 'Erase {{count}} candidate(s) for good',
  bulkSelection: 'the {{count}} selected candidate(s)',
  bulkSearch: 'all {{count}} candidate(s) the search finds',
  bulkExplain:
    'You are about to erase {{what}}. Everything Vivier holds about them is deleted; their applications stay, counted but unnamed. This cannot be undone.',
  typeCount: 'Type the number of candidates to confirm: {{count}}',
  countLabel: 'Number of candidates',
  progress: '{{done}} of {{total}} handled',
  bulkDone: '{{count}} candidate(s) erased',
  bulkFailed: 'The candidates could not be erased',
  close: 'Close',
};
