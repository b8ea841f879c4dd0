import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { licenceColumn } from './tenant.ts';
import { users } from './users.ts';

/**
 * The licence's API tokens (issue 25, decision 198). A token acts for the admin who made it (`created_by`),
 * within its `scopes`; deleting that admin deletes their tokens. Only the token's SHA-256 is kept (`hash`), and
 * its first 12 characters (`prefix`) to tell it apart in a list. `last_used_*` is written at most once a minute.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    hash: text('hash').notNull(),
    scopes: text('scopes').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedAddress: text('last_used_address'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_hash_unique').on(t.hash),
    index('api_tokens_licence_idx').on(t.licenceId, t.createdAt),
    index('api_tokens_created_by_idx').on(t.createdBy),
  ],
);
