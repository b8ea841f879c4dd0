import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { candidates } from './candidates.ts';
import { licenceColumn, partOf } from './tenant.ts';
import { users } from './users.ts';

/**
 * The mail sent to a candidate 30 days before their data is due for erasure (issue 24, decision 195): one per
 * candidate and due date, so the daily run mails once however often it runs. The link's token is kept only
 * as its SHA-256 (`token_hash`), set when the mail leaves; `answered_at` once the candidate kept their data.
 */
export const retentionNotices = pgTable(
  'retention_notices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    candidateId: partOf('candidate_id', () => candidates.id),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    tokenHash: text('token_hash'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('retention_notices_candidate_due_unique').on(t.candidateId, t.dueAt),
    uniqueIndex('retention_notices_token_unique').on(t.tokenHash),
    index('retention_notices_licence_idx').on(t.licenceId),
  ],
);

/** A candidate an admin took out of retention, with the reason (issue 24): never due while the row stands. */
export const retentionExclusions = pgTable(
  'retention_exclusions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    candidateId: partOf('candidate_id', () => candidates.id),
    reason: text('reason').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('retention_exclusions_candidate_unique').on(t.candidateId),
    index('retention_exclusions_licence_idx').on(t.licenceId),
    index('retention_exclusions_user_idx').on(t.userId),
  ],
);
