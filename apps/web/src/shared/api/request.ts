import {
  METHODS,
  type Method,
  type RawResponse,
  type StreamHandlers,
  send,
  stream,
  VivierApiError,
} from '@vivier/client/core';
import { logout } from '../session/logout';
import { useAppStore } from '../store/app-store';
import { ApiError } from './api-error';

export { METHODS, type Method, type RawResponse, type StreamHandlers };

/** SPEC section 7: every call gives up after 5000 ms. */
export const REQUEST_TIMEOUT_MS = 5_000;

/**
 * Sends one HTTP call through the client package (`@vivier/client/core`: JSON snake_cased out and camelCased
 * in, the timeout, the errors) and adds what the app does with every call: the pending-request count behind the
 * top bar, the error list, logout on 401 and the maintenance state on 503 (SPEC sections 4, 7 and 8). Throws an
 * ApiError for every failure.
 */
export function sendRequest(
  method: Method,
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; jwt?: string } = {},
): Promise<RawResponse> {
  return tracked(
    () =>
      againIfShed(method, () =>
        send(method, url, {
          body: options.body,
          headers: options.headers,
          token: options.jwt,
          timeoutMs: REQUEST_TIMEOUT_MS,
        }),
      ),
    Boolean(options.jwt),
  );
}

/** How many times a read the server shed is asked again, and the longest wait before each. */
export const SHED_RETRIES = 2;
const SHED_WAIT_MAX_S = 5;

/**
 * A busy server refuses what it cannot start soon (503 `overloaded` with Retry-After, issue 29, decision 211): a
 * read is asked again after the wait it names, twice at most, so a screen under load shows its data late rather
 * than an error. A write is never sent twice: the person sees the error and chooses.
 */
async function againIfShed<T>(method: Method, call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const shed =
        error instanceof VivierApiError && error.status === 503 && error.errorCode === 'overloaded';
      if (!shed || method !== 'get' || attempt >= SHED_RETRIES) throw error;
      const seconds = Math.min(Math.max(error.retryAfter ?? 1, 0), SHED_WAIT_MAX_S);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    }
  }
}

/**
 * Sends a GET whose answer is a file read as it downloads (an export): same session, pending count, error list,
 * 401 and 503 handling as `sendRequest`; the 5000 ms apply to the wait for the answer, then to each wait
 * between two chunks.
 */
export function streamRequest(
  url: string,
  handlers: StreamHandlers,
  options: { headers?: Record<string, string>; jwt?: string } = {},
): Promise<{ headers: Headers; status: number }> {
  return tracked(
    () =>
      stream(url, handlers, { headers: options.headers, token: options.jwt, timeoutMs: REQUEST_TIMEOUT_MS }),
    Boolean(options.jwt),
  );
}

async function tracked<T>(call: () => Promise<T>, authenticated: boolean): Promise<T> {
  const store = useAppStore.getState();
  store.requestStarted();
  try {
    return await call();
  } catch (error) {
    if (error instanceof VivierApiError) {
      useAppStore.getState().recordError(error);
      if (error.kind === 'http') onHttpError(error, authenticated);
    }
    throw error;
  } finally {
    useAppStore.getState().requestEnded();
  }
}

/** The server refused an access token only because it has expired: the client refreshes and retries. */
export const isTokenExpired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401 && error.errorCode === 'token_expired';

function onHttpError(error: ApiError, authenticated: boolean): void {
  // An expired token is the HTTP client's to renew (http-client.ts); any other 401 ends the session.
  if (error.status === 401 && authenticated && !isTokenExpired(error)) logout();
  if (error.status === 503 && typeof error.body.breakAt === 'string') {
    useAppStore
      .getState()
      .setMaintenance({ breakAt: error.body.breakAt, duration: Number(error.body.duration) || 0 });
  }
}
