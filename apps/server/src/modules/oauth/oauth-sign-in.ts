import type { OAuthCallbackQuery, OAuthProvider } from '@vivier/contract';
import type { FastifyBaseLogger } from 'fastify';
import * as client from 'openid-client';
import type { Deps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { recordFailedSignIn } from '../auth/session.ts';
import { mailConfirmationLink } from '../users/account-mail.ts';
import { findUsersByEmail, type UserWithLicence } from '../users/users.queries.ts';
import { saveAttempt, takeAttempt } from './attempts.ts';
import { providerSettings, redirectUri } from './oauth-providers.ts';
import { describeFailure, providerFailure } from './provider-failure.ts';
import { storeProviderTokens } from './provider-tokens.ts';
import { exchangeCode } from './token-endpoint.ts';
import { verifiedEmail } from './verified-email.ts';

/**
 * Starts a sign-in with a provider (SPEC section 7, GET /oauth/{provider}/auth): an authorization code
 * request with PKCE, whose `state` and `nonce` are kept with the verifier for the callback (attempts.ts).
 */
export async function startSignIn(deps: Deps, provider: OAuthProvider): Promise<string> {
  const discovered = await deps.oauth.get(provider);
  const attempt = {
    state: client.randomState(),
    nonce: client.randomNonce(),
    codeVerifier: client.randomPKCECodeVerifier(),
  };
  await saveAttempt(deps.db, provider, attempt);
  const url = client.buildAuthorizationUrl(discovered.configuration, {
    redirect_uri: redirectUri(deps.config, provider),
    scope: discovered.settings.scope,
    state: attempt.state,
    nonce: attempt.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(attempt.codeVerifier),
    code_challenge_method: 'S256',
    ...discovered.settings.authorizationParameters,
  });
  return url.href;
}

/**
 * Completes a sign-in from the provider's answer (SPEC section 7, GET /oauth/{provider}/callback): takes the
 * attempt its `state` names (once), exchanges the code, checks the ID token, and finds the Vivier user whose
 * email the provider has verified. Nobody is created: a person needs an account first (SPEC section 8).
 * Only confirmed accounts are entered: an admin anywhere can create an account with any address, and the
 * provider's word proves the person, not that this organisation is theirs. With only unconfirmed ones, the
 * answer says so and the confirmation links are mailed again. Several confirmed ones: the caller asks which
 * (docs/decisions/136-accounts-per-licence.md). A refusal for unconfirmed accounts is recorded in their licences'
 * audit logs; one for an address with no account, or one the provider refused, in none (decision 192).
 */
export async function completeSignIn(
  deps: Deps,
  provider: OAuthProvider,
  query: OAuthCallbackQuery,
  log: FastifyBaseLogger,
  address: string,
): Promise<UserWithLicence[]> {
  const { label } = providerSettings(deps.config, provider);
  const attempt = query.state ? await takeAttempt(deps.db, provider, query.state) : undefined;
  if (!attempt) {
    throw new AppError(
      'invalid_state',
      `This sign-in with ${label} has expired or was already used, please sign in again`,
    );
  }
  const discovered = await deps.oauth.get(provider);
  const parameters = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) parameters.set(name, value);

  let signedIn: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    signedIn = await exchangeCode(discovered, parameters, attempt, redirectUri(deps.config, provider));
  } catch (error) {
    log.warn({ provider, reason: describeFailure(error) }, 'OpenID sign-in refused');
    throw providerFailure(label, error);
  }

  const email = verifiedEmail(provider, signedIn.claims);
  if (!email) {
    throw new AppError(
      'email_not_verified',
      `Failed to log in with ${label}: ${label} has not verified your email address`,
    );
  }
  const accounts = await findUsersByEmail(deps.db, email);
  const confirmed = accounts.filter((account) => account.confirmedAt !== null);
  if (accounts.length > 0 && confirmed.length === 0) {
    await recordFailedSignIn(deps, accounts, { address, method: provider, reason: 'unconfirmed' });
    for (const account of accounts) {
      deps.background.run('the address confirmation mail', () =>
        mailConfirmationLink(deps.db, deps.mailer, account, deps.publicUrl()),
      );
    }
    throw new AppError(
      'email_unconfirmed',
      `Failed to log in with ${label}: your address is not confirmed yet; we have mailed you the link to confirm it`,
    );
  }
  if (confirmed.length === 0) {
    // SPEC section 8, word for word, with the product's name.
    throw new AppError(
      'no_account',
      `Failed to log in with ${label}, please contact your administrator to ensure you have a Vivier account`,
    );
  }
  // The provider's tokens belong to the person: each of their accounts may call the provider's API with them.
  for (const account of confirmed) {
    await storeProviderTokens(deps.db, deps.tokenBox, account, provider, signedIn);
  }
  return confirmed;
}
