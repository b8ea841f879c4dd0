import type { ErrorBody, ValidationDetail } from '@vivier/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorReporter } from '../lib/error-reporting.ts';
import { AppError } from './app-error.ts';
import { statusOf } from './error-status.ts';
import { loggedUrl } from './log-options.ts';

type PgError = { code?: string; constraint?: string; cause?: unknown };

/** Drizzle wraps driver errors; the PostgreSQL error (with its SQLSTATE) is the cause. */
function pgErrorOf(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current && typeof current === 'object'; depth++) {
    const code = (current as PgError).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return current as PgError;
    current = (current as PgError).cause;
  }
  return undefined;
}

/**
 * What a zod issue (as fastify-type-provider-zod hands it: its code as `keyword`, the rest as `params`) says
 * is wrong, in the contract's closed set, so a client can word it in its own language.
 */
function problemOf(
  keyword: string,
  params: Record<string, unknown>,
  message: string | undefined,
): Pick<ValidationDetail, 'problem' | 'limit'> {
  const text = params.origin === 'string';
  if (keyword === 'too_small') {
    const limit = Number(params.minimum);
    if (limit <= 1 && (text || params.origin === 'array')) return { problem: 'empty' };
    return { problem: text ? 'too_short' : 'too_small', limit };
  }
  if (keyword === 'too_big')
    return { problem: text ? 'too_long' : 'too_large', limit: Number(params.maximum) };
  if (keyword === 'invalid_type' && /received undefined$/.test(message ?? '')) return { problem: 'required' };
  return { problem: 'invalid' };
}

/**
 * The one place errors become HTTP answers (STYLE practice 3): a code's status comes from ERROR_STATUS, validation
 * and parsing failures are 4xx with the contract's body, and anything else is a 500 whose details stay in
 * the log.
 */
export function registerErrorHandler(app: FastifyInstance, reporter: ErrorReporter) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ ...error.extra, error: error.code, message: error.message } satisfies ErrorBody);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.flatMap((v): ValidationDetail[] => {
        const at = v.instancePath.split('/').filter(Boolean);
        // A key the strict contract does not know (issue 18 section 8): one detail per key, named in full.
        if (v.keyword === 'unrecognized_keys' && Array.isArray(v.params.keys)) {
          return v.params.keys.map((key) => {
            const field = [...at, String(key)].join('.');
            return {
              path: [error.validationContext, field].filter(Boolean).join('.'),
              problem: 'unknown',
              message: `unknown field: ${field}`,
            };
          });
        }
        return [
          {
            path: [error.validationContext, ...at].filter(Boolean).join('.'),
            ...problemOf(v.keyword, v.params, v.message),
            message: v.message ?? 'is invalid',
          },
        ];
      });
      const unknown = details.filter((d) => d.problem === 'unknown');
      const first = details[0];
      return reply.status(statusOf('validation_error')).send({
        error: 'validation_error',
        message:
          unknown.length > 0
            ? unknown.map((d) => d.message).join('; ')
            : first
              ? `Invalid request: ${first.path} ${first.message}`
              : 'Invalid request',
        details,
      } satisfies ErrorBody);
    }
    if (isDatabaseUnreachable(error)) {
      request.log.warn({ err: error }, 'the database cannot be reached');
      return reply.status(statusOf('database_unavailable')).header('retry-after', '5').send({
        error: 'database_unavailable',
        message: 'The database cannot be reached, please try again shortly',
      });
    }
    const pg = pgErrorOf(error);
    // A deadlock or serialisation conflict still there after the transaction helper's retries
    // (db/transaction-retry.ts): the request was fine, the moment was not.
    if (pg?.code === '40P01' || pg?.code === '40001') {
      request.log.warn({ err: error }, 'a transaction kept meeting a concurrent one');
      return reply
        .status(statusOf('overloaded'))
        .header('retry-after', '1')
        .send({
          error: 'overloaded',
          message: 'Other changes to the same records got in the way, please try again',
        } satisfies ErrorBody);
    }
    if (pg?.code === '23505') {
      return reply.status(statusOf('conflict')).send({
        error: 'conflict',
        message: 'A record with the same value already exists',
      } satisfies ErrorBody);
    }
    if (pg?.code === '23503') {
      return reply.status(statusOf('invalid_reference')).send({
        error: 'invalid_reference',
        message: 'A referenced record does not exist',
      } satisfies ErrorBody);
    }
    // Bad text (22P02, 22021: a NUL byte), a number out of range (22003), a value too long (22001).
    if (['22P02', '22003', '22001', '22021'].includes(pg?.code ?? '')) {
      return reply
        .status(statusOf('bad_request'))
        .send({ error: 'bad_request', message: 'A value has the wrong type or size' } satisfies ErrorBody);
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply
        .status(statusOf('payload_too_large'))
        .send({ error: 'payload_too_large', message: 'The request body is too large' } satisfies ErrorBody);
    if (status === 429) {
      return reply.status(statusOf('rate_limited')).send({
        error: 'rate_limited',
        message: 'Too many requests, please try again later',
      } satisfies ErrorBody);
    }
    // Fastify's own client errors (an unsupported media type, a malformed body…) keep the status it chose.
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send({ error: 'bad_request', message: error.message } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    // The path without its query, secrets redacted: a report leaves the machine.
    reporter.capture(error, { method: request.method, url: loggedUrl(request).split('?')[0] ?? '' });
    return reply
      .status(statusOf('internal_error'))
      .send({ error: 'internal_error', message: 'An internal error occurred' } satisfies ErrorBody);
  });
}

/** SQLSTATE classes and socket errors that mean the database is gone for now, not that the request is wrong. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const UNREACHABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connection is closed/i;

/** Whether an error (or its cause) says the database cannot be reached: a 503 the client may retry, not a 500. */
export function isDatabaseUnreachable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
