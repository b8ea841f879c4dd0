import { ROLES, type UserSettings } from '@vivier/contract';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { licenceColumn, partOf } from './tenant.ts';

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: ROLES }).notNull().default('user'),
    /**
     * What a non-admin may do on the job offers they manage or are assigned to (SPEC section 6's 'Manager' and
     * 'Other'; docs/decisions/090-user-levels.md): a manager changes them, other only reads them.
     */
    level: text('level', { enum: ['manager', 'other'] })
      .notNull()
      .default('manager'),
    picture: text('picture'),
    settings: jsonb('settings')
      .$type<UserSettings>()
      .notNull()
      .default({ export: { type: null }, email_signature: { value: '' } }),
    /**
     * When the person proved the address is theirs (a mailed link opened, or a reset done through one); null
     * for an account an admin created and nobody confirmed yet: provider sign-in does not enter it
     * (docs/decisions/136-accounts-per-licence.md). The operator's first admin is confirmed at creation.
     */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // An email names one user per licence; one person may have an account in several licences
    // (docs/decisions/136-accounts-per-licence.md). Sign-in looks up by email alone: the second index.
    uniqueIndex('users_licence_email_unique').on(t.licenceId, sql`lower(${t.email})`),
    index('users_email_idx').on(sql`lower(${t.email})`),
    index('users_licence_idx').on(t.licenceId),
  ],
);

/**
 * The per-user client-data record of SPEC section 3, merged into the user for display: what the organisation
 * keeps about a colleague beside their account, today the Salesforce ID (docs/decisions/091-client-data.md).
 */
export const userClientData = pgTable(
  'user_client_data',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    licenceId: licenceColumn(),
    sfId: text('sf_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('user_client_data_licence_idx').on(t.licenceId)],
);

/**
 * Refresh tokens, stored hashed. Each use retires the token and issues the next one of the same family;
 * presenting a retired token again revokes the whole family (DESIGN section 5).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: partOf('user_id', () => users.id),
    family: uuid('family').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
    /**
     * The token that replaced this one, sealed under a key derived from this token itself (never stored): a
     * second tab presenting this token within the reuse interval gets the same successor back
     * (docs/decisions/137-refresh-reuse-interval.md). A database copy alone cannot open it.
     */
    successorSealed: text('successor_sealed'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.family), index('refresh_tokens_user_idx').on(t.userId)],
);

/**
 * Mailed links: random, stored hashed, single use. `reset` sets a password (one hour); `confirm` proves the
 * address of an account an admin created (seven days). Either one, used, confirms the address.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: partOf('user_id', () => users.id),
    tokenHash: text('token_hash').notNull().unique(),
    purpose: text('purpose', { enum: ['reset', 'confirm'] })
      .notNull()
      .default('reset'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);
