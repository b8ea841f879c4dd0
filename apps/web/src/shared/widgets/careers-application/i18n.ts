import { registerTexts } from '../../i18n/register-texts';
import type { Texts } from '../../i18n/texts';

/**
 * Texts of careers applications on the recruiter's screens (issue 23), under `applications`: the source badge,
 * the answers in the candidate panel and the candidates screen's filter by source. Added to i18next when a
 * module showing them loads (`registerApplicationTexts`), never by the first page: the jobs screen's
 * JavaScript is at DESIGN section 6's 250 kB.
 */
export const applicationsEn = {
  careersPage: 'Careers page',
  source: 'Source: {{source}}',
  cameFrom: 'Came from',
  answers: 'Answers to the apply form',
  yes: 'Yes',
  no: 'No',
  sourceFilter: 'Source',
  allSources: 'All sources',
  sourceOption: '{{source}} ({{count}})',
};

export const applicationsFr: Texts<typeof applicationsEn> = {
  careersPage: 'Page carrières',
  source: 'Source : {{source}}',
  cameFrom: 'Provenance',
  answers: 'Réponses au formulaire de candidature',
  yes: 'Oui',
  no: 'Non',
  sourceFilter: 'Source',
  allSources: 'Toutes les sources',
  sourceOption: '{{source}} ({{count}})',
};

/** Adds the texts to both languages, once. */
export const registerApplicationTexts = () => registerTexts('applications', applicationsEn, applicationsFr);
