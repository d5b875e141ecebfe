import { SESSION_EXPIRED } from '../../src/contracts/common';

/**
 * An expected failure with its HTTP status and the api.md envelope fields.
 * Services throw these; the central error mapper turns them into
 * {status: false, message, errors}.
 */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors: Record<string, string> = {}) =>
  new HttpError(400, message, errors);
export const unauthorized = (message = SESSION_EXPIRED) => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const conflict = (message: string, errors: Record<string, string> = {}) =>
  new HttpError(409, message, errors);
export const unprocessable = (message: string, errors: Record<string, string> = {}) =>
  new HttpError(422, message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
/** A partner we depend on (the payment gateway) is down: try again shortly, nothing was written. */
export const unavailable = (message: string) => new HttpError(503, message, {}, { 'Retry-After': '30' });
