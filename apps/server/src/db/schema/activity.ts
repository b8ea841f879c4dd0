import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { candidates } from './candidates.ts';
import { interviews } from './interviews.ts';
import { jobApplications } from './job-offers.ts';
import { savedSearches } from './saved-searches.ts';
import { licenceColumn, partOf } from './tenant.ts';
import { users } from './users.ts';

/**
 * What happened to a candidate (issue 21, decision 171): one row per change, written in the transaction of the
 * change (modules/activity). The application, offer and actor are history: no foreign key, so an event outlives
 * the application, offer or user it names (its `data` copies what the timeline shows of them), and a bulk move
 * of 10,000 inserts without 30,000 reference checks.
 */
export const candidateEvents = pgTable(
  'candidate_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    // No reference of its own: the candidate's cascades from the licence already, and a bulk move of 10,000
    // checks one key per row instead of two (decision 171).
    licenceId: integer('licence_id').notNull(),
    candidateId: partOf('candidate_id', () => candidates.id),
    jobApplicationId: integer('job_application_id'),
    jobOfferId: integer('job_offer_id'),
    kind: text('kind').notNull(),
    actorId: integer('actor_id'),
    data: jsonb('data').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The timeline's keyset, newest first per candidate (and the candidate foreign key's index).
    index('candidate_events_candidate_idx').on(t.candidateId, t.id.desc()),
    // One application's timeline.
    index('candidate_events_application_idx')
      .on(t.jobApplicationId, t.id.desc())
      .where(sql`${t.jobApplicationId} is not null`),
  ],
);

/** A note on a candidate, optionally about one of its applications (issue 21); sanitised HTML. */
export const candidateNotes = pgTable(
  'candidate_notes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    candidateId: partOf('candidate_id', () => candidates.id),
    jobApplicationId: integer('job_application_id').references(() => jobApplications.id, {
      onDelete: 'set null',
    }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    /** The users the note mentions (validated as users of the licence). */
    mentions: integer('mentions').array().notNull().default(sql`'{}'::int[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_notes_candidate_idx').on(t.candidateId, t.id.desc()),
    index('candidate_notes_application_idx').on(t.jobApplicationId),
    index('candidate_notes_author_idx').on(t.authorId),
    index('candidate_notes_licence_idx').on(t.licenceId),
  ],
);

/** An in-app notification for one user: a mention in a note, or an application from the careers site. */
export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    userId: partOf('user_id', () => users.id),
    kind: text('kind').notNull(),
    candidateId: partOf('candidate_id', () => candidates.id),
    noteId: integer('note_id').references(() => candidateNotes.id, { onDelete: 'cascade' }),
    /** The careers application it tells of (kind `application`, issue 23). */
    jobApplicationId: integer('job_application_id').references(() => jobApplications.id, {
      onDelete: 'cascade',
    }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** The interview the candidate answered (kind `interview_answer`, issue 27). */
    interviewId: integer('interview_id').references((): AnyPgColumn => interviews.id, {
      onDelete: 'cascade',
    }),
    /** The saved search whose alert it is (kind `saved_search`, decision 209), and how many new matches. */
    savedSearchId: integer('saved_search_id').references((): AnyPgColumn => savedSearches.id, {
      onDelete: 'cascade',
    }),
    matchCount: integer('match_count'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** When its email left (the mention mail job is idempotent per notification). */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    index('notifications_candidate_idx').on(t.candidateId),
    index('notifications_note_idx').on(t.noteId),
    index('notifications_application_idx').on(t.jobApplicationId),
    index('notifications_actor_idx').on(t.actorId),
    index('notifications_interview_idx').on(t.interviewId),
    index('notifications_licence_idx').on(t.licenceId),
    index('notifications_saved_search_idx').on(t.savedSearchId),
  ],
);

/** The licence's short list of reasons for moving a candidate to a rejected status (issue 21). */
export const rejectionReasons = pgTable(
  'rejection_reasons',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    name: text('name').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [index('rejection_reasons_licence_idx').on(t.licenceId, t.position)],
);
