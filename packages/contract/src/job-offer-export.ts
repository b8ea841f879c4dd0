import { z } from 'zod';
import { RejectionInput } from './activity.ts';
import { Id } from './common.ts';
import { ExportFormat } from './users.ts';

/** `statuses[]=1&statuses[]=2` (or one `statuses=1`): a list of status ids from a query string. */
const StatusIds = z
  .union([Id, z.array(Id)])
  .transform((v) => (Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.number()).max(100));

/**
 * `GET /api/job_offers/{id}/export?statuses[]=…&format=…` streams a file of the offer's job applications
 * (docs/export-formats.md), oldest application first.
 * - `statuses`: only applications in these statuses; absent, every application of the offer. Ids the licence
 *   does not have match nothing.
 * - `format`: `csv_semicolumn` (`;`), `csv_comma` (`,`) or `admen` (tab-separated `.txt`); absent, the caller's
 *   own export format (`users.settings.export.type`), else the licence's `export` setting.
 * The answer is `200` with `Content-Disposition: attachment; filename="{company}_{job}_{YYYY-MM-DD}.csv|txt"`,
 * `X-Total-Count` (the rows the file holds, counted before the first byte) and `X-Export-Format`. Rows are read
 * from the database in batches of 50 (SPEC section 9), so memory stays flat whatever the size. Any user who sees
 * the offer may export it; another licence's or a hidden offer answers 404.
 */
export const JobOfferExportQuery = z.strictObject({
  statuses: StatusIds.optional(),
  format: ExportFormat.optional(),
});
export type JobOfferExportQuery = z.input<typeof JobOfferExportQuery>;

/**
 * `POST /api/job_offers/{id}/export/status_change`: after an export, moves every application of the offer whose
 * status is one of `statuses` to `status_id` (SPEC sections 4 and 7: "sends job offer id, status id and selected
 * statuses"), in one statement of one transaction: all of them or none. Applications already in `status_id` are
 * left as they are. Needs the right to edit the offer (403); unknown or other-licence statuses answer 422
 * `invalid_reference` and move nothing.
 */
export const ExportStatusChangeInput = z.strictObject({
  status_id: z.number().int().positive().max(2_147_483_647),
  statuses: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(100),
  /** Required when `status_id` is marked rejected (issue 21). */
  rejection: RejectionInput.optional(),
});
export type ExportStatusChangeInput = z.input<typeof ExportStatusChangeInput>;

/** How many applications moved. */
export const ExportStatusChangeResult = z.object({ updated_count: z.number() });
export type ExportStatusChangeResult = z.infer<typeof ExportStatusChangeResult>;

/**
 * The 14 columns of an export, in order: the CSV header of SPEC section 9 and the admen column (tab-separated
 * `.txt`; P_ the person and their application, F_ their education (formation), S_ their company (société)).
 * docs/export-formats.md says what each column holds.
 */
export const EXPORT_COLUMNS = [
  { csv: 'Full name', admen: 'P_NOM_COMPLET' },
  { csv: 'First name', admen: 'P_PRENOM' },
  { csv: 'Last name', admen: 'P_NOM' },
  { csv: 'Title', admen: 'P_TITRE' },
  { csv: 'Primary email', admen: 'P_EMAIL' },
  { csv: 'Emails', admen: 'P_EMAILS' },
  { csv: 'Linkedin', admen: 'P_LINKEDIN' },
  { csv: 'Phone number', admen: 'P_TELEPHONE' },
  { csv: 'Status', admen: 'P_STATUT' },
  { csv: 'Last company', admen: 'S_NOM' },
  { csv: 'School name', admen: 'F_ECOLE' },
  { csv: 'Diploma', admen: 'F_DIPLOME' },
  { csv: 'Job offer', admen: 'P_OFFRE' },
  { csv: 'Date added', admen: 'P_DATE_AJOUT' },
] as const;
