import { PLAN_TYPES, RENEW_PERIODS } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A licence is an organisation (a tenant): every tenant table carries its id. */
export const licences = pgTable(
  'licences',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    creditsMax: integer('credits_max').notNull().default(0),
    creditsUsed: integer('credits_used').notNull().default(0),
    planType: text('plan_type', { enum: PLAN_TYPES }).notNull(),
    renewPeriod: text('renew_period', { enum: RENEW_PERIODS }),
    apiUrl: text('api_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('licences_credits_non_negative', sql`${t.creditsMax} >= 0 AND ${t.creditsUsed} >= 0`),
    check('licences_plan_type', sql`${t.planType} IN ('recurrent', 'on_demand', 'demo')`),
  ],
);
