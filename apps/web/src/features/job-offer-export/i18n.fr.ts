import type { Texts } from '../../shared/i18n/texts';
import type { jobOfferExportEn } from './i18n';

/** French texts; the compiler checks that every English key has one. */
export const jobOfferExportFr: Texts<typeof jobOfferExportEn> = {
  from: 'Candidats de',
  statuses: 'Statuts à exporter',
  changeStatus: "Changer le statut des candidats après l'export",
  newStatus: 'Nouveau statut',
  newStatusPlaceholder: 'Veuillez choisir un statut',
  progress: "Progression de l'export",
  export: 'Exporter',
  exported: '{{n}} élément(s) exporté(s)',
  statusesUpdated: '. les statuts ont été changés en « {{status}} »',
  loading: "Chargement de l'offre d'emploi…",
};
