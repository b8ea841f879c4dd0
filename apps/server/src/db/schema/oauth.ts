import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { licenceColumn, partOf } from './tenant.ts';
import { users } from './users.ts';

/**
 * A sign-in started with Google or Microsoft and not finished yet (decision 100). The browser carries only
 * `state` (stored hashed); the PKCE verifier and the nonce stay here. A row is deleted when its callback
 * arrives, so an attempt completes once; rows left behind expire after ten minutes.
 */
export const oauthAttempts = pgTable(
  'oauth_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider', { enum: ['google', 'microsoft'] }).notNull(),
    stateHash: text('state_hash').notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_attempts_state_hash_unique').on(t.stateHash),
    index('oauth_attempts_expires_at_idx').on(t.expiresAt),
  ],
);

/**
 * The provider tokens of a user who signed in with Google or Microsoft, one row per provider, so the web
 * app can call the provider's API for the user (SPEC section 7, GET /oauth/token: the mail signature).
 * Tokens are sealed with a key derived from the server secret (lib/secret-box.ts, decision 100).
 */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licenceId: licenceColumn(),
    userId: partOf('user_id', () => users.id),
    provider: text('provider', { enum: ['google', 'microsoft'] }).notNull(),
    /** The provider's `sub` for this person. */
    subject: text('subject').notNull(),
    /** Microsoft's `tid`: the tenant whose issuer signs this person's tokens (multi-tenant sign-in). */
    tenantId: text('tenant_id'),
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_identities_user_provider_unique').on(t.userId, t.provider),
    index('oauth_identities_licence_idx').on(t.licenceId),
  ],
);
