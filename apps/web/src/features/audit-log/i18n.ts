import { registerTexts } from '../../shared/i18n/register-texts';
import { auditLogFr } from './i18n.fr';

/** Texts of the audit log screen (issue 24), added to the app's translations when the screen's chunk loads, under `auditLog`. */
export const auditLogEn = {
  title: 'Audit log',
  filters: 'Filters',
  action: 'Action',
  anyAction: 'Any action',
  actorId: 'User id',
  targetKind: 'Target',
  anyTarget: 'Any target',
  targetId: 'Target id',
  from: 'From',
  to: 'To (excluded)',
  exportCsv: 'Export CSV',
  loadMore: 'Show older entries',
  empty: 'No entry matches these filters',
  columns: {
    seq: '#',
    at: 'When',
    actor: 'Who',
    address: 'Address',
    action: 'Action',
    target: 'Target',
    details: 'Details',
  },
  system: 'Vivier',
  adminsOnly: 'Only an admin can read the audit log',
  fetchError: 'The audit log could not be fetched',
  exportError: 'The audit log could not be exported',
} as const;

/** Adds these texts to i18next, once: the module that shows them calls it when its lazy chunk loads. */
export const registerAuditLogTexts = () => registerTexts('auditLog', auditLogEn, auditLogFr);
