/**
 * A failure a client can cause, with its HTTP status and a stable code. Business functions throw these and
 * know nothing of HTTP beyond the status they name; the error handler turns them into `{error, message}`.
 */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly headers: Record<string, string>;
  constructor(status: number, code: string, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.headers = headers;
  }
}

export const notFound = (what: string) => new AppError(404, 'not_found', `${what} not found`);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Authentication required') =>
  new AppError(401, 'unauthorized', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const badRequest = (message: string) => new AppError(400, 'bad_request', message);
