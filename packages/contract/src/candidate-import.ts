import { z } from 'zod';
import { IMPORT_ENCODINGS } from './constants.ts';

/** The candidate fields a CSV column can fill. */
export const ImportField = z.enum([
  'first_name',
  'last_name',
  'emails',
  'phones',
  'title',
  'company',
  'linkedin',
  'tags',
]);
export type ImportField = z.infer<typeof ImportField>;

/** The largest CSV file accepted (about 250,000 rows of ordinary candidates). */
export const IMPORT_MAX_BYTES = 32 * 1024 * 1024;
/** How the file's bytes are read (constants.ts; docs/decisions/147). */
export { IMPORT_ENCODINGS };
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/** Rows written per transaction: a failure rolls back its batch only, never half of one. */
export const IMPORT_BATCH_ROWS = 500;

const columns = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).filter((s) => s !== ''))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d{1,3}$/, { error: 'must be column numbers from 0' })
          .transform(Number),
      )
      .max(20),
  );

/**
 * `POST /api/candidates/import` (beyond SPEC section 7): the body is the CSV file itself (`Content-Type:
 * text/csv`, at most `IMPORT_MAX_BYTES`, in the `encoding` of the query), its first row the column names. The query maps file columns
 * (0-based) to fields: `mapping[first_name]=0&mapping[emails][]=2&mapping[emails][]=3` (or `mapping[emails]=2,3`).
 * Several columns may feed emails, phones and tags; tags are also split on `,` `;` `|` inside a cell. For
 * other fields the first non-empty mapped cell wins. `delimiter` is `,` `;` `|` or `tab`; absent, it is read
 * from the header row.
 *
 * Each row either creates a candidate (one credit), or merges into the licence's candidate that has one of its
 * emails (ignoring case; an earlier row of the same file counts): missing emails, phones and tags are added
 * and empty fields filled, nothing overwritten, no credit spent; or is rejected with a reason (no name nor
 * email, bad email or phone, malformed CSV line, no credit left). Tags are matched by name ignoring case and
 * created when the caller may create tags (else left out, and said in the row's message).
 *
 * Rows are written in batches of `IMPORT_BATCH_ROWS`, one transaction each. A bad mapping, an empty file or a
 * file too large is a 4xx before anything is written. Otherwise the answer is 200 `application/x-ndjson`:
 * one `ImportBatchLine` per batch as it commits, then one `ImportDoneLine` (or an `ImportErrorLine`).
 */
export const ImportQuery = z.strictObject({
  mapping: z.partialRecord(ImportField, columns).refine((m) => Object.values(m).some((c) => c.length > 0), {
    error: 'maps no column',
  }),
  delimiter: z.enum([',', ';', '|', 'tab']).optional(),
  encoding: z.enum(IMPORT_ENCODINGS).optional(),
  /** The file's name, recorded on the candidates' timelines (issue 21). */
  file_name: z
    .string()
    .max(255, { error: 'must be at most 255 characters' })
    .refine((v) => !v.includes('\u0000'), { error: 'must not contain a NUL character' })
    .optional(),
});
export type ImportQuery = z.input<typeof ImportQuery>;

export const ImportOutcome = z.enum(['created', 'merged', 'rejected']);
export type ImportOutcome = z.infer<typeof ImportOutcome>;

/**
 * Why a row was rejected, or what a created / merged row left out: a code the web words in the person's
 * language (the server's `message` is English, for API readers).
 * - `no_identity`: no first name, last name nor email.
 * - `invalid_email`, `invalid_phone`: `value` is the address or number at fault (cut to 100 characters).
 * - `too_long`: `field` is longer than `max` characters (a tag's name for `tags`).
 * - `too_many`: more than `max` values for `field` (emails, phones, tags).
 * - `malformed_line`: csv-parse could not read the line (a stray quote); `value` is its English reason.
 * - `no_credits`: no credit left for a new candidate.
 * - `not_saved`: the database refused the row's batch; try again.
 * - `tags_not_created`: `value` lists the tags left out because the caller may not create tags.
 */
export const ImportReasonCode = z.enum([
  'no_identity',
  'invalid_email',
  'invalid_phone',
  'too_long',
  'too_many',
  'malformed_line',
  'no_credits',
  'not_saved',
  'tags_not_created',
]);
export type ImportReasonCode = z.infer<typeof ImportReasonCode>;

export const ImportReasonField = z.enum([
  'first_name',
  'last_name',
  'title',
  'company',
  'linkedin',
  'emails',
  'phones',
  'tags',
]);
export type ImportReasonField = z.infer<typeof ImportReasonField>;

export const ImportRowReason = z.object({
  code: ImportReasonCode,
  value: z.string().optional(),
  field: ImportReasonField.optional(),
  max: z.number().optional(),
});
export type ImportRowReason = z.infer<typeof ImportRowReason>;

/**
 * What became of one data row: `row` is its line in the file, the header being row 1. `reasons` says why it
 * was rejected or what was left out; `message` is the same in English (null when there is none).
 */
export const ImportRowReport = z.object({
  row: z.number(),
  outcome: ImportOutcome,
  candidate_id: z.number().nullable(),
  reasons: z.array(ImportRowReason),
  message: z.string().nullable(),
});
export type ImportRowReport = z.infer<typeof ImportRowReport>;

const counts = { created: z.number(), merged: z.number(), rejected: z.number() };

/** One committed (or, for `rejected` rows, refused) batch, with the running totals. */
export const ImportBatchLine = z.object({
  type: z.literal('batch'),
  rows: z.array(ImportRowReport),
  processed: z.number(),
  ...counts,
});
export type ImportBatchLine = z.infer<typeof ImportBatchLine>;

/** The last line: the totals of the whole file. */
export const ImportDoneLine = z.object({ type: z.literal('done'), processed: z.number(), ...counts });
export type ImportDoneLine = z.infer<typeof ImportDoneLine>;

/** Instead of `done` when the import stopped on an unexpected failure; the batches before it are committed. */
export const ImportErrorLine = z.object({ type: z.literal('error'), message: z.string() });
export type ImportErrorLine = z.infer<typeof ImportErrorLine>;

export const ImportLine = z.discriminatedUnion('type', [ImportBatchLine, ImportDoneLine, ImportErrorLine]);
export type ImportLine = z.infer<typeof ImportLine>;
