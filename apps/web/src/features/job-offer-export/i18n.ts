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
