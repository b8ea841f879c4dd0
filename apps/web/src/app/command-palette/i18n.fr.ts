import type { Texts } from '../../shared/i18n/texts';
import type { paletteEn } from './i18n';

export const paletteFr: Texts<typeof paletteEn> = {
  label: 'Palette de commandes',
  search: 'Rechercher une offre, un candidat ou une action',
  nothing: 'Aucun résultat',
  actions: 'Actions',
  jobOffers: "Offres d'emploi",
  candidates: 'Candidats',
  language: 'Langue',
  newJobOffer: "Nouvelle offre d'emploi",
  newCandidate: 'Nouveau candidat',
  importCandidates: 'Importer des candidats (CSV)',
  exportJobOffer: 'Exporter cette offre',
  noCompany: "Pas d'entreprise",
  unnamed: 'Candidat sans nom',
  hint: "Ctrl + K ou Cmd + K ouvre cette palette depuis n'importe quel écran.",
};
