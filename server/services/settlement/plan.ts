import { rateFor } from '../../../src/domain/rates';
import { settleAtom } from '../../../src/domain/settlement';
import type { DeclaredResult, Family, Rate, Rates } from '../../../src/domain/types';
import type { PreviewBid } from '../../db/repositories/settlement';

/**
 * A stored pending bid as settlement reads it. `rate` is the rate it keeps (docs/api.md "A bid keeps
 * the rate it was placed at"); null only on a bid placed before migration 025 without one.
 */
export type PendingBid = PreviewBid;

export type BidOutcome = { id: string; userId: string; status: 'won' | 'lost'; winPaise: number };

/**
 * Decides every bid of a batch with the domain engine (never a second copy of the rules), each at
 * the rate it keeps. A bid without one (placed before migration 025 while its rate was not set, or
 * settled before it and reverted since) is paid at the family's table now, `rates`, as every bid
 * was before. Bids the result cannot decide yet (a jodi after only the open panna) or with no rate
 * at all are left out: they stay pending.
 * Example: a 10-point Open single digit '4' kept at 10 KA 95, against open panna 149 -> won, 9500
 * paise, whatever the table says now.
 */
export function planOutcomes(
  bids: readonly PendingBid[],
  family: Family,
  result: DeclaredResult,
  rates: Rates,
): BidOutcome[] {
  const out: BidOutcome[] = [];
  for (const bid of bids) {
    const rate = bid.rate ?? rateFor(bid.atom, bid.gameType, family, rates);
    // A rate missing from the table must not settle a bid as lost: it waits for the operator.
    if (rate === null) continue;
    const settled = settleAtom(bid.atom, bid.amountPaise, result, rate);
    if (settled.outcome === 'pending') continue;
    out.push({ id: bid.id, userId: bid.userId, status: settled.outcome, winPaise: settled.winPaise });
  }
  return out;
}

/** Whether any bid lacks a kept rate, so the family's table must be read to settle it. */
export function needsTable(bids: readonly { rate: Rate | null }[]): boolean {
  return bids.some((b) => b.rate === null);
}
