import type { BidCreated } from '../../../src/contracts/bids';
import { paiseToPoints } from '../../../src/domain/money';
import type { BidRow } from '../../db/repositories/bids';
import { keptRate } from '../../db/repositories/settlement';

/** The session and numbers of a stored bid, as both shapes below show them. */
function bidNumbers(b: BidRow) {
  return {
    session: b.session,
    digit: b.digit,
    openDigit: b.open_digit,
    closeDigit: b.close_digit,
    openPanna: b.open_panna,
    closePanna: b.close_panna,
  };
}

/**
 * A stored bid as the histories and the bid answer show it (docs/product.md "Bid (history)").
 * `bidType` is the market family (main, starline, galidisawar).
 */
export function presentBid(b: BidRow) {
  return {
    _id: b.id,
    createdAt: b.created_at.toISOString(),
    game: { _id: b.game_id, gameName: b.game_name },
    family: b.family,
    gameType: b.game_type,
    bidType: b.family,
    ...bidNumbers(b),
    pannaType: b.panna_type,
    bidDate: b.bid_date,
    amount: paiseToPoints(b.amount_paise),
    // What a win pays: amount x rate.amount / rate.point (docs/api.md "A bid keeps the rate it was placed at").
    rate: keptRate(b),
    status: b.status,
    winAmount: paiseToPoints(b.win_paise),
  };
}

/** A won bid as win history shows it (docs/product.md "Winner"). */
export function presentWinner(b: BidRow) {
  return {
    _id: b.id,
    resultDate: b.bid_date,
    gameId: { _id: b.game_id, gameName: b.game_name },
    gameType: b.game_type,
    subBid: {
      gameType: b.game_type,
      ...bidNumbers(b),
    },
    amount: paiseToPoints(b.amount_paise),
    winAmount: paiseToPoints(b.win_paise),
    userId: b.user_id,
    createdAt: b.created_at.toISOString(),
  };
}

export const BIDS_PLACED = 'Bid created successfully!';

/**
 * The 201 body of a placement (docs/api.md "Bids"; data is BidCreated of src/contracts/bids.ts): the
 * one place it is shaped. `created` is the database's time of the write, each bid's createdAt.
 * With an Idempotency-Key the bid statement stores this body with the balance and createdAt it
 * wrote filled in (the same two values, the same way: bids.test.ts reads both answers alike), and a
 * replay passes the stored body through.
 */
export function placedAnswer(pending: BidRow[], balancePaise: number, created: string) {
  const createdAt = new Date(created);
  const data: BidCreated = {
    bids: pending.map((b) => presentBid({ ...b, created_at: createdAt })),
    balance: paiseToPoints(balancePaise),
  };
  return { status: true, message: BIDS_PLACED, data };
}
