import { registerTexts } from '../../i18n/register-texts';
import type { Texts } from '../../i18n/texts';

/** Texts of saved searches (issue 28), added when the side menu's list or the save dialog loads. */
export const savedSearchesEn = {
  saveTitle: 'Save this search',
  name: 'Name',
  share: 'Share with my team',
  saved: 'Search saved',
  list: 'Saved searches',
  newMatches: '{{count}} new candidate(s)',
  newMatchesCapped: '{{count}}+',
  actions: 'Actions on {{name}}',
  rename: 'Rename',
  renameTitle: 'Rename the saved search',
  makeShared: 'Share with my team',
  makePrivate: 'Stop sharing',
  delete: 'Delete',
  deleteConfirm: 'Delete the saved search "{{name}}"?',
  cancel: 'Cancel',
  confirm: 'Save',
  sharedBy: 'Shared by {{name}}',
  alert: 'Alert me of new candidates',
  alertHint: 'By email and in your notifications; daily digests leave at 7:00 UTC.',
  alertOff: 'No alert',
  alertInstant: 'Instantly',
  alertDaily: 'Daily digest',
  alertSaved: 'Alert changed',
} as const;

const savedSearchesFr: Texts<typeof savedSearchesEn> = {
  saveTitle: 'Enregistrer cette recherche',
  name: 'Nom',
  share: 'Partager avec mon équipe',
  saved: 'Recherche enregistrée',
  list: 'Recherches enregistrées',
  newMatches: '{{count}} nouveau(x) candidat(s)',
  newMatchesCapped: '{{count}}+',
  actions: 'Actions sur {{name}}',
  rename: 'Renommer',
  renameTitle: 'Renommer la recherche enregistrée',
  makeShared: 'Partager avec mon équipe',
  makePrivate: 'Ne plus partager',
  delete: 'Supprimer',
  deleteConfirm: 'Supprimer la recherche enregistrée « {{name}} » ?',
  cancel: 'Annuler',
  confirm: 'Enregistrer',
  sharedBy: 'Partagée par {{name}}',
  alert: "M'alerter des nouveaux candidats",
  alertHint: 'Par e-mail et dans vos notifications ; les résumés quotidiens partent à 7 h 00 UTC.',
  alertOff: "Pas d'alerte",
  alertInstant: 'Immédiatement',
  alertDaily: 'Résumé quotidien',
  alertSaved: 'Alerte modifiée',
};

/** Each alert's label, in the save dialog and the side menu. */
export const savedSearchAlertLabels = {
  off: 'savedSearches.alertOff',
  instant: 'savedSearches.alertInstant',
  daily: 'savedSearches.alertDaily',
} as const;

/** The interface's language as an alert's mails take it (decision 209): French, else English. */
export const alertLanguageOf = (language: string | undefined): 'en' | 'fr' =>
  language === 'fr' ? 'fr' : 'en';

/** Adds the texts to i18next, once. */
export const registerSavedSearchTexts = () =>
  registerTexts('savedSearches', savedSearchesEn, savedSearchesFr);
