import { registerTexts } from '../../../../shared/i18n/register-texts';
import type { Texts } from '../../../../shared/i18n/texts';

/**
 * Texts of the posting dialog (issue 23), under `jobOffers.posting` and `jobOffers.questions`. They are added to
 * i18next when the dialog's chunk loads (`registerPostingTexts`): in the job offers' own texts they would push
 * the jobs screen past DESIGN section 6's 250 kB of JavaScript.
 */
export const jobPostingEn = {
  posting: {
    title: 'Posting of {{name}}',
    published: 'Published',
    publishedHint: 'Shown on the careers site, where candidates apply',
    archivedHint: 'An archived offer is not published',
    publicLink: 'Public link:',
    siteNotSaved: 'The careers site is not set up yet: an admin chooses its address in Settings.',
    description: 'Description',
    city: 'City',
    country: 'Country',
    countryHint: 'Two-letter code, e.g. FR',
    countryFormat: 'Use the two-letter code of the country, e.g. FR',
    workplace: 'Workplace',
    workplaces: { on_site: 'On site', hybrid: 'Hybrid', remote: 'Remote' },
    contract: 'Contract',
    noContract: 'Not said',
    contracts: {
      permanent: 'Permanent',
      fixed_term: 'Fixed term',
      temporary: 'Temporary',
      internship: 'Internship',
      apprenticeship: 'Apprenticeship',
      freelance: 'Freelance',
    },
    salaryMin: 'Salary from',
    salaryMax: 'Salary to',
    salaryRange: 'The lower bound is above the upper one',
    currency: 'Currency',
    currencyHint: 'Three-letter code, e.g. EUR',
    currencyFormat: 'A salary needs its currency, as a three-letter code (EUR)',
    save: 'Save the posting',
    saved: 'The posting is saved',
    close: 'Close',
  },
  questions: {
    title: 'Questions of the apply form',
    none: 'No question: candidates send their details and CV only.',
    nth: 'Question {{n}}',
    label: 'Question {{n}}',
    kind: 'Kind of question {{n}}',
    kinds: {
      short_text: 'Short text',
      long_text: 'Long text',
      yes_no: 'Yes / no',
      single_choice: 'One choice',
    },
    choices: 'Choices of question {{n}}',
    choicesHint: 'Type a choice and press Enter',
    choicesCount: 'Give 2 to 20 choices',
    required: 'Required',
    up: 'Move question {{n}} up',
    down: 'Move question {{n}} down',
    remove: 'Remove question {{n}}',
    add: 'Add a question',
  },
};

export const jobPostingFr: Texts<typeof jobPostingEn> = {
  posting: {
    title: 'Annonce de {{name}}',
    published: 'Publiée',
    publishedHint: 'Visible sur le site carrières, où les candidats postulent',
    archivedHint: "Une offre archivée n'est pas publiée",
    publicLink: 'Lien public :',
    siteNotSaved:
      "Le site carrières n'est pas encore configuré : un administrateur choisit son adresse dans Paramètres.",
    description: 'Description',
    city: 'Ville',
    country: 'Pays',
    countryHint: 'Code à deux lettres, par exemple FR',
    countryFormat: 'Indiquez le code du pays à deux lettres, par exemple FR',
    workplace: 'Lieu de travail',
    workplaces: { on_site: 'Sur site', hybrid: 'Hybride', remote: 'Télétravail' },
    contract: 'Contrat',
    noContract: 'Non précisé',
    contracts: {
      permanent: 'CDI',
      fixed_term: 'CDD',
      temporary: 'Intérim',
      internship: 'Stage',
      apprenticeship: 'Alternance',
      freelance: 'Freelance',
    },
    salaryMin: 'Salaire à partir de',
    salaryMax: "Salaire jusqu'à",
    salaryRange: 'Le minimum dépasse le maximum',
    currency: 'Devise',
    currencyHint: 'Code à trois lettres, par exemple EUR',
    currencyFormat: 'Un salaire demande sa devise, en code à trois lettres (EUR)',
    save: "Enregistrer l'annonce",
    saved: "L'annonce est enregistrée",
    close: 'Fermer',
  },
  questions: {
    title: 'Questions du formulaire de candidature',
    none: 'Aucune question : les candidats envoient leurs coordonnées et leur CV.',
    nth: 'Question {{n}}',
    label: 'Question {{n}}',
    kind: 'Type de la question {{n}}',
    kinds: {
      short_text: 'Texte court',
      long_text: 'Texte long',
      yes_no: 'Oui / non',
      single_choice: 'Choix unique',
    },
    choices: 'Choix de la question {{n}}',
    choicesHint: 'Tapez un choix puis Entrée',
    choicesCount: 'Donnez de 2 à 20 choix',
    required: 'Obligatoire',
    up: 'Monter la question {{n}}',
    down: 'Descendre la question {{n}}',
    remove: 'Supprimer la question {{n}}',
    add: 'Ajouter une question',
  },
};

/** Adds the dialog's texts to both languages, once. */
export const registerPostingTexts = () => registerTexts('jobOffers', jobPostingEn, jobPostingFr);
