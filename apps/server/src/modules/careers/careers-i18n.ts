import type { CONTRACT_TYPES, WORKPLACES } from '@vivier/contract';

/** The careers site's languages (issue 23): the app's two. */
export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

type Contract = (typeof CONTRACT_TYPES)[number];
type Workplace = (typeof WORKPLACES)[number];

const en = {
  htmlTitle: (org: string) => `Careers at ${org}`,
  openPositions: 'Open positions',
  filters: 'Search offers',
  search: 'Job title',
  location: 'Location',
  contract: 'Contract',
  workplace: 'Workplace',
  any: 'Any',
  submit: 'Search',
  clear: 'Clear filters',
  count: (n: number) => `${n} offer(s)`,
  empty: 'No open positions at the moment.',
  noMatch: 'No offer matches these filters.',
  posted: (date: string) => `Posted on ${date}`,
  salary: 'Salary',
  allOffers: 'All offers',
  previous: 'Previous page',
  next: 'Next page',
  logo: (org: string) => `${org} logo`,
  language: 'Language',
  notFound: 'Page not found',
  offerGone: 'This offer is not available (any more).',
  siteMissing: 'There is no careers site at this address.',
  invalidSearch: 'Invalid search',
  badRequest: 'This search is not valid.',
  tooManyTitle: 'Too many requests',
  tooMany: 'Too many requests: please try again in a minute.',
  failedTitle: 'Error',
  failed: 'Something went wrong: please try again later.',
  contracts: {
    permanent: 'Permanent',
    fixed_term: 'Fixed-term',
    temporary: 'Temporary',
    internship: 'Internship',
    apprenticeship: 'Apprenticeship',
    freelance: 'Freelance',
  } satisfies Record<Contract, string>,
  workplaces: { on_site: 'On site', hybrid: 'Hybrid', remote: 'Remote' } satisfies Record<Workplace, string>,
};

export type CareersTexts = typeof en;

const fr: CareersTexts = {
  htmlTitle: (org) => `Carrières chez ${org}`,
  openPositions: 'Postes ouverts',
  filters: 'Rechercher une offre',
  search: 'Intitulé du poste',
  location: 'Lieu',
  contract: 'Contrat',
  workplace: 'Mode de travail',
  any: 'Tous',
  submit: 'Rechercher',
  clear: 'Effacer les filtres',
  count: (n) => `${n} offre(s)`,
  empty: 'Aucun poste ouvert pour le moment.',
  noMatch: 'Aucune offre ne correspond à ces filtres.',
  posted: (date) => `Publiée le ${date}`,
  salary: 'Salaire',
  allOffers: 'Toutes les offres',
  previous: 'Page précédente',
  next: 'Page suivante',
  logo: (org) => `Logo de ${org}`,
  language: 'Langue',
  notFound: 'Page introuvable',
  offerGone: "Cette offre n'est pas (ou plus) disponible.",
  siteMissing: "Il n'y a pas de site carrières à cette adresse.",
  invalidSearch: 'Recherche invalide',
  badRequest: "Cette recherche n'est pas valide.",
  tooManyTitle: 'Trop de requêtes',
  tooMany: 'Trop de requêtes : veuillez réessayer dans une minute.',
  failedTitle: 'Erreur',
  failed: 'Une erreur est survenue : veuillez réessayer plus tard.',
  contracts: {
    permanent: 'CDI',
    fixed_term: 'CDD',
    temporary: 'Intérim',
    internship: 'Stage',
    apprenticeship: 'Alternance',
    freelance: 'Freelance',
  },
  workplaces: { on_site: 'Sur site', hybrid: 'Hybride', remote: 'Télétravail' },
};

export const TEXTS: Record<Language, CareersTexts> = { en, fr };

/** Each language's name, written in itself: the switch link's text. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The visitor's language: `?lang=` when it names one, else the first of ours in `Accept-Language` by its
 * weights, else English.
 */
export function languageOf(query: unknown, acceptLanguage: string | undefined): Language {
  if (isLanguage(query)) return query;
  const ranked = (acceptLanguage ?? '')
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.trim().toLowerCase().split('-')[0], weight: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((entry) => isLanguage(entry.base) && entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  const first = ranked[0]?.base;
  return isLanguage(first) ? first : 'en';
}
