import { sql } from 'drizzle-orm';
import { check, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { licenceColumn } from './tenant.ts';

/** Global settings of a licence (SPEC section 3): export, transparency, tags_rule, company_creation, contacted_status, avatar_service, audit_retention_months (issue 24). */
export const settings = pgTable(
  'settings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    name: text('name').notNull(),
    value: text('value'),
    type: text('type').notNull().default('string'),
  },
  (t) => [uniqueIndex('settings_licence_name_unique').on(t.licenceId, t.name)],
);

/** The announced maintenance window; a single row (id 1) or none. */
export const maintenance = pgTable(
  'maintenance',
  {
    id: integer('id').primaryKey(),
    breakAt: timestamp('break_at', { withTimezone: true }).notNull(),
    duration: integer('duration').notNull(),
  },
  (t) => [
    check('maintenance_single_row', sql`${t.id} = 1`),
    check('maintenance_duration', sql`${t.duration} > 0`),
  ],
);

/** Secrets the server generates once and shares between instances (the JWT key when none is configured). */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Fixed-window counters for rate limits, shared by every instance through the database. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
