import { registerTexts } from '../../../shared/i18n/register-texts';
import { candidateDialogsFr } from './candidate-dialogs-i18n.fr';

/**
 * Texts of the screen's two dialogs (a new candidate, add to a job offer), under `candidates` beside the screen's
 * own: they load with the dialogs' chunk rather than with the candidate database's first page (decision 217).
 */
export const candidateDialogsEn = {
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
} as const;

export const registerCandidateDialogTexts = () =>
  registerTexts('candidates', candidateDialogsEn, candidateDialogsFr);
