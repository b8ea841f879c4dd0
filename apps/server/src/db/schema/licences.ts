import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** A licence is an organisation (a tenant): every tenant table carries its id. */
export const licences = pgTable(
  'licences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    creditsMax: integer('credits_max').notNull().default(0),
    creditsUsed: integer('credits_used').notNull().default(0),
    planType: text('plan_type', { enum: ['recurrent', 'on_demand', 'demo'] }).notNull(),
    renewPeriod: text('renew_period', { enum: ['weekly', 'monthly', 'quaterly', 'yearly'] }),
    apiUrl: text('api_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('licences_credits_non_negative', sql`${t.creditsMax} >= 0 AND ${t.creditsUsed} >= 0`),
    check('licences_plan_type', sql`${t.planType} IN ('recurrent', 'on_demand', 'demo')`),
  ],
);

/** One row per credit spent, so the licence service can report use per user and per period. */
export const creditEvents = pgTable(
  'credit_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: integer('licence_id')
      .notNull()
      .references(() => licences.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('credit_events_licence_created_idx').on(t.licenceId, t.createdAt)],
);
