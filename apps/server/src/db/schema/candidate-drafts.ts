import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { licenceColumn } from './tenant.ts';
import { users } from './users.ts';

/** What was found in a CV's text (decision 188): the person may correct it before confirming. */
export type DetectedFields = {
  first_name: string | null;
  last_name: string | null;
  emails: string[];
  phones: string[];
  linkedin_url: string | null;
};

/**
 * A candidate to be created from a CV (issue 22, decision 188): the CV is stored (`storage_key`, as a
 * candidate's file is), its text read and its contacts detected; confirming creates the candidate and moves
 * the file to it. Only its user sees it. Deleted after a day unconfirmed (candidate_drafts.prune), its object
 * then left to the files' sweeper.
 */
export const candidateDrafts = pgTable(
  'candidate_drafts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    mediaType: text('media_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    // The CV's text, null when it could not be read (then nothing is detected).
    text: text('text'),
    detected: jsonb('detected').$type<DetectedFields>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('candidate_drafts_licence_idx').on(t.licenceId),
    // A user's drafts, and their deletion with the user (cascade).
    index('candidate_drafts_user_idx').on(t.userId),
    index('candidate_drafts_created_idx').on(t.createdAt),
  ],
);
