import { dataOf, IdParams, NoContent } from '../common.ts';
import {
  CalendarFeedCreated,
  CalendarFeedState,
  Interview,
  InterviewInput,
  InterviewListItem,
  InterviewRangeQuery,
  InterviewScorecards,
  ScorecardCriteriaInput,
  ScorecardCriterion,
  ScorecardInput,
} from '../interviews.ts';
import { addresses as at } from './addresses.ts';
import { group } from './route.ts';

/** Interviews on an application, their scorecards and the week view (issue 27, decision 202). */
export const interviews = group(at.interviews, ['interviews'], {
  listOfApplication: {
    params: IdParams,
    responses: { 200: dataOf(Interview) },
    errors: ['not_found'],
    summary: "An application's interviews, by start time",
  },
  schedule: {
    params: IdParams,
    body: InterviewInput,
    responses: { 201: Interview },
    errors: ['not_found', 'forbidden', 'invalid_reference'],
    summary:
      'Schedule an interview: the candidate and each interviewer are mailed an invitation (METHOD:REQUEST)',
  },
  week: {
    query: InterviewRangeQuery,
    responses: { 200: dataOf(InterviewListItem) },
    summary:
      "The licence's interviews in a time window (at most 31 days), or the caller's own with mine=true",
  },
  reschedule: {
    params: IdParams,
    body: InterviewInput,
    responses: { 200: Interview },
    errors: ['not_found', 'forbidden', 'invalid_reference', 'conflict'],
    summary:
      'Change an interview: an update is mailed (SEQUENCE raised), removed interviewers get a cancellation',
  },
  cancel: {
    params: IdParams,
    responses: { 200: Interview },
    errors: ['not_found', 'forbidden', 'conflict'],
    summary: 'Cancel an interview: METHOD:CANCEL is mailed to everyone invited',
  },
  scorecards: {
    params: IdParams,
    responses: { 200: InterviewScorecards },
    errors: ['not_found'],
    summary: "An interview's scorecards: the caller's own, the others' once the caller's is submitted",
  },
  submitScorecard: {
    params: IdParams,
    body: ScorecardInput,
    responses: { 200: InterviewScorecards },
    errors: ['not_found', 'forbidden', 'invalid_reference', 'conflict'],
    summary: "Submit (or replace) the caller's scorecard; interviewers of the interview only",
  },
  criteria: {
    params: IdParams,
    responses: { 200: dataOf(ScorecardCriterion) },
    errors: ['not_found'],
    summary: "A job offer's scorecard criteria, in order",
  },
  saveCriteria: {
    params: IdParams,
    body: ScorecardCriteriaInput,
    responses: { 200: dataOf(ScorecardCriterion) },
    errors: ['not_found', 'forbidden'],
    summary: "Replace a job offer's scorecard criteria (admins)",
  },
});

/** The caller's personal calendar feed of their interviews (issue 27): a secret URL, revocable. */
export const calendarFeed = group(at.calendarFeed, ['interviews'], {
  get: {
    responses: { 200: CalendarFeedState },
    summary: 'Whether the caller has a calendar feed (its URL is shown only when made)',
  },
  create: {
    responses: { 201: CalendarFeedCreated },
    summary: "Make the caller's calendar feed URL (any earlier one stops working); shown this once",
  },
  revoke: {
    responses: { 204: NoContent },
    summary: "Revoke the caller's calendar feed URL",
  },
});
