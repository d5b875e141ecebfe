import { HTTPError } from 'ky';
import type { ErrorBody } from './types';

/**
 * A failed call as the app reports it: `message` is the server's message when it sent one, else the
 * screen's default from docs/product.md section 8; `body` is the server's error body (stored as the
 * slice error per section 4).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly status: number | null,
    readonly body: ErrorBody | null,
  ) {
    super(message);
  }
}

function isErrorBody(x: unknown): x is ErrorBody {
  return typeof x === 'object' && x !== null && typeof (x as { message?: unknown }).message === 'string';
}

/**
 * Maps anything a call threw to an ApiError, the server message taking precedence.
 * @example toApiError(httpErrorWith({message: 'Invalid OTP'}), 'OTP verification failed. Please try again.').message // 'Invalid OTP'
 */
export function toApiError(error: unknown, fallback: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof HTTPError) {
    const body = isErrorBody(error.data) ? (error.data as ErrorBody) : null;
    const message = body?.message?.trim() ? body.message : fallback;
    return new ApiError(message, error.response.status, body);
  }
  return new ApiError(fallback, null, null);
}

/** The errors map of a failed call as a list of messages (bids show each as its own toast). */
export function fieldErrors(error: unknown): string[] {
  const body = error instanceof ApiError ? error.body : null;
  return body?.errors ? Object.values(body.errors) : [];
}

/** The call got no answer from the server (offline, connection dropped), as opposed to an error answer. */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof ApiError) return error.status === null;
  return !(error instanceof HTTPError);
}
