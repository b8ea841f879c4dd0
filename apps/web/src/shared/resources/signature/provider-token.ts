import { queryOptions } from '@tanstack/react-query';
import { routes } from '@vivier/contract/routes';
import { isApiError } from '../../api/api-error';
import { call } from '../../api/call';
import { freshJwt } from '../../api/token-refresh';
import { signatureKeys } from './get-signature';

/**
 * GET /oauth/token (SPEC section 7, "reads accessToken"): the mail provider's access token of a user who signed
 * in with Google, null for anyone else or when the call fails. Its bearer header is set by hand with
 * `auth: false`, so a refusal here (a password session has no provider token) never reads as the session's
 * end: the generic client logs out on any 401 of an authenticated call.
 */
export async function getProviderToken(): Promise<string | null> {
  const jwt = await freshJwt();
  if (!jwt) return null;
  try {
    const answer = await call(routes.auth.oauthToken, {
      auth: false,
      headers: { Authorization: `Bearer ${jwt}` },
    });
    return typeof answer?.accessToken === 'string' && answer.accessToken ? answer.accessToken : null;
  } catch (error) {
    // Silent: without a provider token the stored signature is used (docs/decisions/083-signature.md).
    if (!isApiError(error) || error.kind !== 'http') console.error(error);
    return null;
  }
}

/** The token is kept a minute: the settings screen and a send dialog opened together ask once. */
export const providerTokenQueryOptions = () =>
  queryOptions({
    queryKey: signatureKeys.providerToken,
    queryFn: getProviderToken,
    staleTime: 60_000,
    gcTime: 60_000,
  });

/** The header that hands the provider's token to a server call that reads the signature. */
export const providerTokenHeader = (token: string | null): Record<string, string> =>
  token ? { 'X-Provider-Token': token } : {};
