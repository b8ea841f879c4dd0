import type { CandidateJobApplication } from '../../shared/resources/candidates/candidate';

export type {
  JobOffer,
  JobOfferStatusSummary as StatusSummary,
} from '../../shared/resources/job-offers/job-offer';
/** An application of the offer, with its candidate and status embedded. */
export type JobApplication = CandidateJobApplication;

/** A status as a row or card shows it. */
export interface PipelineStatus {
  id: number;
  name: string;
  color: string;
}

/** SPEC section 9: the candidate list shows 10 applications per page. */
export const APPLICATIONS_PER_PAGE = 10;
/** Each board column loads this many cards at a time ('Show more' loads the next ones). */
export const BOARD_COLUMN_PAGE = 20;

/** What the list shows: one page of the offer's applications for the filters kept in the URL. */
export interface ApplicationListParams {
  page: number;
  search: string;
  statusId: number | undefined;
}

/** The spec's list, or the board (issue 8, "beyond the spec"). */
export type PipelineView = 'list' | 'board';
