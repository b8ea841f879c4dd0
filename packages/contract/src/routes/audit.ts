import { AuditExportQuery, AuditListQuery, AuditPage } from '../audit.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** The audit log (issue 24, decision 192): read and exported by the licence's admins; nothing writes it. */
export const audit = group(at.audit, ['audit'], {
  list: {
    query: AuditListQuery,
    responses: { 200: AuditPage },
    errors: ['forbidden'],
    summary: "The licence's audit log, newest first, a page at a time (keyset: `before`), with filters",
  },
  export: {
    query: AuditExportQuery,
    // A file stream (CSV), not JSON: no response schema; its columns are the contract's AUDIT_EXPORT_COLUMNS.
    responses: {},
    errors: ['forbidden'],
    summary: "The licence's audit log, filtered, as a CSV file",
    description:
      'Streams text/csv (UTF-8 with BOM, comma-separated), newest first; columns: AUDIT_EXPORT_COLUMNS',
    produces: ['text/csv'],
  },
});
