export type { Candidate, SearchedCandidate } from '../../shared/resources/candidates/candidate';

/**
 * What the database screen asks for: a page, the text search, whether it looks in CVs too ("Search in CVs",
 * decision 185), the tag expression's wire elements and the source of an application ('' for any, issue 23).
 */
export interface CandidateSearchParams {
  page: number;
  search: string;
  inCvs: boolean;
  tags: string[];
  source: string;
  /** The legal basis the candidates are held on ('' for any, issue 24). */
  legalBasis: '' | 'consent' | 'legitimate_interest';
}

/** SPEC section 9: candidate search shows 20 per page. */
export const CANDIDATES_PER_PAGE = 20;
