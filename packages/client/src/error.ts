import type { ErrorBody, ErrorCode } from '@vivier/contract';

/** What went wrong with a call: no answer in time, no answer at all, an HTTP error, or a call never sent. */
export type ApiErrorKind = 'timeout' | 'network' | 'http' | 'route';

/**
 * The code of a failure: the server's `error` (DESIGN section 5, e.g. `missing_scope`) for an HTTP answer;
 * `ECONNABORTED` for a timeout and `ERR_NETWORK` for no answer (the names SPEC section 8 gives them); a code a
 * newer server adds is still a string.
 */
export type ApiErrorCode = ErrorCode | 'ECONNABORTED' | 'ERR_NETWORK' | (string & {});

/** The `RateLimit-*` headers of an answer (an API token's own limit, decision 198). */
export interface RateLimit {
  /** Calls allowed per window. */
  limit: number;
  /** Calls left in this window. */
  remaining: number;
  /** Seconds until the window starts again. */
  reset: number;
}

/** A header's number, or undefined when it is missing or not one. */
const numberIn = (headers: Headers | undefined, name: string): number | undefined => {
  const value = headers?.get(name)?.trim();
  return value && Number.isFinite(Number(value)) ? Number(value) : undefined;
};

/** The `RateLimit-Limit`, `-Remaining` and `-Reset` headers, when the answer has them. */
export function rateLimitOf(headers: Headers | undefined): RateLimit | undefined {
  const [limit, remaining, reset] = ['Limit', 'Remaining', 'Reset'].map((name) =>
    numberIn(headers, `RateLimit-${name}`),
  );
  return limit === undefined || remaining === undefined || reset === undefined
    ? undefined
    : { limit, remaining, reset };
}

interface Details {
  status?: number;
  body?: Record<string, unknown>;
  url?: string;
  headers?: Headers;
}

/**
 * Every failure of a call, in programs and in the web app alike. An HTTP error carries the status, the
 * server's `error` code (`code`) and message, its body and headers: `retryAfter` reads a 429's or a 503's
 * `Retry-After`, `rateLimitOf(error.headers)` the `RateLimit-*` ones (a function, so the web's first pages do
 * not carry it).
 */
export class VivierApiError extends Error {
  override readonly name = 'VivierApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly code: ApiErrorCode | undefined;
  /** The answer's JSON body, camelCased (`{ error, message, details }`; a 503 also has `breakAt`, `duration`). */
  readonly body: Partial<ErrorBody> & Record<string, unknown>;
  readonly url: string | undefined;
  readonly headers: Headers | undefined;

  constructor(kind: ApiErrorKind, message: string, details: Details = {}) {
    super(message);
    this.kind = kind;
    this.status = details.status;
    this.body = details.body ?? {};
    this.url = details.url;
    this.headers = details.headers;
    this.code =
      kind === 'timeout'
        ? 'ECONNABORTED'
        : kind === 'network'
          ? 'ERR_NETWORK'
          : typeof this.body.error === 'string'
            ? this.body.error
            : undefined;
  }

  /**
   * Seconds to wait before calling again: the `Retry-After` of a 429 or a 503 (Vivier sends seconds, never
   * the header's date form).
   */
  get retryAfter(): number | undefined {
    return numberIn(this.headers, 'Retry-After');
  }

  /** The server's error code, e.g. `invalid_credentials` (undefined unless the server answered one). */
  get errorCode(): string | undefined {
    return this.kind === 'http' ? this.code : undefined;
  }

  /** The server's message: English for developers and logs (the web words each code itself). */
  get serverMessage(): string | undefined {
    return typeof this.body.message === 'string' ? this.body.message : undefined;
  }

  /** The error of an HTTP answer that is not a success. */
  static fromAnswer(response: Response, body: unknown, url: string): VivierApiError {
    const record = isRecord(body) ? body : {};
    const message =
      typeof record.message === 'string'
        ? record.message
        : `Request failed with status code ${response.status}`;
    return new VivierApiError('http', message, {
      status: response.status,
      body: record,
      url,
      headers: response.headers,
    });
  }
}

export const isVivierApiError = (error: unknown): error is VivierApiError => error instanceof VivierApiError;

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
