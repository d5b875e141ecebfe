import { BET_TYPES } from '../../domain/bet-types';
import { paiseToPoints, pointsToPaise } from '../../domain/money';
import { keyRate, rateKeyFor, winPaise } from '../../domain/rates';
import type { BidRow, Rate, RateKey, Rates } from '../../domain/types';

/** A wire row with the rate the player is shown for it (docs/api.md "Bids": optional `rate`). */
export type RatedRow = BidRow & { rate?: Rate };

/**
 * The key of the rate table a row pays at: its bet type's, or for the panna bets that mix
 * classes (motors, two digit, group panel) its panna's own class, as rateKeyFor pays the atom
 * (tests/domain/settlement.test.ts holds the registry's keys equal to it).
 */
function rowRateKey(row: BidRow): RateKey {
  const key = BET_TYPES[row.gameType].rateKey;
  if (key !== 'by-class') return key;
  const panna = row.digit ?? row.openDigit ?? row.closeDigit ?? '';
  return rateKeyFor({ kind: 'panna', target: 'open', panna });
}

/**
 * The rows as they are sent, each with the rate the confirmation dialog shows for it, and what each
 * would win at that rate (points, floored to the paisa as settlement pays; null while the rates are
 * not loaded or the bet has none). The server keeps that rate for the bid or refuses it when it is
 * no longer in force (docs/api.md "A bid keeps the rate it was placed at"), so a win shown here is
 * what the bid pays. A row sent without a rate is placed at the rate in force and answered with it.
 * @example shownRates([{game: 'g', gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '4'}], {singleDigitPoint: 10, singleDigitAmount: 95})
 * // {rows: [{..., rate: {point: 10, amount: 95}}], wins: [95]}
 */
export function shownRates(
  rows: readonly BidRow[],
  rates: Rates | null,
): { rows: RatedRow[]; wins: (number | null)[] } {
  const out: RatedRow[] = [];
  const wins: (number | null)[] = [];
  for (const row of rows) {
    const rate = keyRate(rowRateKey(row), rates);
    out.push(rate ? { ...row, rate } : row);
    wins.push(rate ? paiseToPoints(winPaise(pointsToPaise(row.amount), rate)) : null);
  }
  return { rows: out, wins };
}
