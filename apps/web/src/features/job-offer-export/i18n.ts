/** Texts of the export screen (SPEC section 2, Export screen), merged into the app's translations under `jobOfferExport`. */
export const jobOfferExportEn = {
  from: 'Candidates of',
  statuses: 'Statuses to export',
  changeStatus: 'Change candidates status after export',
  newStatus: 'New status',
  newStatusPlaceholder: 'Please select a status',
  progress: 'Export progress',
  export: 'Export',
  exported: '{{n}} element(s) exported',
  statusesUpdated: '. statuses were updated to "{{status}}"',
  loading: 'Loading the job offer…',
} as const;

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

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
