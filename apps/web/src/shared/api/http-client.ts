import { followPages, type Page, pageOf, urlOf } from '@vivier/client/core';
import { logout } from '../session/logout';
import {
  isTokenExpired,
  type Method,
  type RawResponse,
  type StreamHandlers,
  sendRequest,
  streamRequest,
} from './request';
import { freshJwt, jwtAfterExpired } from './token-refresh';

export interface CallOptions {
  /** Query parameters in camelCase; sent in snake_case and bracket form. */
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  /** False for the few calls made without a session (login, recovery, refresh). */
  auth?: boolean;
}

export type { Page };

export interface ServiceClient {
  /** One call, answered whole: its camelCased body, headers and status (shared/api/call.ts reads headers). */
  request(method: Method, path: string, options?: CallOptions): Promise<RawResponse>;
  get<T>(path: string, options?: CallOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(path: string, options?: CallOptions): Promise<T>;
  /** GET of a list that follows `Link: rel="next"` and merges every page's `data` (SPEC section 7). */
  getAll<T>(path: string, options?: CallOptions): Promise<T[]>;
  /** GET of one page: sends page and perPage, reads data and totalCount (SPEC section 7). */
  getPage<T>(path: string, page: number, perPage: number, options?: CallOptions): Promise<Page<T>>;
  /** GET of a file, handed over chunk by chunk as it downloads (an export); answers its headers at the end. */
  stream(path: string, handlers: StreamHandlers, options?: CallOptions): Promise<{ headers: Headers }>;
}

/**
 * A client for one service (licence, users or main data). The base URL is read on every call, because the main
 * one comes from the licence once it is known.
 */
export function createServiceClient(getBaseUrl: () => string | undefined): ServiceClient {
  // The client package builds the URL: https, the path, the query snake_cased in bracket form.
  const buildUrl = (method: string, path: string, query?: Record<string, unknown>): string =>
    urlOf(getBaseUrl(), method, path, query);

  async function call(method: Method, path: string, options: CallOptions = {}) {
    return send(method, buildUrl(method, path, options.query), options);
  }

  const data = async <T>(method: Method, path: string, options?: CallOptions): Promise<T> =>
    (await call(method, path, options)).data as T;

  return {
    request: (method, path, options) => call(method, path, options),
    get: (path, options) => data('get', path, options),
    post: (path, body, options) => data('post', path, { ...options, body }),
    put: (path, body, options) => data('put', path, { ...options, body }),
    patch: (path, body, options) => data('patch', path, { ...options, body }),
    delete: (path, options) => data('delete', path, options),

    async getAll<T>(path: string, options: CallOptions = {}): Promise<T[]> {
      const url = buildUrl('get', path, options.query);
      return followPages<T>(await send('get', url, options), url, (next) =>
        send('get', next, { headers: options.headers, auth: options.auth }),
      );
    },

    async getPage<T>(
      path: string,
      page: number,
      perPage: number,
      options: CallOptions = {},
    ): Promise<Page<T>> {
      return pageOf<T>(await call('get', path, { ...options, query: { ...options.query, page, perPage } }));
    },

    async stream(path: string, handlers: StreamHandlers, options: CallOptions = {}) {
      const url = buildUrl('get', path, options.query);
      const jwt = options.auth === false ? undefined : await freshJwt();
      return streamRequest(url, handlers, { headers: options.headers, jwt });
    },
  };
}

/**
 * Sends one call with the session's access token. A token the server calls expired although this tab thought
 * it fresh (the tab's clock is behind) is refreshed once and the call retried, instead of signing out.
 */
async function send(
  method: Method,
  url: string,
  options: Pick<CallOptions, 'body' | 'headers' | 'auth'>,
): Promise<RawResponse> {
  const request = { body: options.body, headers: options.headers };
  if (options.auth === false) return sendRequest(method, url, request);
  const jwt = await freshJwt();
  try {
    return await sendRequest(method, url, { ...request, jwt });
  } catch (error) {
    if (!jwt || !isTokenExpired(error)) throw error;
    const renewed = await jwtAfterExpired(jwt);
    try {
      return await sendRequest(method, url, { ...request, jwt: renewed });
    } catch (again) {
      if (isTokenExpired(again)) logout();
      throw again;
    }
  }
}
