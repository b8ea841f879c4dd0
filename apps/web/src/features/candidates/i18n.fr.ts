import type { Texts } from '../../shared/i18n/texts';
import type { candidatesEn } from './i18n';

/** French texts; the compiler checks that every English key has one. */
export const candidatesFr: Texts<typeof candidatesEn> = {
  count: 'candidat(s)',
  countCapped: '{{count}}+ candidat(s)',
  selected: '{{count}} sélectionné(s)',
  empty: "Il n'y a aucun candidat correspondant à vos critères",
  searchLabel: 'Rechercher un candidat par nom, e-mail, téléphone ou titre',
  searchInCvs: 'Rechercher dans les CV',
  cvExcerpt: 'Dans {{file}} :',
  selectAll: 'Tout sélectionner',
  clearSelection: 'Vider la sélection',
  addToJobOffer: "Ajouter à une offre d'emploi",
  newCandidate: 'Nouveau candidat',
  importCsv: 'Importer un CSV',
  createFromCvs: 'Créer depuis des CV',
  saveSearch: 'Enregistrer la recherche',
  legalBasis: {
    filter: 'Base légale',
    any: 'Toute base légale',
    consent: 'Consentement',
    legitimate_interest: 'Intérêt légitime',
  },
  noCredits:
    'Plus de crédits : chaque candidat créé ou importé en utilise un. Demandez des crédits à votre administrateur.',
  added: "{{count}} candidats ajoutés avec succès à l'offre d'emploi",
  alreadyInOffer: "{{count}} candidat(s) déjà dans cette offre d'emploi",
  card: {
    select: 'Sélectionner {{name}}',
    unnamed: 'Candidat sans nom',
    picture: 'Photo de {{name}}',
    emails: '{{count}} adresse(s) e-mail de {{name}}',
    phones: '{{count}} téléphone(s) de {{name}}',
  },
  tags: {
    label: 'Rechercher par étiquettes',
    placeholderTag: "Tapez le nom d'une étiquette...",
    placeholderOperator: 'ET, OU...',
    and: 'ET',
    or: 'OU',
    not: 'NON',
    noTag: 'Aucune étiquette trouvée',
    remove: 'Retirer le dernier élément',
    clear: 'Vider la recherche par étiquettes',
  },
};
