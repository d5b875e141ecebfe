import type { BidRow, Family } from '../domain/types';
import { api } from './client';
import { toApiError } from './errors';
import { onceOptions } from './idempotency';
import type { Envelope } from './types';

export const FAILED_TO_CREATE_BID = 'Failed to create bid';

/** Where each family's bids go (docs/api.md "Bids"); galidisawar keeps its admin-prefixed path. */
export const BID_PATHS: Readonly<Record<Family, string>> = {
  main: 'user/main/bids',
  starline: 'user/starline-bid',
  galidisawar: 'admin/galidisawar-bid',
};

export type BidsPlaced = { bids: unknown[]; balance: number };

/**
 * Places one confirmed submission. The Idempotency-Key is the caller's, one per confirmed
 * submission: ky retries a network failure, a timeout, 408/409 (the first attempt still running)
 * and 502-504 a few times with backoff using the same key, so the server charges the bids once.
 * A definite refusal (other 4xx) is not retried. Failures become ApiError ('Failed to create bid'
 * unless the server sent a message; its errors map stays on the body).
 * @example await placeBids('main', [{game, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '4'}], crypto.randomUUID())
 */
export async function placeBids(family: Family, bids: BidRow[], idempotencyKey: string): Promise<BidsPlaced> {
  try {
    const answer = await api
      .post(BID_PATHS[family], onceOptions({ bids }, idempotencyKey))
      .json<Envelope<BidsPlaced>>();
    return answer.data;
  } catch (error) {
    throw toApiError(error, FAILED_TO_CREATE_BID);
  }
}
