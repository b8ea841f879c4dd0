import type {
  CalendarFeedCreated as WireCalendarFeedCreated,
  CalendarFeedState as WireCalendarFeedState,
  Interview as WireInterview,
  InterviewInput as WireInterviewInput,
  InterviewListItem as WireInterviewListItem,
  InterviewScorecards as WireInterviewScorecards,
  ScorecardCriterion as WireScorecardCriterion,
} from '@vivier/contract';
import type { Camelize } from '../../api/case';

/** An interview on a job application (issue 27). */
export type Interview = Camelize<WireInterview>;
/** An interview in the week view: what the screen shows of it (the full one is read on its application). */
export type InterviewListItem = Camelize<WireInterviewListItem>;
/** What scheduling or rescheduling sends. */
export type InterviewInput = Camelize<WireInterviewInput>;
/** An interview's scorecards as the signed-in user may see them. */
export type InterviewScorecards = Camelize<WireInterviewScorecards>;
export type ScorecardCriterion = Camelize<WireScorecardCriterion>;
/** The signed-in user's calendar feed: whether there is one; its URL only when just made. */
export type CalendarFeedState = Camelize<WireCalendarFeedState>;
export type CalendarFeedCreated = Camelize<WireCalendarFeedCreated>;

/** Cache keys of interviews: an application's, a window of the week view, scorecards, an offer's criteria. */
export const interviewKeys = {
  all: ['interviews'] as const,
  application: (applicationId: number) => [...interviewKeys.all, 'application', applicationId] as const,
  week: (params: object) => [...interviewKeys.all, 'week', params] as const,
  scorecards: (interviewId: number) => [...interviewKeys.all, 'scorecards', interviewId] as const,
  criteria: (jobOfferId: number) => [...interviewKeys.all, 'criteria', jobOfferId] as const,
  feed: () => [...interviewKeys.all, 'feed'] as const,
};
