import type { SearchedCandidate as WireSearchedCandidate } from '@vivier/contract';
import type { Camelize } from '../../shared/api/case';

export type { Candidate } from '../../shared/resources/candidates/candidate';

/** A card of the search: a candidate, with the matched sentence of its CV when searched in CVs. */
export type SearchedCandidate = Camelize<WireSearchedCandidate>;

/**
 * What the database screen asks for: a page, the text search, whether it looks in CVs too ("Search in CVs",
 * decision 185) and the tag expression's wire elements.
 */
export interface CandidateSearchParams {
  page: number;
  search: string;
  inCvs: boolean;
  tags: string[];
}

/** SPEC section 9: candidate search shows 20 per page. */
export const CANDIDATES_PER_PAGE = 20;
