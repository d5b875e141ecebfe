import { randomUUID } from 'node:crypto';
import type { PlaceParams, StatementBid } from '../../../../server/db/repositories/bid-statement';

/** The test clock's moment, and the market day and close of the submissions below. */
export const SUBMITTED_AT = new Date('2026-11-18T03:30:00Z');
const CLOSE = new Date('2026-11-18T12:00:00Z');

/** One Close single digit on `gameId` of `amountPaise`, as the bid statement takes it. */
export function statementBid(gameId: string, amountPaise: number, deadline = CLOSE): StatementBid {
  return {
    id: randomUUID(),
    gameId,
    family: 'main',
    gameType: 'single-digit',
    session: 'Close',
    digit: null,
    openDigit: null,
    closeDigit: '3',
    openPanna: null,
    closePanna: null,
    pannaType: null,
    atom: { kind: 'digit', digit: '3', target: 'close' } as never,
    bidDate: '2026-11-18',
    amountPaise,
    // The seed's main single digit rate (seedRates): the statement refuses any other.
    ratePoint: 10,
    rateAmount: 95,
    rateKey: 'singleDigit',
    rateShown: false,
    deadline,
    closeOnly: true,
  };
}

/** A submission as place.ts hands it to the combiner: one Close single digit of `amountPaise`. */
export function submission(
  userId: string,
  gameId: string,
  amountPaise = 1000,
  key: string | null = null,
): PlaceParams {
  return {
    userId,
    key,
    hash: key === null ? null : `hash-${key}`,
    requestId: randomUUID(),
    totalPaise: amountPaise,
    description: 'Bid placed: test (1 bid)',
    games: [{ id: gameId, version: 1 }],
    bids: [statementBid(gameId, amountPaise)],
    // As place.ts sends it: the body to store, only with a key.
    answer:
      key === null
        ? null
        : { status: true, message: 'Bid created successfully!', data: { bids: [{ x: 1 }], balance: 0 } },
    now: SUBMITTED_AT,
    tz: 'Asia/Kolkata',
  };
}
