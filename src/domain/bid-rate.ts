import { rateFor } from './settlement';
import type { Atom, Family, GameType, Rate, Rates } from './types';

/**
 * The rate a bid keeps (docs/api.md "A bid keeps the rate it was placed at"): the pair of its
 * family's table it is placed at, stored on the bid and paid by settlement, and what the
 * confirmation dialog shows a bid would win.
 */

/** The largest rate number the operator's PUT accepts (src/contracts/rates.ts). */
const MAX_RATE_NUMBER = 100_000_000;

const wholeRateNumber = (n: unknown, min: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= MAX_RATE_NUMBER;

/**
 * The pair an atom would be placed at now: rateFor's pair when both are whole numbers (what the
 * API writes and a bid row stores), else null (the bid is refused: no rate to keep).
 * @example placeRate({kind: 'digit', target: 'open', digit: '4'}, 'single-digit', 'main', {singleDigitPoint: 10, singleDigitAmount: 95}) // {point: 10, amount: 95}
 */
export function placeRate(atom: Atom, gameType: GameType, family: Family, rates: Rates | null): Rate | null {
  const rate = rates ? rateFor(atom, gameType, family, rates) : null;
  if (!rate || !wholeRateNumber(rate.point, 1) || !wholeRateNumber(rate.amount, 0)) return null;
  return rate;
}

/**
 * The rate a bid row says the player was shown (`rate: {point, amount}`, optional): the pair,
 * null when absent, 'invalid' when it is not a pair of whole rate numbers.
 * @example shownRate({point: 10, amount: 95}) // {point: 10, amount: 95}
 */
export function shownRate(value: unknown): Rate | null | 'invalid' {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) return 'invalid';
  const { point, amount } = value as Record<string, unknown>;
  if (!wholeRateNumber(point, 1) || !wholeRateNumber(amount, 0)) return 'invalid';
  return { point, amount };
}
