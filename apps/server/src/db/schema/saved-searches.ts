import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { licenceColumn, partOf } from './tenant.ts';
import { users } from './users.ts';

/**
 * A saved search of the candidate database (issue 28, decision 208): the candidates screen's query under a
 * name, its owner's alone or shared with the licence. `tags` holds the tag expression's elements as the
 * search takes them (`filters[tags][]`), re-read by the search's own parser on every count.
 */
export const savedSearches = pgTable(
  'saved_searches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    ownerId: partOf('owner_id', () => users.id),
    name: text('name').notNull(),
    shared: boolean('shared').notNull().default(false),
    search: text('search').notNull().default(''),
    tags: text('tags').array().notNull().default([]),
    inCvs: boolean('in_cvs').notNull().default(false),
    source: text('source'),
    legalBasis: text('legal_basis'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The owner's alert (decision 209): `off`, `instant` or `daily`. */
    alert: text('alert', { enum: ['off', 'instant', 'daily'] })
      .notNull()
      .default('off'),
    /** The language of the alert's mails: the owner's interface's when they set it. */
    alertLanguage: text('alert_language', { enum: ['en', 'fr'] })
      .notNull()
      .default('en'),
    /**
     * The alert's mark: the candidates created up to it have been looked at (those matching were alerted). Set
     * to now when an alert is turned on, moved on by each alert run in the transaction that records what it sent.
     */
    alertedUpTo: timestamp('alerted_up_to', { withTimezone: true }).notNull().defaultNow(),
    /** When the alert was last turned on: a run's look-back before the mark stops there. */
    alertSince: timestamp('alert_since', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Mine, and the licence's shared ones.
    index('saved_searches_owner_idx').on(t.ownerId, t.id),
    index('saved_searches_licence_shared_idx').on(t.licenceId, t.shared, t.id),
    // The alert run's list: the searches with an alert, few among all.
    index('saved_searches_alerting_idx').on(t.licenceId, t.id).where(sql`${t.alert} <> 'off'`),
  ],
);

/**
 * The candidates a saved search's alert told its owner of (decision 209): one row per search and candidate,
 * written in the transaction that queues the mail and moves the search's mark on, so no candidate is alerted
 * twice for one search, even when a run looks again at candidates created a little before the mark. Only the
 * recent rows matter (a run looks back 15 minutes before the mark): each run deletes its search's older ones.
 * No reference to the candidate and no licence column: a run writes thousands of rows, each checked against
 * its search alone (the licence's is the search's); a candidate id is never used again.
 */
export const savedSearchAlerted = pgTable(
  'saved_search_alerted',
  {
    savedSearchId: partOf('saved_search_id', () => savedSearches.id),
    candidateId: integer('candidate_id').notNull(),
    alertedAt: timestamp('alerted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.savedSearchId, t.candidateId] })],
);

/** When each user last opened a saved search: a shared one counts its new matches per person. */
export const savedSearchViews = pgTable(
  'saved_search_views',
  {
    savedSearchId: partOf('saved_search_id', () => savedSearches.id),
    userId: partOf('user_id', () => users.id),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.savedSearchId, t.userId] }),
    index('saved_search_views_user_idx').on(t.userId),
  ],
);
