import type { ErrorBody } from '@vivier/contract';

/** What went wrong with a call: no answer in time, no answer at all, an HTTP error, or a call that was never sent. */
export type ApiErrorKind = 'timeout' | 'network' | 'http' | 'route';

/** Every failure of the HTTP client. `code` mirrors the former client's (ECONNABORTED is a timeout, SPEC section 8). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number | undefined;
  readonly body: Partial<ErrorBody> & Record<string, unknown>;
  readonly code: string | undefined;
  readonly url: string | undefined;

  constructor(
    kind: ApiErrorKind,
    message: string,
    details: { status?: number; body?: Record<string, unknown>; url?: string; code?: string } = {},
  ) {
    super(message);
    this.kind = kind;
    this.status = details.status;
    this.body = details.body ?? {};
    this.url = details.url;
    this.code =
      details.code ?? (kind === 'timeout' ? 'ECONNABORTED' : kind === 'network' ? 'ERR_NETWORK' : undefined);
  }

  /** The server's error code, e.g. `invalid_credentials`. */
  get errorCode(): string | undefined {
    return typeof this.body.error === 'string' ? this.body.error : undefined;
  }

  /** The server's human message. */
  get serverMessage(): string | undefined {
    return typeof this.body.message === 'string' ? this.body.message : undefined;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
