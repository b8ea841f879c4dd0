import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { jobApplications, jobOffers } from './job-offers.ts';
import { licenceColumn, partOf } from './tenant.ts';
import { users } from './users.ts';

/**
 * An interview on a job application (issue 27, decision 202). `starts_at` is the instant (UTC); `time_zone` the
 * organiser's zone the date and time were typed in, `candidate_time_zone` the one shown beside it. `uid` is the
 * calendar event's stable UID and `sequence` its iCalendar SEQUENCE, raised on every change a mail tells of.
 */
export const interviews = pgTable(
  'interviews',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    jobApplicationId: partOf('job_application_id', () => jobApplications.id),
    organiserId: integer('organiser_id').references(() => users.id, { onDelete: 'set null' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    timeZone: text('time_zone').notNull(),
    candidateTimeZone: text('candidate_time_zone').notNull(),
    /** `on_site` (location: an address), `phone` (a number), `video` (a link). */
    kind: text('kind').notNull(),
    location: text('location').notNull().default(''),
    /** Whether the candidate gets the reminders too (the interviewers always do). */
    remindCandidate: boolean('remind_candidate').notNull().default(false),
    /** The email template the invitation's message comes from; null: the default message. */
    templateId: integer('template_id'),
    uid: text('uid').notNull(),
    sequence: integer('sequence').notNull().default(0),
    /** `scheduled` or `cancelled`. */
    state: text('state').notNull().default('scheduled'),
    /** The candidate's answer on the public page: `accepted`, `declined`, `proposed` (another time). */
    answer: text('answer'),
    answerNote: text('answer_note'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('interviews_application_idx').on(t.jobApplicationId, t.startsAt),
    // The week view: a licence's interviews in a time window.
    index('interviews_licence_starts_idx').on(t.licenceId, t.startsAt),
    // Deleting a user sets their interviews' organiser to null (the foreign key's lookup).
    index('interviews_organiser_idx').on(t.organiserId),
    uniqueIndex('interviews_uid_unique').on(t.uid),
    check('interviews_kind_check', sql`${t.kind} in ('on_site', 'phone', 'video')`),
    check('interviews_state_check', sql`${t.state} in ('scheduled', 'cancelled')`),
  ],
);

/** Who interviews: users of the licence (a deleted user leaves the interview). */
export const interviewInterviewers = pgTable(
  'interview_interviewers',
  {
    interviewId: partOf('interview_id', () => interviews.id),
    userId: partOf('user_id', () => users.id),
    licenceId: licenceColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.interviewId, t.userId] }),
    index('interview_interviewers_user_idx').on(t.userId),
    index('interview_interviewers_licence_idx').on(t.licenceId),
  ],
);

/** The criteria an admin defines per offer, each rated on the scorecard's 4-point scale. */
export const scorecardCriteria = pgTable(
  'scorecard_criteria',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    jobOfferId: partOf('job_offer_id', () => jobOffers.id),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('scorecard_criteria_offer_idx').on(t.jobOfferId, t.position),
    index('scorecard_criteria_licence_idx').on(t.licenceId),
  ],
);

/**
 * One interviewer's feedback on one interview: the overall rating (1 strong no … 4 strong yes), a rating per
 * criterion (`[{criterion_id, name, rating}]`, names copied so a renamed criterion keeps what was rated), notes.
 */
export const scorecards = pgTable(
  'scorecards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    interviewId: partOf('interview_id', () => interviews.id),
    userId: partOf('user_id', () => users.id),
    rating: integer('rating').notNull(),
    criteria: jsonb('criteria').notNull().default(sql`'[]'::jsonb`),
    notes: text('notes').notNull().default(''),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('scorecards_interview_user_unique').on(t.interviewId, t.userId),
    index('scorecards_user_idx').on(t.userId),
    index('scorecards_licence_idx').on(t.licenceId),
    check('scorecards_rating_check', sql`${t.rating} between 1 and 4`),
  ],
);

/**
 * An interviewer's personal calendar feed (issue 27): the secret of its URL is shown once, only its SHA-256 is
 * kept; one feed per user, replaced when made again, gone when revoked.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    licenceId: licenceColumn(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_unique').on(t.tokenHash),
    index('calendar_feeds_licence_idx').on(t.licenceId),
  ],
);
