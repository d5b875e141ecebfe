import { SESSION_EXPIRED } from '../../src/contracts/common';

/**
 * What went wrong in a use case, in the service's own words: `http/error-mapper.ts` is the one
 * place that turns a kind into an HTTP status (and `Retry-After`). Services and workers throw
 * these and know nothing of HTTP; a job that is not a request can read the kind.
 */
export type FailureKind =
  | 'invalid' // 400: the input is wrong
  | 'unauthenticated' // 401: no valid session or a wrong second factor
  | 'forbidden' // 403: this principal may not do this (blocked, paused, role)
  | 'not_found' // 404
  | 'conflict' // 409: the state changed or a duplicate
  | 'unprocessable' // 422: a rule refuses it (balance, limits, windows)
  | 'rate_limited' // 429: too often; retryAfterSeconds says when
  | 'unavailable'; // 503: maintenance or a partner (gateway) down; nothing was written

export class ServiceError extends Error {
  constructor(
    readonly kind: FailureKind,
    message: string,
    /** Field -> message, the envelope's `errors` map. */
    readonly errors: Record<string, string> = {},
    /** For rate_limited and unavailable: when to try again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors: Record<string, string> = {}) =>
  new ServiceError('invalid', message, errors);
export const unauthorized = (message = SESSION_EXPIRED, errors: Record<string, string> = {}) =>
  new ServiceError('unauthenticated', message, errors);
export const forbidden = (message = 'You are not allowed to do this', errors: Record<string, string> = {}) =>
  new ServiceError('forbidden', message, errors);
export const notFound = (what = 'Resource') => new ServiceError('not_found', `${what} not found`);
export const conflict = (message: string, errors: Record<string, string> = {}) =>
  new ServiceError('conflict', message, errors);
export const unprocessable = (message: string, errors: Record<string, string> = {}) =>
  new ServiceError('unprocessable', message, errors);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ServiceError('rate_limited', message, {}, Math.max(1, Math.ceil(retryAfterSeconds)));
/** A partner we depend on (the payment gateway) is down, or maintenance: try again shortly. */
export const unavailable = (message: string, retryAfterSeconds = 30) =>
  new ServiceError('unavailable', message, {}, retryAfterSeconds);
