import { BLOCKED_MESSAGE } from '../../../src/contracts/common';
import { BID_AFTER_CLOSE, GLOBAL_BATTING_DISABLED, RATE_CHANGED } from '../../../src/domain/messages';
import type { MoneyMode } from '../../../src/domain/responsible-play';
import type { Family } from '../../../src/domain/types';
import type { PlaceOutcome } from '../../db/repositories/bid-statement';
import { findKey } from '../../db/repositories/idempotency';
import type { Db } from '../../db/types';
import { conflict, forbidden, ServiceError, unprocessable } from '../errors';
import { KEY_IN_FLIGHT, KEY_REUSED, type MoneyAnswer } from '../idempotency';
import { limitRefusal, pauseRefusal } from '../players/responsible-play';

export const INSUFFICIENT_BALANCE = 'Insufficient balance';
const MARKET_CHANGED = 'The market changed while your bid was placed. Please try again.';

/** What a refusal is worded by: the request's family, instant, zone and money mode. */
export interface RefusalContext {
  family: Family;
  now: Date;
  tz: string;
  moneyMode: MoneyMode;
}

/** Which submitted row each atom came from, and whether the player was shown its rate. */
export interface RefusedRows {
  rowOf: number[];
  bids: { rateShown: boolean }[];
}

export type Refused = Exclude<PlaceOutcome, { status: number }>;

/** The atom a 'closed' or 'rate' refusal names (0 for the others). */
const ordOf = (outcome: Refused): number => ('ord' in outcome ? (outcome.ord ?? 0) : 0);

/**
 * Whether a refusal is this process's copy being old rather than the submission's fault: a game
 * changed since it was read, or a rate the server chose from its copy (the player was shown none)
 * is no longer the table's. The caller drops its copies and judges again.
 */
export function judgeAgain(outcome: Refused, judged: RefusedRows): boolean {
  if (outcome.refused === 'stale') return true;
  return outcome.refused === 'rate' && judged.bids[ordOf(outcome)]?.rateShown === false;
}

/** The error a refusal of the statement answers (the same messages the checks in memory give). */
export function refusal(outcome: Refused, input: RefusalContext, judged: RefusedRows): ServiceError {
  const family = input.family;
  const row = judged.rowOf[ordOf(outcome)] ?? 0;
  switch (outcome.refused) {
    case 'paused':
      return pauseRefusal(new Date(outcome.until), input.tz);
    case 'limit':
      return limitRefusal(outcome.limit, outcome.left, {
        now: input.now,
        tz: input.tz,
        mode: input.moneyMode,
      });
    case 'in_flight':
      return conflict(KEY_IN_FLIGHT);
    case 'key_reused':
      return unprocessable(KEY_REUSED, { 'Idempotency-Key': KEY_REUSED });
    case 'blocked':
      return forbidden(BLOCKED_MESSAGE);
    case 'batting':
      return forbidden(GLOBAL_BATTING_DISABLED);
    case 'balance':
      return unprocessable(INSUFFICIENT_BALANCE, { amount: INSUFFICIENT_BALANCE });
    case 'closed':
      return unprocessable(BID_AFTER_CLOSE, {
        [`bids.${row}.${family === 'main' ? 'session' : 'game'}`]: BID_AFTER_CLOSE,
      });
    case 'rate':
      // A rate the player was shown is no longer in force: the bid would pay another. (422, not
      // 409: the app's client retries a 409 with the same body, which would be refused again.)
      if (judged.bids[ordOf(outcome)]?.rateShown) {
        return unprocessable(RATE_CHANGED, { [`bids.${row}.rate`]: RATE_CHANGED });
      }
      return new ServiceError('unavailable', MARKET_CHANGED);
    case 'stale':
      return new ServiceError('unavailable', MARKET_CHANGED);
  }
}

/** The answer stored for a key, if any (a retry of a submission placed before replays it). */
export async function storedAnswer(
  db: Db,
  userId: string,
  key: string,
  hash: string,
): Promise<MoneyAnswer | null> {
  const stored = await findKey(db, userId, key);
  if (!stored) return null;
  if (stored.request_hash !== hash) throw unprocessable(KEY_REUSED, { 'Idempotency-Key': KEY_REUSED });
  return { status: stored.status_code as MoneyAnswer['status'], body: stored.response };
}
