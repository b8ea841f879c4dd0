import { registerTexts } from '../../shared/i18n/register-texts';
import { jobOfferCopyFr } from './i18n.fr';

/** Texts of the copy screen (SPEC section 2, Copy screen), added to the app's translations when the screen's chunk loads, under `jobOfferCopy`. */
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

/** Adds these texts to i18next, once: the module that shows them calls it when its lazy chunk loads. */
export const registerCopyTexts = () => registerTexts('jobOfferCopy', jobOfferCopyEn, jobOfferCopyFr);
