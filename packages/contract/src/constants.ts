/**
 * Constants of the wire with no zod, so the browser can import them alone (`@vivier/contract/constants`): the
 * schemas that use them (statuses.ts, users.ts, candidate-import.ts) are built from these, so there is one list of each.
 */

/** SPEC sections 6 and 9: a pipeline holds at most 10 statuses (the web hides its add button at 10). */
export const MAX_STATUSES = 10;

/**
 * The palette a new status takes a colour from, at random among those the pipeline does not use yet
 * (SPEC section 5). Hex without '#', as `Status.color`. More colours than statuses, so one is always free.
 */
export const STATUS_PALETTE = [
  '228be6',
  '7950f2',
  'fab005',
  'fd7e14',
  '40c057',
  'fa5252',
  '15aabf',
  'e64980',
  '12b886',
  'be4bdb',
  '4c6ef5',
  '82c91e',
] as const;

/** SPEC section 3: the export formats, in the order the selects offer them. */
export const EXPORT_FORMATS = ['csv_semicolumn', 'csv_comma', 'admen'] as const;

/**
 * How an imported file's bytes are read: UTF-8, or Windows-1252, what Excel on Windows saves as "CSV
 * (séparateur: point-virgule)". Absent, the server decides as the web does: a UTF-8 byte order mark or valid
 * UTF-8 is UTF-8, anything else Windows-1252 (docs/decisions/147).
 */
export const IMPORT_ENCODINGS = ['utf-8', 'windows-1252'] as const;

/** The most CVs one drop makes drafts of, and one confirmation creates candidates from (issue 22: 50 at once). */
export const DRAFTS_MAX = 50;

/** The longest name of a saved search (issue 28). */
export const SAVED_SEARCH_NAME_MAX = 100;

/**
 * When a saved search tells its owner of new candidates matching it (issue 28, decision 209): never, within
 * about a minute of their creation, or in a digest once a day (at `SAVED_SEARCH_DIGEST_HOUR_UTC`).
 */
export const SAVED_SEARCH_ALERTS = ['off', 'instant', 'daily'] as const;
export type SavedSearchAlert = (typeof SAVED_SEARCH_ALERTS)[number];
/** The hour (UTC) daily digests leave. */
export const SAVED_SEARCH_DIGEST_HOUR_UTC = 7;
/** The most candidates one alert names; the others are counted ("and 12 more"). */
export const SAVED_SEARCH_ALERT_NAMES_MAX = 50;
