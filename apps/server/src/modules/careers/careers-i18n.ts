import type { CONTRACT_TYPES, WORKPLACES } from '@vivier/contract';
import type { FieldError } from './apply/apply-form.ts';

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
  unreadable:
    'This request could not be read (a file too large, or a form of another kind): please go back and try again.',
  contracts: {
    permanent: 'Permanent',
    fixed_term: 'Fixed-term',
    temporary: 'Temporary',
    internship: 'Internship',
    apprenticeship: 'Apprenticeship',
    freelance: 'Freelance',
  } satisfies Record<Contract, string>,
  workplaces: { on_site: 'On site', hybrid: 'Hybrid', remote: 'Remote' } satisfies Record<Workplace, string>,
  apply: {
    title: 'Apply for this position',
    intro: 'Fields marked * are required.',
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone',
    cv: 'CV (PDF, DOCX, ODT or text)',
    coverLetter: 'Cover letter',
    optional: 'optional',
    yes: 'Yes',
    no: 'No',
    choose: 'Choose…',
    consent: (org: string) =>
      `I agree that ${org} processes my personal data to handle my application, as its privacy notice explains.`,
    privacyNotice: 'Read the privacy notice',
    submit: 'Send my application',
    honeypot: 'Leave this field empty',
    errorsTitle: 'Your application was not sent: please correct the fields below.',
    chooseCvAgain: 'Please choose your CV file again.',
    challenge:
      'Too many applications were sent from your network: your browser will solve a short puzzle before sending yours.',
    challengeWorking: 'Checking your browser…',
    challengeDone: 'Done: you can send your application.',
    challengeFailed: 'The check failed: please reload the page.',
    noScript: 'Sending this form now needs JavaScript: please turn it on, or try again in a few minutes.',
    sentTitle: 'Application sent',
    sent: (offer: string) =>
      `Thank you: your application for ${offer} was sent. A confirmation is on its way to your mailbox.`,
  },
  privacy: {
    link: 'Your personal data: ask for a copy or its erasure',
    title: 'Your personal data',
    intro: (org: string) =>
      `If you applied to ${org}, you may ask for a copy of the personal data it holds about you, or for its erasure. Type the email address you applied with: if it is one ${org} holds, a link to confirm your request will be mailed to it.`,
    kind: 'Your request',
    access: 'A copy of my data',
    erasure: 'The erasure of my data',
    email: 'Your email address',
    submit: 'Send my request',
    errorsTitle: 'Your request was not sent: please correct the fields below.',
    required: 'This field is required.',
    invalidEmail: 'Enter a valid email address.',
    sentTitle: 'Check your mailbox',
    sent: 'If this address is one we hold, a message with a link to confirm your request is on its way to it. The link holds for 24 hours.',
    confirmTitle: 'Confirm your request',
    confirmAccess: 'Press the button to confirm that you ask for a copy of your personal data.',
    confirmErasure: 'Press the button to confirm that you ask for the erasure of your personal data.',
    confirm: 'Confirm my request',
    confirmedTitle: 'Request confirmed',
    confirmed: (org: string) =>
      `Thank you: your request is confirmed. ${org} will answer it within one month.`,
    linkGoneTitle: 'Link no longer valid',
    linkGone: 'This link was already used, has expired, or is not one we sent. You can make a new request.',
    newRequest: 'Make a request',
  },
  fieldErrors: {
    required: 'This field is required.',
    tooLong: 'This answer is too long.',
    invalidEmail: 'Enter a valid email address.',
    invalidPhone: 'Enter a valid phone number.',
    invalidChoice: 'Choose one of the answers offered.',
    consent: 'Your consent is needed to send your application.',
    cvType: 'The CV must be a PDF, DOCX, ODT or text file.',
    cvTooLarge: 'The CV file is too large.',
    cvEmpty: 'The CV file is empty.',
  } satisfies Record<FieldError, string>,
  keep: {
    title: 'Keep your data?',
    intro: (org: string) =>
      `${org} keeps the data of your application in its recruitment software, and will erase it soon unless you agree it keeps it for another period.`,
    statement: (org: string) =>
      `I agree that ${org} keeps my application data for another retention period, to consider me for future positions.`,
    submit: 'Keep my data',
    decline: 'Nothing to do if you would rather it were erased: just close this page.',
    keptTitle: 'Thank you',
    kept: (org: string) =>
      `${org} will keep your data for another period. You can ask for its erasure at any time.`,
    used: 'This link was already used: your answer was recorded.',
    unknown: 'This link is not valid (any more): your data may have been erased already.',
  },
  interview: {
    title: (org: string) => `Your interview with ${org}`,
    intro: (offer: string) => `About: ${offer}`,
    when: 'When',
    duration: (minutes: number) => `${minutes} minutes`,
    how: 'How',
    kinds: { on_site: 'On site', phone: 'By phone', video: 'By video' },
    where: 'Where',
    accept: 'Accept',
    decline: 'Decline',
    propose: 'Propose another time',
    proposal: 'Which times suit you?',
    send: 'Send',
    current: (answer: string) => `Your current answer: ${answer}.`,
    answers: { accepted: 'accepted', declined: 'declined', proposed: 'another time proposed' },
    thanks: 'Thank you, your answer was sent to the team.',
    cancelled: 'This interview was cancelled.',
    unknown: 'This link is not valid (any more).',
  },
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
  unreadable:
    'Cette requête n’a pas pu être lue (un fichier trop volumineux, ou un formulaire d’un autre type) : revenez en arrière et réessayez.',
  contracts: {
    permanent: 'CDI',
    fixed_term: 'CDD',
    temporary: 'Intérim',
    internship: 'Stage',
    apprenticeship: 'Alternance',
    freelance: 'Freelance',
  },
  workplaces: { on_site: 'Sur site', hybrid: 'Hybride', remote: 'Télétravail' },
  apply: {
    title: 'Postuler à cette offre',
    intro: 'Les champs marqués * sont obligatoires.',
    firstName: 'Prénom',
    lastName: 'Nom',
    email: 'E-mail',
    phone: 'Téléphone',
    cv: 'CV (PDF, DOCX, ODT ou texte)',
    coverLetter: 'Lettre de motivation',
    optional: 'facultatif',
    yes: 'Oui',
    no: 'Non',
    choose: 'Choisir…',
    consent: (org) =>
      `J’accepte que ${org} traite mes données personnelles pour gérer ma candidature, comme l’explique sa politique de confidentialité.`,
    privacyNotice: 'Lire la politique de confidentialité',
    submit: 'Envoyer ma candidature',
    honeypot: 'Laissez ce champ vide',
    errorsTitle: 'Votre candidature n’a pas été envoyée : veuillez corriger les champs ci-dessous.',
    chooseCvAgain: 'Veuillez choisir à nouveau votre fichier CV.',
    challenge:
      'Trop de candidatures ont été envoyées depuis votre réseau : votre navigateur va résoudre une courte énigme avant d’envoyer la vôtre.',
    challengeWorking: 'Vérification de votre navigateur…',
    challengeDone: 'C’est fait : vous pouvez envoyer votre candidature.',
    challengeFailed: 'La vérification a échoué : veuillez recharger la page.',
    noScript:
      'L’envoi de ce formulaire demande maintenant JavaScript : activez-le, ou réessayez dans quelques minutes.',
    sentTitle: 'Candidature envoyée',
    sent: (offer) =>
      `Merci : votre candidature au poste ${offer} a bien été envoyée. Une confirmation arrive dans votre boîte mail.`,
  },
  privacy: {
    link: 'Vos données personnelles : en demander une copie ou l’effacement',
    title: 'Vos données personnelles',
    intro: (org) =>
      `Si vous avez postulé chez ${org}, vous pouvez demander une copie des données personnelles qu’elle détient sur vous, ou leur effacement. Saisissez l’adresse e-mail avec laquelle vous avez postulé : si ${org} la détient, un lien pour confirmer votre demande y sera envoyé.`,
    kind: 'Votre demande',
    access: 'Une copie de mes données',
    erasure: 'L’effacement de mes données',
    email: 'Votre adresse e-mail',
    submit: 'Envoyer ma demande',
    errorsTitle: 'Votre demande n’a pas été envoyée : veuillez corriger les champs ci-dessous.',
    required: 'Ce champ est obligatoire.',
    invalidEmail: 'Saisissez une adresse e-mail valide.',
    sentTitle: 'Consultez votre boîte mail',
    sent: 'Si nous détenons cette adresse, un message contenant un lien pour confirmer votre demande vient d’y être envoyé. Le lien est valable 24 heures.',
    confirmTitle: 'Confirmez votre demande',
    confirmAccess:
      'Appuyez sur le bouton pour confirmer que vous demandez une copie de vos données personnelles.',
    confirmErasure:
      'Appuyez sur le bouton pour confirmer que vous demandez l’effacement de vos données personnelles.',
    confirm: 'Confirmer ma demande',
    confirmedTitle: 'Demande confirmée',
    confirmed: (org) => `Merci : votre demande est confirmée. ${org} y répondra dans un délai d’un mois.`,
    linkGoneTitle: 'Lien non valide',
    linkGone:
      'Ce lien a déjà servi, a expiré, ou ne vient pas de nous. Vous pouvez faire une nouvelle demande.',
    newRequest: 'Faire une demande',
  },
  fieldErrors: {
    required: 'Ce champ est obligatoire.',
    tooLong: 'Cette réponse est trop longue.',
    invalidEmail: 'Saisissez une adresse e-mail valide.',
    invalidPhone: 'Saisissez un numéro de téléphone valide.',
    invalidChoice: 'Choisissez l’une des réponses proposées.',
    consent: 'Votre consentement est nécessaire pour envoyer votre candidature.',
    cvType: 'Le CV doit être un fichier PDF, DOCX, ODT ou texte.',
    cvTooLarge: 'Le fichier CV est trop volumineux.',
    cvEmpty: 'Le fichier CV est vide.',
  },
  keep: {
    title: 'Conserver vos données ?',
    intro: (org) =>
      `${org} conserve les données de votre candidature dans son logiciel de recrutement et les effacera bientôt, sauf si vous acceptez qu’elles soient gardées une période de plus.`,
    statement: (org) =>
      `J’accepte que ${org} conserve les données de ma candidature pour une nouvelle période, afin de me proposer de futurs postes.`,
    submit: 'Conserver mes données',
    decline: 'Rien à faire si vous préférez qu’elles soient effacées : fermez simplement cette page.',
    keptTitle: 'Merci',
    kept: (org) =>
      `${org} conservera vos données une période de plus. Vous pouvez en demander l’effacement à tout moment.`,
    used: 'Ce lien a déjà été utilisé : votre réponse est enregistrée.',
    unknown: 'Ce lien n’est pas (ou plus) valide : vos données ont peut-être déjà été effacées.',
  },
  interview: {
    title: (org) => `Votre entretien avec ${org}`,
    intro: (offer) => `Poste : ${offer}`,
    when: 'Quand',
    duration: (minutes) => `${minutes} minutes`,
    how: 'Format',
    kinds: { on_site: 'Sur place', phone: 'Par téléphone', video: 'En visio' },
    where: 'Où',
    accept: 'Accepter',
    decline: 'Refuser',
    propose: 'Proposer un autre moment',
    proposal: 'Quels moments vous conviennent ?',
    send: 'Envoyer',
    current: (answer) => `Votre réponse actuelle : ${answer}.`,
    answers: { accepted: 'acceptée', declined: 'refusée', proposed: 'autre moment proposé' },
    thanks: 'Merci, votre réponse a été transmise à l’équipe.',
    cancelled: 'Cet entretien a été annulé.',
    unknown: 'Ce lien n’est pas (ou plus) valide.',
  },
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
