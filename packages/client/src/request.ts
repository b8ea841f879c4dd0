import { toCamelCase, toSnakeCase } from './case.ts';
import { VivierApiError } from './error.ts';

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

/** The `fetch` a client calls: the platform's (Node 18+, browsers) unless one is given (a proxy, a test). */
export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** One answer, whole: its camelCased JSON body, headers and status. */
export interface RawResponse {
  data: unknown;
  headers: Headers;
  status: number;
}

export interface SendOptions {
  body?: unknown;
  headers?: Record<string, string>;
  /** Sent as `Authorization: Bearer <token>`: an API token (`viv_…`) or a session's access token. */
  token?: string;
  timeoutMs: number;
  fetch?: Fetch;
}

// Read at each call, not at import: a page or a test may replace the global after this module loads, and a
// browser's fetch called as a method of another object throws "Illegal invocation".
const platformFetch: Fetch = (url, init) => globalThis.fetch(url, init);

const timeoutError = (timeoutMs: number, url: string) =>
  new VivierApiError('timeout', `Timeout of ${timeoutMs}ms exceeded`, { url });

const networkError = (cause: unknown, url: string) =>
  new VivierApiError('network', cause instanceof Error ? cause.message : 'Network Error', { url });

/**
 * Sends one call: the body snake_cased as JSON, the token as a bearer, the answer's JSON camelCased (DESIGN
 * section 5). Gives up after `timeoutMs`, the wait for the answer and its body included. Throws a
 * VivierApiError for every failure: `timeout`, `network`, or `http` with the server's code and message.
 */
export async function send(method: Method, url: string, options: SendOptions): Promise<RawResponse> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(toSnakeCase(options.body));
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs);
  try {
    let response: Response;
    try {
      response = await (options.fetch ?? platformFetch)(url, {
        method: method.toUpperCase(),
        headers,
        body,
        signal: controller.signal,
      });
    } catch (cause) {
      throw controller.signal.aborted ? timeoutError(options.timeoutMs, url) : networkError(cause, url);
    }
    const data = await readJson(response, controller, options.timeoutMs, url);
    if (!response.ok) throw VivierApiError.fromAnswer(response, data, url);
    return { data, headers: response.headers, status: response.status };
  } finally {
    clearTimeout(timer);
  }
}

/** What a streamed answer hands over: its headers first, then each chunk of its body as it arrives. */
export interface StreamHandlers {
  onHeaders?: (headers: Headers) => void;
  onChunk: (chunk: Uint8Array) => void;
}

/**
 * A GET whose answer is a file read as it downloads (an export). The timeout applies to the wait for the answer
 * and then to every wait between two chunks, so a long file that keeps coming is never cut, a stalled one is. A
 * failure answer's JSON body is read as `send` reads it.
 */
export async function stream(
  url: string,
  handlers: StreamHandlers,
  options: Omit<SendOptions, 'body'>,
): Promise<{ headers: Headers; status: number }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const controller = new AbortController();
  let timer = setTimeout(() => controller.abort(), options.timeoutMs);
  const rearm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => controller.abort(), options.timeoutMs);
  };
  const failure = (cause: unknown) =>
    controller.signal.aborted ? timeoutError(options.timeoutMs, url) : networkError(cause, url);
  try {
    let response: Response;
    try {
      response = await (options.fetch ?? platformFetch)(url, {
        method: 'GET',
        headers,
        signal: controller.signal,
      });
    } catch (cause) {
      throw failure(cause);
    }
    if (!response.ok) {
      const data = await readJson(response, controller, options.timeoutMs, url);
      throw VivierApiError.fromAnswer(response, data, url);
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
  } finally {
    clearTimeout(timer);
  }
}

/** The answer's JSON, camelCased; undefined when empty or not JSON (a proxy's HTML error page). */
async function readJson(
  response: Response,
  controller: AbortController,
  timeoutMs: number,
  url: string,
): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? undefined : toCamelCase(JSON.parse(text));
  } catch {
    if (controller.signal.aborted) throw timeoutError(timeoutMs, url);
    return undefined;
  }
}
