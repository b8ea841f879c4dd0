import * as oauth from 'oauth4webapi';
import { AppError } from '../../http/app-error.ts';

/** What the provider's own answers can be blamed on: it is outside our control, so never a 500. */
export const providerUnavailable = (label: string) =>
  new AppError('provider_unavailable', `${label} cannot be reached, please try again later`);

export const providerError = (label: string) =>
  new AppError('provider_error', `${label} answered in a way Vivier cannot use, please try again later`);

/** A sign-in the provider refused, or whose answer did not pass the checks (state, nonce, issuer, …). */
export const signInRejected = (label: string) =>
  new AppError(
    'oauth_failed',
    `Failed to log in with ${label}: the answer of ${label} could not be verified, please try again`,
  );

const MALFORMED = new Set<string>([
  oauth.RESPONSE_IS_NOT_CONFORM,
  oauth.RESPONSE_IS_NOT_JSON,
  oauth.PARSE_ERROR,
  oauth.HTTP_REQUEST_FORBIDDEN,
  oauth.REQUEST_PROTOCOL_FORBIDDEN,
  oauth.MISSING_SERVER_METADATA,
  oauth.INVALID_SERVER_METADATA,
  oauth.JSON_ATTRIBUTE_COMPARISON,
]);

const codeOf = (error: unknown): string | undefined => {
  const code = error && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : undefined;
};

/** The provider did not answer: refused connection, DNS, reset, or our timeout. */
export function isUnreachable(error: unknown): boolean {
  if (error instanceof DOMException) return error.name === 'TimeoutError' || error.name === 'AbortError';
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  const code = codeOf(error);
  if (code === 'OAUTH_TIMEOUT' || code === 'OAUTH_ABORT') return true;
  // openid-client wraps some failures; look one level down.
  const cause = error instanceof Error ? error.cause : undefined;
  return cause !== undefined &&
    cause !== error &&
    (cause instanceof DOMException || cause instanceof TypeError)
    ? isUnreachable(cause)
    : false;
}

/**
 * Turns a failure of openid-client / oauth4webapi into the answer a person gets: 503 when the provider
 * cannot be reached, 502 when it answers something unusable, 401 when it refused the sign-in or its answer
 * failed a check (signature, issuer, audience, nonce, expiry).
 */
export function providerFailure(label: string, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (isUnreachable(error)) return providerUnavailable(label);
  if (error instanceof oauth.AuthorizationResponseError) {
    return new AppError('oauth_denied', `Sign-in with ${label} was cancelled or refused`);
  }
  if (error instanceof oauth.ResponseBodyError) {
    return error.status >= 500 ? providerError(label) : signInRejected(label);
  }
  const code = codeOf(error);
  if (code !== undefined && MALFORMED.has(code)) return providerError(label);
  if (code?.startsWith('OAUTH_')) return signInRejected(label);
  return providerError(label);
}

/** A line for the log: what failed, never a token (library errors carry response bodies in `cause`). */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = codeOf(error);
  const detail =
    error instanceof oauth.ResponseBodyError
      ? ` (${error.status} ${error.error}${error.error_description ? `: ${error.error_description}` : ''})`
      : '';
  return `${error.name}${code ? ` ${code}` : ''}: ${error.message}${detail}`;
}
