import { rateFor, settleAtom } from '../../../src/domain/settlement';
import type { Atom, DeclaredResult, Family, GameType, Rates } from '../../../src/domain/types';

/** A stored pending bid as settlement reads it. */
export type PendingBid = { id: string; userId: string; gameType: GameType; atom: Atom; amountPaise: number };

export type BidOutcome = { id: string; userId: string; status: 'won' | 'lost'; winPaise: number };

/**
 * Decides every bid of a batch with the domain engine (never a second copy of the rules).
 * Bids the result cannot decide yet (a jodi after only the open panna) or whose rate is missing are
 * left out: they stay pending.
 * Example: a 10-point Open single digit '4' against open panna 149 at 10 KA 95 -> won, 9500 paise.
 */
export function planOutcomes(
  bids: readonly PendingBid[],
  family: Family,
  result: DeclaredResult,
  rates: Rates,
): BidOutcome[] {
  const out: BidOutcome[] = [];
  for (const bid of bids) {
    const rate = rateFor(bid.atom, bid.gameType, family, rates);
    // A rate missing from the table must not settle a bid as lost: it waits for the operator.
    if (rate === null) continue;
    const settled = settleAtom(bid.atom, bid.amountPaise, result, rate);
    if (settled.outcome === 'pending') continue;
    out.push({ id: bid.id, userId: bid.userId, status: settled.outcome, winPaise: settled.winPaise });
  }
  return out;
}
