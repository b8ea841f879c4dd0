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

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

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
