export type AlertLanguage = 'en' | 'fr';

type AlertTexts = {
  subject(count: number, name: string, digest: boolean): string;
  intro(count: number, name: string, digest: boolean): string;
  more(count: number): string;
  open: string;
  why: string;
};

/** A saved search's alert mail in each language (decision 209): the owner's, as they set the alert. */
const TEXTS: Record<AlertLanguage, AlertTexts> = {
  en: {
    subject: (count, name, digest) =>
      `Vivier: ${count} new candidate${count === 1 ? '' : 's'} for “${name}”${digest ? ' today' : ''}`,
    intro: (count, name, digest) =>
      `${digest ? 'Your daily digest: ' : ''}${count} new candidate${count === 1 ? '' : 's'} ` +
      `${count === 1 ? 'matches' : 'match'} your saved search “${name}”:`,
    more: (count) => `… and ${count} more.`,
    open: 'Open the search',
    why: 'You receive this mail because you turned on alerts for this saved search; turn them off in its menu, under Candidates in the side menu.',
  },
  fr: {
    subject: (count, name, digest) =>
      `Vivier : ${count} nouveau${count === 1 ? '' : 'x'} candidat${count === 1 ? '' : 's'} pour « ${name} »${digest ? " aujourd'hui" : ''}`,
    intro: (count, name, digest) =>
      `${digest ? 'Votre résumé du jour : ' : ''}${count} nouveau${count === 1 ? '' : 'x'} candidat${count === 1 ? '' : 's'} ` +
      `${count === 1 ? 'correspond' : 'correspondent'} à votre recherche enregistrée « ${name} » :`,
    more: (count) => `… et ${count} de plus.`,
    open: 'Ouvrir la recherche',
    why: 'Vous recevez ce message parce que vous avez activé les alertes de cette recherche enregistrée ; désactivez-les dans son menu, sous Candidats dans le menu latéral.',
  },
};

export const alertMailTexts = (language: AlertLanguage): AlertTexts => TEXTS[language];
