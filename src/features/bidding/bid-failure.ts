import { FAILED_TO_CREATE_BID } from '../../api/bids';
import { ApiError, fieldErrors } from '../../api/errors';

export type BidFailure = {
  /** The server's message, or 'Failed to create bid' (docs/product.md section 8). */
  message: string;
  /** Each entry of the server's errors map, shown as its own toast. */
  errors: string[];
  /**
   * True when the server answered the submission for good (a 4xx other than 408/409/429): the next
   * try is a new submission with a new Idempotency-Key. Otherwise (no answer, a timeout, a 5xx, the
   * first attempt still running) the bid may or may not have been placed, so a retry reuses the key
   * and the server replays or finishes the first attempt instead of charging twice.
   */
  definite: boolean;
  /**
   * True when the server refused a rate the dialog showed because it is no longer in force
   * (422 with an errors entry `bids.N.rate`): the rates are read again so the dialog shows the new win.
   */
  rateChanged: boolean;
};

const UNSETTLED = new Set([408, 409, 429]);

export function describeBidFailure(error: unknown): BidFailure {
  if (!(error instanceof ApiError)) {
    return { message: FAILED_TO_CREATE_BID, errors: [], definite: false, rateChanged: false };
  }
  const status = error.status;
  return {
    message: error.message || FAILED_TO_CREATE_BID,
    errors: fieldErrors(error),
    definite: status !== null && status >= 400 && status < 500 && !UNSETTLED.has(status),
    rateChanged: status === 422 && Object.keys(error.body?.errors ?? {}).some((k) => k.endsWith('.rate')),
  };
}
