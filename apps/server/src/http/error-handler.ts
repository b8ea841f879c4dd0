import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorReporter } from '../lib/error-reporting.ts';
import { AppError } from './app-error.ts';

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
 * The one place errors become HTTP answers (STYLE practice 3): coded errors keep their status, validation
 * and parsing failures are 4xx with the contract's body, and anything else is a 500 whose details stay in
 * the log.
 */
export function registerErrorHandler(app: FastifyInstance, reporter: ErrorReporter) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply
        .status(error.status)
        .headers(error.headers)
        .send({ error: error.code, message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)]
          .filter(Boolean)
          .join('.'),
        message: v.message ?? 'is invalid',
      }));
      const first = details[0];
      return reply.status(400).send({
        error: 'validation_error',
        message: first ? `Invalid request: ${first.path} ${first.message}` : 'Invalid request',
        details,
      });
    }
    const pg = pgErrorOf(error);
    if (pg?.code === '23505') {
      return reply
        .status(409)
        .send({ error: 'conflict', message: 'A record with the same value already exists' });
    }
    if (pg?.code === '23503') {
      return reply
        .status(422)
        .send({ error: 'invalid_reference', message: 'A referenced record does not exist' });
    }
    // Bad text (22P02, 22021: a NUL byte), a number out of range (22003), a value too long (22001).
    if (['22P02', '22003', '22001', '22021'].includes(pg?.code ?? '')) {
      return reply.status(400).send({ error: 'bad_request', message: 'A value has the wrong type or size' });
    }
    const status = error.statusCode ?? 500;
    if (status === 413)
      return reply.status(413).send({ error: 'payload_too_large', message: 'The request body is too large' });
    if (status === 429) {
      return reply
        .status(429)
        .send({ error: 'rate_limited', message: 'Too many requests, please try again later' });
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.status(status).send({ error: 'bad_request', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    reporter.capture(error, { method: request.method, url: request.url.split('?')[0] ?? '' });
    return reply.status(500).send({ error: 'internal_error', message: 'An internal error occurred' });
  });
}
