import type { Texts } from '../../shared/i18n/texts';
import type { jobOfferCopyEn } from './i18n';

/** French texts; the compiler checks that every English key has one. */
export const jobOfferCopyFr: Texts<typeof jobOfferCopyEn> = {
  from: 'Candidats de',
  statuses: 'Statuts à copier',
  selectedCount: '{{count}} candidat(s) sélectionné(s)',
  existing: "Choisir une offre d'emploi existante",
  existingPlaceholder: "Choisissez une offre d'emploi ou tapez pour rechercher...",
  noOfferFound: "Aucune offre d'emploi trouvée",
  noCompany: "Pas d'entreprise",
  or: 'OU',
  create: "Créer une nouvelle offre d'emploi",
  name: 'Nom',
  company: 'Entreprise',
  companyPlaceholder: 'Tapez pour rechercher une entreprise',
  copy: 'Copier',
  copied: '{{n}} élément(s) copié(s), {{m}} doublon(s) exclu(s)',
  loading: "Chargement de l'offre d'emploi…",
};
