import { decodeJwt } from 'jose';
import * as oauth from 'oauth4webapi';
import { PROVIDER_TIMEOUT_MS, type ProviderClient } from './openid-clients.ts';
import { acceptedIssuer, expectedIssuer } from './token-issuer.ts';

/**
 * The token endpoint calls, with oauth4webapi (the engine under openid-client, decision 100): openid-client
 * fixes the issuer a token must name when its configuration is built, but under Microsoft's multi-tenant
 * endpoints that issuer depends on the token itself (its `tid`). Here the expected issuer is chosen per
 * response, then every check runs as openid-client runs it: the ID token's signature against the provider's
 * published keys, issuer, audience, nonce, expiry.
 */
export type TokenSet = { tokens: oauth.TokenEndpointResponse; claims: oauth.IDToken | undefined };

const requestOptions = (provider: ProviderClient) => ({
  [oauth.allowInsecureRequests]: provider.insecure,
  signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
});

/** Exchanges the authorization code of a callback for tokens, checking `state`, PKCE and the ID token. */
export async function exchangeCode(
  provider: ProviderClient,
  callbackParameters: URLSearchParams,
  attempt: { state: string; nonce: string; codeVerifier: string },
  redirectUri: string,
): Promise<TokenSet & { claims: oauth.IDToken }> {
  // RFC 9207: a provider may name itself in the answer; under Microsoft's template, that names a tenant.
  const named = callbackParameters.get('iss');
  const answeringIssuer = named ? acceptedIssuer(provider.issuers, named) : undefined;
  const authorization = oauth.validateAuthResponse(
    answeringIssuer ? { ...provider.server, issuer: answeringIssuer } : provider.server,
    provider.client,
    callbackParameters,
    attempt.state,
  );
  const response = await oauth.authorizationCodeGrantRequest(
    provider.server,
    provider.client,
    provider.clientAuth,
    authorization,
    redirectUri,
    attempt.codeVerifier,
    requestOptions(provider),
  );
  const server = await serverFor(provider, response);
  const tokens = await oauth.processAuthorizationCodeResponse(server, provider.client, response, {
    expectedNonce: attempt.nonce,
    requireIdToken: true,
  });
  await oauth.validateApplicationLevelSignature(server, response, {
    ...requestOptions(provider),
    [oauth.jwksCache]: provider.jwksCache,
  });
  const claims = oauth.getValidatedIdTokenClaims(tokens);
  if (!claims) throw new oauth.OperationProcessingError('no ID token', { code: oauth.INVALID_RESPONSE });
  if (answeringIssuer && claims.iss !== answeringIssuer) {
    throw new oauth.OperationProcessingError('the answer and its ID token name different issuers', {
      code: oauth.JWT_CLAIM_COMPARISON,
    });
  }
  return { tokens, claims };
}

/** Asks for a new access token with a refresh token; an ID token that comes with it is checked too. */
export async function refreshGrant(provider: ProviderClient, refreshToken: string): Promise<TokenSet> {
  const response = await oauth.refreshTokenGrantRequest(
    provider.server,
    provider.client,
    provider.clientAuth,
    refreshToken,
    requestOptions(provider),
  );
  const server = await serverFor(provider, response);
  const tokens = await oauth.processRefreshTokenResponse(server, provider.client, response);
  if (tokens.id_token) {
    await oauth.validateApplicationLevelSignature(server, response, {
      ...requestOptions(provider),
      [oauth.jwksCache]: provider.jwksCache,
    });
  }
  return { tokens, claims: oauth.getValidatedIdTokenClaims(tokens) };
}

/**
 * The provider's metadata with the issuer this response's ID token must name. For a Microsoft template the
 * tenant is read from the token before it is checked; the checks that follow then hold the token to that
 * tenant's issuer and verify its signature, so a forged `tid` fails them.
 */
async function serverFor(provider: ProviderClient, response: Response): Promise<oauth.AuthorizationServer> {
  // An error answer, or one without an ID token: processing the response reports it as it is.
  if (provider.issuers.kind === 'fixed' || !response.ok) return provider.server;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => undefined);
  const idToken = body && typeof body === 'object' ? (body as { id_token?: unknown }).id_token : undefined;
  if (typeof idToken !== 'string') return provider.server;
  let tenantId: unknown;
  try {
    tenantId = decodeJwt(idToken).tid;
  } catch {
    tenantId = undefined;
  }
  const issuer = expectedIssuer(provider.issuers, tenantId);
  if (!issuer) {
    throw new oauth.OperationProcessingError('the ID token names no tenant (tid)', {
      code: oauth.JWT_CLAIM_COMPARISON,
    });
  }
  return { ...provider.server, issuer };
}
