import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import { pgErrorCode } from '../db/types';
import { type FailureKind, ServiceError } from '../services/errors';
import { failBodyFor } from './envelope';
import { HttpError } from './errors';
import { loggedPath } from './log-path';
import type { AppEnv } from './types';
import { zodErrors } from './validate';

const GENERIC_500 = 'Something went wrong. Please try again.';
// the form-level failure text of docs/product.md section 8: the request did nothing and can simply be sent again.
const UNAVAILABLE = 'Operation failed. Please try again.';

/**
 * Connection-level database failures: the connection was terminated or reset (57P01-57P03, class
 * 08), a statement was cancelled by statement_timeout (57014), the pool could not connect, or
 * node-postgres lost its socket (an Error without SQLSTATE, from the driver, not from our code).
 */
function isUnavailable(err: Error, code: string | undefined): boolean {
  if (code) return code.startsWith('08') || ['57P01', '57P02', '57P03', '57014', '53300'].includes(code);
  return /Connection terminated|connection error|ECONNREFUSED|ECONNRESET|timeout exceeded when trying to connect/i.test(
    err.message,
  );
}

/** Database errors that can only come from bad input slipping past validation: never a 500. */
/** The one map from what a use case refused to the HTTP status that says it. */
const STATUS_OF: Record<FailureKind, ContentfulStatusCode> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unprocessable: 422,
  rate_limited: 429,
  unavailable: 503,
};

const DB_INPUT_ERRORS: Record<string, [ContentfulStatusCode, string]> = {
  '23505': [409, 'This record already exists'],
  '23503': [404, 'A referenced record was not found'],
  '23514': [400, 'Invalid input'],
  '23502': [400, 'A required field is missing'],
  '22P02': [400, 'Invalid input'],
  '22001': [400, 'A value is too long'],
  '22003': [400, 'A number is out of range'],
  '22007': [400, 'Invalid date or time'],
  '22008': [400, 'Invalid date or time'],
  // Text the database cannot store (a NUL, an untranslatable character) is bad input too.
  '22021': [400, 'Invalid characters in the input'],
  '22P05': [400, 'Invalid characters in the input'],
};

/**
 * The one place errors become answers: expected failures keep their status and message, anything
 * else is logged with the request id and answered with a generic 500 (no stack, no SQL).
 */
export function mapError(err: Error, c: Context<AppEnv>): Response {
  const logger = c.get('deps')?.logger;
  const requestId = c.get('requestId');
  if (err instanceof ServiceError) {
    if (err.retryAfterSeconds !== undefined) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(failBodyFor(c, err.message, err.errors), STATUS_OF[err.kind]);
  }
  if (err instanceof HttpError) return c.json(failBodyFor(c, err.message), err.status);
  if (err instanceof z.ZodError) {
    const { message, errors } = zodErrors(err);
    return c.json(failBodyFor(c, message, errors), 400);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    const message = status === 413 ? 'Request body is too large' : err.message || 'Request failed';
    return c.json(failBodyFor(c, message), status);
  }
  const code = pgErrorCode(err);
  if (isUnavailable(err, code)) {
    // The database went away under this request (restart, failover, a dropped connection): the
    // transaction rolled back, so the same request (same Idempotency-Key) is safe to send again.
    logger?.warn('database unavailable', {
      requestId,
      code,
      path: loggedPath(c.req.path),
      error: err.message,
    });
    c.header('Retry-After', '1');
    return c.json(failBodyFor(c, UNAVAILABLE), 503);
  }
  const known = code ? DB_INPUT_ERRORS[code] : undefined;
  if (known) {
    logger?.warn('database rejected input', { requestId, code, path: loggedPath(c.req.path) });
    return c.json(failBodyFor(c, known[1]), known[0]);
  }
  logger?.error('unhandled error', {
    requestId,
    method: c.req.method,
    path: loggedPath(c.req.path),
    error: err.message,
    stack: err.stack,
  });
  return c.json(failBodyFor(c, GENERIC_500), 500);
}
