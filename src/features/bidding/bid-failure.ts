import { isHTTPError, isNetworkError, isTimeoutError } from 'ky';

export const FAILED_TO_CREATE_BID = 'Failed to create bid';

export type BidFailure = {
  /** The server's message, or 'Failed to create bid' (product.md section 8). */
  message: string;
  /** Each entry of the server's errors map, shown as its own toast. */
  errors: string[];
  /**
   * True when the server answered the submission for good (a 4xx other than 408/409/429): the next
   * try is a new submission with a new Idempotency-Key. Otherwise the bid may or may not have been
   * placed, so a retry must reuse the key and the server replays or finishes the first attempt.
   */
  definite: boolean;
};

type ErrorBody = { message?: unknown; errors?: unknown };

const UNSETTLED = new Set([408, 409, 429]);

export function describeBidFailure(error: unknown): BidFailure {
  if (isHTTPError(error)) {
    const body = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as ErrorBody;
    const status = error.response.status;
    const errors =
      typeof body.errors === 'object' && body.errors !== null
        ? Object.values(body.errors).filter((m): m is string => typeof m === 'string' && m !== '')
        : [];
    return {
      message: typeof body.message === 'string' && body.message !== '' ? body.message : FAILED_TO_CREATE_BID,
      errors,
      definite: status >= 400 && status < 500 && !UNSETTLED.has(status),
    };
  }
  const unsettled = isNetworkError(error) || isTimeoutError(error);
  const message =
    error instanceof Error && !unsettled && error.message ? error.message : FAILED_TO_CREATE_BID;
  return { message, errors: [], definite: false };
}
