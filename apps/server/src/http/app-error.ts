import type { ErrorCode, ValidationDetail } from '@vivier/contract';

/**
 * A failure a client can cause, with its HTTP status and a stable code. Business functions throw these and
 * know nothing of HTTP beyond the status they name; the error handler turns them into `{error, message}`.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly headers: Record<string, string>;
  /** Fields the body carries besides `error` and `message`, e.g. the existing record of a duplicate. */
  readonly extra: Record<string, string | number | ValidationDetail[] | readonly object[]>;
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    headers: Record<string, string> = {},
    extra: Record<string, string | number | ValidationDetail[] | readonly object[]> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
    this.extra = extra;
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
/** A 409: the request clashes with what exists. A rule of its own gets its own code, so a client can word it. */
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(409, code, message);
export const badRequest = (message: string) => new AppError(400, 'bad_request', message);
