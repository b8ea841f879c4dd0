import { z } from 'zod';
import { ActivityUser } from './activity.ts';
import { Id } from './common.ts';

/**
 * Interviews on a job application (issue 27, docs/decisions/202-interviews.md): scheduled in the organiser's
 * time zone, mailed as calendar invitations, answered by the candidate on a public page, rated on scorecards.
 */

const BodyId = z.number().int().positive().max(2_147_483_647);
const noNul = (v: string) => !v.includes('\u0000');

export const INTERVIEW_KINDS = ['on_site', 'phone', 'video'] as const;
export const InterviewKind = z.enum(INTERVIEW_KINDS);
export type InterviewKind = z.infer<typeof InterviewKind>;

/** An IANA time zone the platform knows (`Europe/Paris`); checked with Intl, so both sides agree. */
export const TimeZone = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'must be a known time zone' },
  );

const DateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date (YYYY-MM-DD)' })
  .refine(
    (v) =>
      !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
    {
      error: 'must be a date (YYYY-MM-DD)',
    },
  );
const TimeOnly = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'must be a time (HH:MM)' });

export const INTERVIEWERS_MAX = 10;

/**
 * `POST /api/job_applications/{id}/interviews` and `PATCH /api/interviews/{id}` (a reschedule: the whole
 * interview again). `date` and `start_time` are the organiser's wall clock in `time_zone`; `location` is the
 * address (on site), the number (phone) or the link (video).
 */
export const InterviewInput = z.strictObject({
  date: DateOnly,
  start_time: TimeOnly,
  duration_minutes: z.number().int().min(5).max(480),
  time_zone: TimeZone,
  candidate_time_zone: TimeZone,
  kind: InterviewKind,
  location: z
    .string()
    .trim()
    .max(500, { error: 'must be at most 500 characters' })
    .refine(noNul, { error: 'must not contain a NUL character' }),
  interviewer_ids: z
    .array(BodyId)
    .min(1, { error: 'must name at least one interviewer' })
    .max(INTERVIEWERS_MAX, { error: `must name at most ${INTERVIEWERS_MAX} interviewers` }),
  template_id: BodyId.nullable().optional(),
  /** The candidate gets the reminders too (the interviewers always do); default false. */
  remind_candidate: z.boolean().optional(),
});
export type InterviewInput = z.input<typeof InterviewInput>;

export const INTERVIEW_ANSWERS = ['accepted', 'declined', 'proposed'] as const;
export const InterviewAnswer = z.enum(INTERVIEW_ANSWERS);
export type InterviewAnswer = z.infer<typeof InterviewAnswer>;

/** 1 strong no, 2 no, 3 yes, 4 strong yes. */
export const Rating = z.number().int().min(1).max(4);

/** The scorecards of an interview, summed up: how many, and how many of each rating. */
export const ScorecardSummary = z.object({
  count: z.number(),
  /** `[strong no, no, yes, strong yes]`. */
  ratings: z.array(z.number()),
});
export type ScorecardSummary = z.infer<typeof ScorecardSummary>;

export const Interview = z.object({
  id: z.number(),
  job_application_id: z.number(),
  candidate: z.object({ id: z.number(), name: z.string() }),
  job_offer: z.object({ id: z.number(), name: z.string() }),
  starts_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number(),
  time_zone: z.string(),
  candidate_time_zone: z.string(),
  kind: InterviewKind,
  location: z.string(),
  template_id: z.number().nullable(),
  remind_candidate: z.boolean(),
  organiser: ActivityUser.nullable(),
  interviewers: z.array(ActivityUser),
  sequence: z.number(),
  state: z.enum(['scheduled', 'cancelled']),
  answer: z.object({ kind: InterviewAnswer, note: z.string().nullable(), at: z.string() }).nullable(),
  scorecards: ScorecardSummary,
});
export type Interview = z.infer<typeof Interview>;

/**
 * An interview in the week view (`GET /api/interviews`): what the screen shows of it, each field as in
 * `Interview`. The rest (zones, place, template, organiser, sequence, scorecards) is read on the application
 * (`GET /api/job_applications/{id}/interviews`); decision 202's addendum: half the bytes of 500 interviews.
 */
export const InterviewListItem = Interview.pick({
  id: true,
  job_application_id: true,
  candidate: true,
  job_offer: true,
  starts_at: true,
  ends_at: true,
  kind: true,
  interviewers: true,
  state: true,
  answer: true,
});
export type InterviewListItem = z.infer<typeof InterviewListItem>;

/** `GET /api/interviews?from=&to=&mine=`: the week view, at most 31 days, at most 1,000 interviews. */
export const InterviewRangeQuery = z
  .strictObject({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
    mine: z
      .enum(['true', 'false'])
      .optional()
      .transform((v) => v === 'true'),
  })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { error: 'to must be after from', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 31 * 86_400_000, {
    error: 'must span at most 31 days',
    path: ['to'],
  });
export type InterviewRangeQuery = z.input<typeof InterviewRangeQuery>;

const CriterionName = z
  .string()
  .trim()
  .min(1, { error: 'must not be empty' })
  .max(100, { error: 'must be at most 100 characters' })
  .refine(noNul, { error: 'must not contain a NUL character' });

export const SCORECARD_CRITERIA_MAX = 20;

export const ScorecardCriterion = z.object({ id: z.number(), name: z.string() });
export type ScorecardCriterion = z.infer<typeof ScorecardCriterion>;

/** `PUT /api/job_offers/{id}/scorecard_criteria` (admins): the whole ordered list; an `id` renames. */
export const ScorecardCriteriaInput = z.strictObject({
  criteria: z
    .array(z.strictObject({ id: BodyId.optional(), name: CriterionName }))
    .max(SCORECARD_CRITERIA_MAX, { error: `must hold at most ${SCORECARD_CRITERIA_MAX} criteria` }),
});
export type ScorecardCriteriaInput = z.input<typeof ScorecardCriteriaInput>;

/** `PUT /api/interviews/{id}/scorecard`: the caller's own (an interviewer of it); sent again, it replaces. */
export const ScorecardInput = z.strictObject({
  rating: Rating,
  criteria: z.array(z.strictObject({ criterion_id: BodyId, rating: Rating })).max(SCORECARD_CRITERIA_MAX),
  notes: z
    .string()
    .max(5000, { error: 'must be at most 5000 characters' })
    .refine(noNul, { error: 'must not contain a NUL character' }),
});
export type ScorecardInput = z.input<typeof ScorecardInput>;

export const Scorecard = z.object({
  id: z.number(),
  interviewer: ActivityUser.nullable(),
  rating: z.number(),
  criteria: z.array(z.object({ criterion_id: z.number(), name: z.string(), rating: z.number() })),
  notes: z.string(),
  submitted_at: z.string(),
});
export type Scorecard = z.infer<typeof Scorecard>;

/**
 * `GET /api/interviews/{id}/scorecards`: the caller's own and, once the caller has submitted one (or is no
 * interviewer of it, and so never will), the others'; `hidden` counts those withheld.
 */
export const InterviewScorecards = z.object({
  criteria: z.array(ScorecardCriterion),
  mine: Scorecard.nullable(),
  is_interviewer: z.boolean(),
  others: z.array(Scorecard),
  hidden: z.number(),
  summary: ScorecardSummary,
});
export type InterviewScorecards = z.infer<typeof InterviewScorecards>;

export const InterviewIdParams = z.object({ id: Id });

/** `GET /api/users/me/calendar_feed`: whether the caller has a feed, since when (its URL is shown once). */
export const CalendarFeedState = z.object({ active: z.boolean(), created_at: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof CalendarFeedState>;

/**
 * `POST /api/users/me/calendar_feed`: a new secret URL of the caller's interviews as iCalendar (`.ics`), shown
 * this once; any earlier URL stops working.
 */
export const CalendarFeedCreated = z.object({ url: z.string(), created_at: z.string() });
export type CalendarFeedCreated = z.infer<typeof CalendarFeedCreated>;
