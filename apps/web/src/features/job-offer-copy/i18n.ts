/** Texts of the copy screen (SPEC section 2, Copy screen), merged into the app's translations under `jobOfferCopy`. */
export const jobOfferCopyEn = {
  from: 'Candidates of',
  statuses: 'Statuses to copy',
  selectedCount: '{{count}} candidate(s) selected',
  existing: 'Select an existing job offer',
  existingPlaceholder: 'Select a job offer or type to search...',
  noOfferFound: 'No job offer found',
  noCompany: 'No company',
  or: 'OR',
  create: 'Create a new job offer',
  name: 'Name',
  company: 'Company',
  companyPlaceholder: 'Type to search a company',
  copy: 'Copy',
  copied: '{{n}} element(s) copied, {{m}} duplicate(s) excluded',
  loading: 'Loading the job offer…',
} as const;
