import { registerTexts } from '../../shared/i18n/register-texts';
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
  createFromCvs: 'Create from CVs',
  saveSearch: 'Save search',
  legalBasis: {
    filter: 'Legal basis',
    any: 'Any legal basis',
    consent: 'Consent',
    legitimate_interest: 'Legitimate interest',
  },
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
} as const;

/** Adds the texts to i18next (once); the screen's module calls it when its chunk loads. */
export const registerCandidateTexts = () => registerTexts('candidates', candidatesEn, candidatesFr);
