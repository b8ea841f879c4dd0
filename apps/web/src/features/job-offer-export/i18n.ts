import { registerTexts } from '../../shared/i18n/register-texts';
import { jobOfferExportFr } from './i18n.fr';

/** Texts of the export screen (SPEC section 2, Export screen), added to the app's translations when the screen's chunk loads, under `jobOfferExport`. */
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

/** Adds these texts to i18next, once: the module that shows them calls it when its lazy chunk loads. */
export const registerExportTexts = () => registerTexts('jobOfferExport', jobOfferExportEn, jobOfferExportFr);
