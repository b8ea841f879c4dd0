import type { Texts } from '../../i18n/texts';
import type { erasureEn } from './i18n';

/** Textes de l’effacement (issue 24, décision 193), sous `erasure`. */
export const erasureFr: Texts<typeof erasureEn> = {
  action: 'Effacer ce candidat',
  title: 'Effacer définitivement {{name}}',
  explain:
    'Tout ce que Vivier conserve sur cette personne est supprimé : profil, coordonnées, notes, fichiers, e-mails, réponses et consentements. Ses candidatures restent, comptées mais anonymes, pour les rapports. C’est irréversible.',
  typeName: 'Saisissez le nom complet du candidat pour confirmer : {{name}}',
  nameLabel: 'Nom complet',
  confirm: 'Effacer définitivement',
  erased: 'Le candidat a été effacé',
  failed: 'Le candidat n’a pas pu être effacé',
  bulkAction: 'Effacer…',
  bulkTitle: 'Effacer définitivement {{count}} candidat(s)',
  bulkSelection: 'les {{count}} candidat(s) sélectionné(s)',
  bulkSearch: 'les {{count}} candidat(s) trouvé(s) par la recherche',
  bulkExplain:
    'Vous allez effacer {{what}}. Tout ce que Vivier conserve sur eux est supprimé ; leurs candidatures restent, comptées mais anonymes. C’est irréversible.',
  typeCount: 'Saisissez le nombre de candidats pour confirmer : {{count}}',
  countLabel: 'Nombre de candidats',
  progress: '{{done}} sur {{total}} traités',
  bulkDone: '{{count}} candidat(s) effacé(s)',
  bulkFailed: 'Les candidats n’ont pas pu être effacés',
  close: 'Fermer',
};
