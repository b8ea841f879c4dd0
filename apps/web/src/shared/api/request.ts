import { logout } from '../session/logout';
import { useAppStore } from '../store/app-store';
import { ApiError } from './api-error';
import { toCamelCase, toSnakeCase } from './case';

/** SPEC section 7: every call gives up after 5000 ms. */
export const REQUEST_TIMEOUT_MS = 5_000;

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

export interface RawResponse {
  data: unknown;
  headers: Headers;
  status: number;
}

/**
 * Sends one HTTP call and converts its JSON answer to camelCase. Owns what every call shares: the timeout, the
 * pending-request count behind the top bar, the error list, logout on 401 and the maintenance state on 503
 * (SPEC sections 4, 7 and 8). Throws an ApiError for every failure.
 */
export async function sendRequest(
  method: Method,
  url: string,
  options: { body?: unknown; headers?: Record<string, string>; jwt?: string } = {},
): Promise<RawResponse> {
  const store = useAppStore.getState();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.jwt) headers.Authorization = `Bearer ${options.jwt}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(toSnakeCase(options.body));
  }

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  store.requestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(url, { method: method.toUpperCase(), headers, body, signal: controller.signal });
    } catch (cause) {
      throw controller.signal.aborted
        ? new ApiError('timeout', `Timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`, { url })
        : new ApiError('network', cause instanceof Error ? cause.message : 'Network Error', { url });
    }
    const data = await readJson(response, controller, url);
    if (!response.ok) {
      const error = new ApiError('http', `Request failed with status code ${response.status}`, {
        status: response.status,
        body: isRecord(data) ? data : {},
        url,
      });
      onHttpError(error, Boolean(options.jwt));
      throw error;
    }
    return { data, headers: response.headers, status: response.status };
  } catch (error) {
    if (error instanceof ApiError && error.kind !== 'http') useAppStore.getState().recordError(error);
    throw error;
  } finally {
    clearTimeout(timer);
    useAppStore.getState().requestEnded();
  }
}

/** What a streamed answer hands over: its headers first, then each chunk of its body as it arrives. */
export interface StreamHandlers {
  onHeaders?: (headers: Headers) => void;
  onChunk: (chunk: Uint8Array) => void;
}

/**
 * Sends a GET whose answer is a file read as it downloads (an export): same session, pending count, error list,
 * 401 and 503 handling as `sendRequest`. SPEC section 7's 5000 ms timeout applies to the wait for the answer
 * and then to every wait between two chunks, so a long file that keeps coming is never cut, a stalled one is.
 * A failure answer's JSON body is read as `sendRequest` reads it.
 */
export async function streamRequest(
  url: string,
  handlers: StreamHandlers,
  options: { headers?: Record<string, string>; jwt?: string } = {},
): Promise<{ headers: Headers; status: number }> {
  const store = useAppStore.getState();
  const headers: Record<string, string> = { ...options.headers };
  if (options.jwt) headers.Authorization = `Bearer ${options.jwt}`;
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  };
  const failure = (cause: unknown) =>
    controller.signal.aborted
      ? new ApiError('timeout', `Timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`, { url })
      : new ApiError('network', cause instanceof Error ? cause.message : 'Network Error', { url });
  store.requestStarted();
  try {
    let response: Response;
    try {
      response = await fetch(url, { method: 'GET', headers, signal: controller.signal });
    } catch (cause) {
      throw failure(cause);
    }
    if (!response.ok) {
      const data = await readJson(response, controller, url);
      const error = new ApiError('http', `Request failed with status code ${response.status}`, {
        status: response.status,
        body: isRecord(data) ? data : {},
        url,
      });
      onHttpError(error, Boolean(options.jwt));
      throw error;
    }
    handlers.onHeaders?.(response.headers);
    if (response.body) {
      const reader = response.body.getReader();
      try {
        for (;;) {
          rearm();
          const { done, value } = await reader.read();
          if (done) break;
          handlers.onChunk(value);
        }
      } catch (cause) {
        throw failure(cause);
      }
    }
    return { headers: response.headers, status: response.status };
  } catch (error) {
    if (error instanceof ApiError && error.kind !== 'http') useAppStore.getState().recordError(error);
    throw error;
  } finally {
    clearTimeout(timer);
    useAppStore.getState().requestEnded();
  }
}

async function readJson(response: Response, controller: AbortController, url: string): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? undefined : toCamelCase(JSON.parse(text));
  } catch {
    if (controller.signal.aborted)
      throw new ApiError('timeout', `Timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`, { url });
    return undefined;
  }
}

/** The server refused an access token only because it has expired: the client refreshes and retries. */
export const isTokenExpired = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 401 && error.errorCode === 'token_expired';

function onHttpError(error: ApiError, authenticated: boolean): void {
  const store = useAppStore.getState();
  store.recordError(error);
  // An expired token is the HTTP client's to renew (http-client.ts); any other 401 ends the session.
  if (error.status === 401 && authenticated && !isTokenExpired(error)) logout();
  if (error.status === 503 && typeof error.body.breakAt === 'string') {
    store.setMaintenance({ breakAt: error.body.breakAt, duration: Number(error.body.duration) || 0 });
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
