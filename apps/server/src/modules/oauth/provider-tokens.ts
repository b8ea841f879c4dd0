import type { OAuthProvider, OAuthTokenResponse } from '@vivier/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as oauth from 'oauth4webapi';
import type { Db } from '../../db/database.ts';
import { oauthIdentities } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { Caller } from '../../http/caller.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { PROVIDER_LABELS } from './oauth-providers.ts';
import { describeFailure, providerError, providerFailure } from './provider-failure.ts';
import { refreshGrant, type TokenSet } from './token-endpoint.ts';

/** An access token this close to its expiry is refreshed first: the web app's call must not fail midway. */
const EXPIRY_MARGIN_MS = 60_000;

type Identity = typeof oauthIdentities.$inferSelect;

/** Each sealed token is bound to its owner, provider and kind: copied elsewhere, it does not open. */
const sealContext = (userId: number, provider: OAuthProvider, kind: 'access' | 'refresh') =>
  `oauth:${userId}:${provider}:${kind}`;

const expiryOf = (tokens: oauth.TokenEndpointResponse) =>
  typeof tokens.expires_in === 'number' ? new Date(Date.now() + tokens.expires_in * 1000) : null;

/**
 * Keeps the provider tokens of a sign-in, sealed (decision 100). A sign-in without a refresh token keeps the
 * one stored before for the same provider account: Google sends one only when the person first consents.
 */
export async function storeProviderTokens(
  db: Db,
  box: SecretBox,
  user: { id: number; licenceId: number },
  provider: OAuthProvider,
  { tokens, claims }: TokenSet & { claims: oauth.IDToken },
): Promise<void> {
  const now = new Date();
  const refreshToken = tokens.refresh_token
    ? box.seal(tokens.refresh_token, sealContext(user.id, provider, 'refresh'))
    : null;
  const values = {
    licenceId: user.licenceId,
    userId: user.id,
    provider,
    subject: claims.sub,
    tenantId: typeof claims.tid === 'string' ? claims.tid : null,
    accessToken: box.seal(tokens.access_token, sealContext(user.id, provider, 'access')),
    refreshToken,
    accessTokenExpiresAt: expiryOf(tokens),
    scope: tokens.scope ?? null,
    lastSignInAt: now,
    updatedAt: now,
  };
  await db
    .insert(oauthIdentities)
    .values(values)
    .onConflictDoUpdate({
      target: [oauthIdentities.userId, oauthIdentities.provider],
      set: {
        ...values,
        refreshToken:
          refreshToken ??
          sql`case when ${oauthIdentities.subject} = excluded.subject then ${oauthIdentities.refreshToken} end`,
      },
    });
}

/**
 * The provider access token of the caller (SPEC section 7, GET /oauth/token), refreshed first when it is
 * about to expire. `wanted` picks a provider; else the one of the caller's latest provider sign-in.
 *
 * Never a 401 here, whatever the provider says: the web app signs a person out of Vivier on a 401. A grant
 * the provider no longer honours is forgotten and answered 404: the person signs in with the provider again.
 * A caller who never signed in with a provider gets null (an answer, not an error: the settings screen asks
 * for every user).
 */
export async function currentProviderToken(
  deps: Pick<Deps, 'db' | 'tokenBox' | 'oauth'>,
  caller: Caller,
  wanted: OAuthProvider | undefined,
  log: FastifyBaseLogger,
): Promise<OAuthTokenResponse | null> {
  const [identity] = await deps.db
    .select()
    .from(oauthIdentities)
    .where(
      and(
        scoped(oauthIdentities, caller),
        eq(oauthIdentities.userId, caller.userId),
        wanted ? eq(oauthIdentities.provider, wanted) : undefined,
      ),
    )
    .orderBy(desc(oauthIdentities.lastSignInAt))
    .limit(1);
  if (!identity) return null;

  const { provider } = identity;
  const label = PROVIDER_LABELS[provider];
  const access = deps.tokenBox.open(identity.accessToken, sealContext(caller.userId, provider, 'access'));
  const expiresAt = identity.accessTokenExpiresAt;
  if (access && (!expiresAt || expiresAt.getTime() - Date.now() > EXPIRY_MARGIN_MS)) {
    return { access_token: access, provider, expires_at: expiresAt?.toISOString() ?? null };
  }

  const refreshToken = identity.refreshToken
    ? deps.tokenBox.open(identity.refreshToken, sealContext(caller.userId, provider, 'refresh'))
    : undefined;
  if (!refreshToken) throw signInAgain(label);

  let refreshed: TokenSet;
  try {
    refreshed = await refreshGrant(await deps.oauth.get(provider), refreshToken);
  } catch (error) {
    if (error instanceof AppError) throw error;
    log.warn({ provider, reason: describeFailure(error) }, 'OpenID token refresh failed');
    if (error instanceof oauth.ResponseBodyError && error.status < 500) {
      await forget(deps.db, identity);
      throw signInAgain(label);
    }
    const failure = providerFailure(label, error);
    throw failure.status === 401 ? providerError(label) : failure;
  }
  // OpenID Connect Core 12.2: a refreshed ID token names the same person.
  if (refreshed.claims && refreshed.claims.sub !== identity.subject) throw providerError(label);

  const { tokens } = refreshed;
  const newExpiry = expiryOf(tokens);
  // Compare-and-set on the sealed access token (a fresh IV each time): a sign-in or another refresh that
  // stored newer tokens meanwhile is kept; the token refreshed here is valid all the same.
  await deps.db
    .update(oauthIdentities)
    .set({
      accessToken: deps.tokenBox.seal(tokens.access_token, sealContext(caller.userId, provider, 'access')),
      refreshToken: tokens.refresh_token
        ? deps.tokenBox.seal(tokens.refresh_token, sealContext(caller.userId, provider, 'refresh'))
        : identity.refreshToken,
      accessTokenExpiresAt: newExpiry,
      scope: tokens.scope ?? identity.scope,
      updatedAt: new Date(),
    })
    .where(and(eq(oauthIdentities.id, identity.id), eq(oauthIdentities.accessToken, identity.accessToken)));
  return { access_token: tokens.access_token, provider, expires_at: newExpiry?.toISOString() ?? null };
}

async function forget(db: Db, identity: Identity) {
  await db
    .delete(oauthIdentities)
    .where(and(eq(oauthIdentities.id, identity.id), eq(oauthIdentities.accessToken, identity.accessToken)));
}

const signInAgain = (label: string) =>
  new AppError(
    'no_provider_token',
    `Vivier no longer holds a valid ${label} authorization for you: sign in with ${label} again`,
  );
