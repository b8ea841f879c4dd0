import { z } from 'zod';
import { TAG_EXPRESSION_MAX } from './candidate-search.ts';
import { LegalBasis } from './candidates.ts';
import { SOURCE_PATTERN } from './careers-apply.ts';
import { SAVED_SEARCH_ALERTS, SAVED_SEARCH_NAME_MAX } from './constants.ts';
import { SearchFilter } from './names.ts';

/** The most saved searches one user sees in the side menu: their own and the licence's shared ones. */
export const SAVED_SEARCHES_LISTED_MAX = 20;
/** Past this many new matches a saved search stops counting ("99+"). */
export const SAVED_SEARCH_NEW_MATCHES_CAP = 99;

/**
 * The candidates screen's search as a saved search holds it (issue 28, decision 208): the same filters as
 * `GET /api/candidates/search` (`filters[search]`, `filters[tags][]`, `filters[in_cvs]`, `filters[source]`,
 * `filters[legal_basis]`), as JSON.
 */
export const SavedSearchQuery = z.strictObject({
  search: SearchFilter.default(''),
  tags: z.array(z.string().trim().max(20)).max(TAG_EXPRESSION_MAX).default([]),
  in_cvs: z.boolean().default(false),
  source: z
    .string()
    .trim()
    .refine((v) => v === '' || SOURCE_PATTERN.test(v), {
      error: 'must be a source: lower-case letters, digits, _, - and ., at most 50',
    })
    .default(''),
  legal_basis: z.union([LegalBasis, z.literal('')]).default(''),
});
export type SavedSearchQuery = z.infer<typeof SavedSearchQuery>;

const SavedSearchName = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(SAVED_SEARCH_NAME_MAX, { error: `must be at most ${SAVED_SEARCH_NAME_MAX} characters` });

/** A saved search's alert (constants.ts: SAVED_SEARCH_ALERTS). */
export const SavedSearchAlert = z.enum(SAVED_SEARCH_ALERTS);
/** The languages an alert's mail is written in: the one the owner's interface showed when they set it. */
export const SavedSearchAlertLanguage = z.enum(['en', 'fr']);

/** `POST /api/saved_searches`: a name, shared with the licence or not, the search, and its owner's alert. */
export const SavedSearchInput = z.strictObject({
  name: SavedSearchName,
  shared: z.boolean().default(false),
  query: SavedSearchQuery,
  alert: SavedSearchAlert.default('off'),
  alert_language: SavedSearchAlertLanguage.default('en'),
});
export type SavedSearchInput = z.input<typeof SavedSearchInput>;

/** `PATCH /api/saved_searches/:id`: rename, share, or set its alert, the owner only. */
export const SavedSearchPatch = z
  .strictObject({
    name: SavedSearchName.optional(),
    shared: z.boolean().optional(),
    alert: SavedSearchAlert.optional(),
    alert_language: SavedSearchAlertLanguage.optional(),
  })
  .refine((v) => v.name !== undefined || v.shared !== undefined || v.alert !== undefined, {
    error: 'name, shared or alert is required',
  });
export type SavedSearchPatch = z.input<typeof SavedSearchPatch>;

/**
 * A saved search as its viewer sees it: `new_matches` counts the candidates matching it created since the
 * viewer last opened it (since it was created when never opened), at most `SAVED_SEARCH_NEW_MATCHES_CAP`
 * with `new_matches_capped` past it.
 */
export const SavedSearch = z.object({
  id: z.number(),
  name: z.string(),
  shared: z.boolean(),
  mine: z.boolean(),
  owner: z.object({ id: z.number(), name: z.string() }),
  query: z.object({
    search: z.string(),
    tags: z.array(z.string()),
    in_cvs: z.boolean(),
    source: z.string(),
    legal_basis: z.union([LegalBasis, z.literal('')]),
  }),
  new_matches: z.number(),
  new_matches_capped: z.boolean(),
  /** The owner's alert; null to anyone else (it is the owner's, decision 209). */
  alert: SavedSearchAlert.nullable(),
  last_opened_at: z.string().nullable(),
  created_at: z.string(),
});
export type SavedSearch = z.infer<typeof SavedSearch>;
