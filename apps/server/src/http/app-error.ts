import type { ErrorCode, ValidationDetail } from '@vivier/contract';
import { statusOf } from './error-status.ts';

type Extra = Record<string, string | number | ValidationDetail[] | readonly object[]>;

/**
 * A failure a client can cause, named by a stable code. Business functions throw these and know nothing of
 * HTTP: the status comes from the code (http/error-status.ts), and the error handler turns them into
 * `{error, message, ...extra}`.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  /** The code's status (http/error-status.ts), never chosen at the throw site. */
  readonly status: number;
  readonly headers: Record<string, string>;
  /** Fields the body carries besides `error` and `message`, e.g. the existing record of a duplicate. */
  readonly extra: Extra;
  constructor(
    code: ErrorCode,
    message?: string,
    { headers = {}, extra = {} }: { headers?: Record<string, string>; extra?: Extra } = {},
  ) {
    // Without a message, the code in words: clients word the error from its code in any case.
    super(message ?? code.replaceAll('_', ' '));
    this.code = code;
    this.status = statusOf(code);
    this.headers = headers;
    this.extra = extra;
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') => new AppError('forbidden', message);
export const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);
/** A 409: the request clashes with what exists. A rule of its own gets its own code, so a client can word it. */
export const conflict = (message: string, code: ErrorCode = 'conflict') => new AppError(code, message);
export const badRequest = (message: string) => new AppError('bad_request', message);
