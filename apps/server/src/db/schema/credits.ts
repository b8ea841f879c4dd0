import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { licenceColumn } from './tenant.ts';
import { users } from './users.ts';

/** One row per credit spent, so the licence service can report use per user and per period. */
export const creditEvents = pgTable(
  'credit_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_events_licence_created_idx').on(t.licenceId, t.createdAt),
    index('credit_events_user_idx').on(t.userId),
  ],
);
