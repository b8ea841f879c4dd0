import { z } from 'zod';
import { Candidate, LegalBasis } from './candidates.ts';
import { SOURCE_PATTERN } from './careers-apply.ts';
import { listQuery } from './common.ts';
import { BooleanString, SearchFilter } from './names.ts';

/** Candidates per page of the candidate database (SPEC section 9). */
export const CANDIDATES_PER_PAGE = 20;

/** The longest tag expression accepted: 25 tags with their operators. */
export const TAG_EXPRESSION_MAX = 50;

/** The operators of a tag expression: AND binds tighter than OR; NOT applies to the next tag. */
export const TagOperator = z.enum(['and', 'or', 'not']);
export type TagOperator = z.infer<typeof TagOperator>;

/**
 * `GET /api/candidates/search` (SPEC section 7): a page of the licence's candidates, 20 per page by default,
 * newest `updated_at` first (then highest id).
 * - `filters[search]`: case- and accent-insensitive substring of the first, last or full name (profile or
 *   manual), the title (profile or manual), an email or a phone (phones also match as bare digits). A term of
 *   1 or 2 characters matches the start of a word instead.
 * - `filters[tags][]`: a tag expression, tag ids and operators in turn: `filters[tags][]=3&filters[tags][]=and&
 *   filters[tags][]=not&filters[tags][]=7` is "tag 3 AND NOT tag 7". Grammar: `[not] tag (op [not] tag)*`,
 *   op is `and` or `or`; `tag not tag` is read as `tag and not tag`. AND binds tighter than OR. A malformed
 *   expression is a 400 `{error: 'invalid_tag_expression'}` whose message names the position (0-based), e.g.
 *   `filters[tags][2]: expected a tag id, got 'or'`. A tag id of no tag of the licence matches nothing.
 * - `filters[in_cvs]=true` ("Search in CVs", decision 185): the search also matches the words of the candidates'
 *   files, stemmed in English and French, without accents: all of its words, `kube*` for a word's beginning,
 *   `"machine learning"` for a phrase. Each card whose files matched carries `cv_excerpt`.
 * - `filters[source]` (issue 23): candidates with at least one job application of that source (`careers_page`,
 *   `linkedin`…, as `GET /api/candidate_sources` lists them); a value no source can be (`SOURCE_PATTERN`) is a
 *   400, an empty one no filter.
 * - `filters[legal_basis]` (issue 24): `consent` or `legitimate_interest`, the candidates held on that basis;
 *   an empty value no filter, anything else a 400.
 * Answers `CandidateSearchPage`.
 */
export const CandidateSearchQuery = listQuery(CANDIDATES_PER_PAGE).extend({
  filters: z
    .strictObject({
      search: SearchFilter.optional(),
      in_cvs: BooleanString.optional(),
      tags: z.union([z.string(), z.array(z.string())]).optional(),
      source: z
        .string()
        .trim()
        .refine((v) => v === '' || SOURCE_PATTERN.test(v), {
          error: 'must be a source: lower-case letters, digits, _, - and ., at most 50',
        })
        .optional(),
      legal_basis: z.union([LegalBasis, z.literal('')]).optional(),
    })
    .optional(),
});
export type CandidateSearchQuery = z.input<typeof CandidateSearchQuery>;

/** Past this many matches the search stops counting (docs/decisions/060-candidate-search.md). */
export const CANDIDATE_COUNT_CAP = 1_000;

/**
 * A page of candidates: `total_count` is exact up to `CANDIDATE_COUNT_CAP` matches; past it, it is the cap
 * and `total_count_capped` is true ("1000+").
 */
/** The sentence of a candidate's file that a "Search in CVs" matched: text and matched words in turn. */
export const CvExcerpt = z.object({
  file_id: z.number(),
  file_name: z.string(),
  parts: z.array(z.object({ text: z.string(), match: z.boolean() })),
});
export type CvExcerpt = z.infer<typeof CvExcerpt>;

/** A card of the search: the candidate, and the matched sentence of its files when it was searched in CVs. */
export const SearchedCandidate = Candidate.extend({ cv_excerpt: CvExcerpt.optional() });
export type SearchedCandidate = z.infer<typeof SearchedCandidate>;

export const CandidateSearchPage = z.object({
  data: z.array(SearchedCandidate),
  total_count: z.number(),
  total_count_capped: z.boolean(),
});
export type CandidateSearchPage = z.infer<typeof CandidateSearchPage>;

/** The most ids one `GET /api/candidates` may ask for. */
export const REQUESTED_IDS_MAX = 500;

/**
 * `GET /api/candidates` with the header `X-Requested-Ids: 1,2,3` (SPEC section 7): those of the licence's
 * candidates, in the order asked; ids of other licences and unknown ids are left out. A missing or malformed
 * header, or more than `REQUESTED_IDS_MAX` ids, is a 400. Answers `{data, total_count}` (all in one page).
 */
export const RequestedIdsHeaders = z.object({ 'x-requested-ids': z.string().optional() });

/** The most sources `GET /api/candidate_sources` lists: links anyone can craft may name many. */
export const CANDIDATE_SOURCES_MAX = 100;

/**
 * `GET /api/candidate_sources` (issue 23): the sources of the licence's job applications, each with how many
 * candidates applied through it (what `filters[source]` would find), the most common first, at most
 * `CANDIDATE_SOURCES_MAX`.
 */
export const CandidateSourceList = z.object({
  data: z.array(z.object({ source: z.string(), count: z.number() })),
});
export type CandidateSourceList = z.infer<typeof CandidateSourceList>;
