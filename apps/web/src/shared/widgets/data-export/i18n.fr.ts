import type { Texts } from '../../i18n/texts';
import type { privacyEn } from './i18n';

export const privacyFr: Texts<typeof privacyEn> = {
  export: 'Exporter les données de ce candidat',
  exporting: 'Export en cours…',
  exportHint: 'Un ZIP de tout ce que Vivier détient sur cette personne, et ses fichiers',
  exportFailed: "Les données du candidat n'ont pas pu être exportées",
  requests: 'Demandes sur les données personnelles',
  requestsIntro:
    'Les demandes faites par des personnes sur votre site carrières et confirmées par le lien qui leur a été envoyé. La loi demande une réponse dans un délai d’un mois.',
  open: 'En cours',
  done: 'Traitées',
  none: 'Aucune demande',
  candidate: 'Candidat',
  kind: 'Demande',
  access: 'Accès (une copie)',
  erasure: 'Effacement',
  confirmed: 'Confirmée le',
  due: 'Échéance',
  overdue: 'En retard',
  closedBy: 'Traitée par',
  actions: 'Actions',
  erased: 'Candidat effacé',
  download: 'Télécharger les données du candidat',
  openCandidate: 'Ouvrir le candidat',
  erasureHint: 'Effacez le candidat depuis sa fiche, puis marquez la demande comme traitée.',
  markDone: 'Marquer comme traitée',
  markDoneOf: 'Marquer la demande de {{name}} comme traitée',
  fetchFailed: "Les demandes n'ont pas pu être récupérées",
  closeFailed: "La demande n'a pas pu être marquée comme traitée",
};
