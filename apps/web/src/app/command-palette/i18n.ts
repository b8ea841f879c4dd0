import { registerTexts } from '../../shared/i18n/register-texts';
import { paletteFr } from './i18n.fr';

/** Texts of the command palette (issue 28), under `palette`, added when its chunk loads (decision 196). */
export const paletteEn = {
  label: 'Command palette',
  search: 'Search a job offer, a candidate or an action',
  nothing: 'Nothing found',
  actions: 'Actions',
  jobOffers: 'Job offers',
  candidates: 'Candidates',
  language: 'Language',
  newJobOffer: 'New job offer',
  newCandidate: 'New candidate',
  importCandidates: 'Import candidates (CSV)',
  exportJobOffer: 'Export this job offer',
  noCompany: 'No company',
  unnamed: 'Unnamed candidate',
  hint: 'Ctrl + K or Cmd + K opens this palette from any screen.',
} as const;

export const registerPaletteTexts = () => registerTexts('palette', paletteEn, paletteFr);
