import { pannaClass } from './pannas';
import type { Atom, Family, GameType, Rate, RateKey, Rates } from './types';

/**
 * What a bid pays at (docs/game-rules.md section 3 "Rates"): the key of its family's rate table an
 * atom pays at, the pair there, and the win at a pair. A bid keeps the pair it was placed at
 * (docs/api.md "A bid keeps the rate it was placed at"): stored on the bid, paid by settlement, and
 * shown by the confirmation dialog as what the bid would win. No I/O; the app's bid screen reads
 * this module alone (not the settlement engine).
 */

const CLASS_RATE: Record<'SP' | 'DP' | 'TP', RateKey> = {
  SP: 'singlePanna',
  DP: 'doublePanna',
  TP: 'triplePanna',
};

/**
 * The rate key an atom pays at. The atom alone decides: panna atoms pay their own class rate whatever
 * expander produced them; odd-even (digit atoms) pays single digit; red-bracket, digit-base-jodi and
 * group-jodi (jodi atoms) pay jodi.
 */
export function rateKeyFor(atom: Atom): RateKey {
  switch (atom.kind) {
    case 'panna':
      return CLASS_RATE[pannaClass(atom.panna)];
    case 'jodi':
      return 'jodiDigit';
    case 'half-sangam':
      return 'halfSangam';
    case 'full-sangam':
      return 'fullSangam';
    default:
      if (atom.target === 'left') return 'leftDigit';
      return atom.target === 'right' ? 'rightDigit' : 'singleDigit';
  }
}

/**
 * The {point, amount} pair an atom pays at, from the family's rate table (gameType and family are
 * part of the contract for callers; the atom already determines the key); null when the table
 * lacks it or it is not a positive rate (the caller must not settle such a bid as won or lost).
 * @example rateFor({kind: 'jodi', jodi: '16'}, 'red-bracket', 'main', {jodiDigitPoint: 10, jodiDigitAmount: 950}) // {point: 10, amount: 950}
 */
export function rateFor(atom: Atom, _gameType: GameType, _family: Family, rates: Rates): Rate | null {
  const key = rateKeyFor(atom);
  const point = rates[`${key}Point`];
  const amount = rates[`${key}Amount`];
  if (typeof point !== 'number' || typeof amount !== 'number') return null;
  if (!(point > 0) || !(amount >= 0) || !Number.isFinite(point) || !Number.isFinite(amount)) return null;
  return { point, amount };
}

/** A decimal number as an exact fraction of BigInts (rates may carry decimals, e.g. 9.5). */
function toFraction(n: number): [bigint, bigint] {
  const [whole = '0', frac = ''] = n.toFixed(6).split('.');
  const scale = 10n ** BigInt(frac.length);
  return [BigInt(whole) * scale + BigInt(frac), scale];
}

/**
 * The win for a stake: floor(amountPaise x rateAmount / ratePoint), exact integer math.
 * @example winPaise(1000, {point: 10, amount: 95}) // 9500 (10 points at 10 KA 95 win 95 points)
 */
export function winPaise(amountPaise: number, rate: Rate): number {
  const [an, ad] = toFraction(rate.amount);
  const [pn, pd] = toFraction(rate.point);
  const win = (BigInt(amountPaise) * an * pd) / (ad * pn);
  // A win no Number can hold exactly must never be rounded silently into a ledger.
  if (win > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('Win exceeds the largest exact amount');
  return Number(win);
}

/** The largest rate number the operator's PUT accepts (src/contracts/rates.ts). */
const MAX_RATE_NUMBER = 100_000_000;

const wholeRateNumber = (n: unknown, min: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= MAX_RATE_NUMBER;

/**
 * The pair a table holds under a rate key when both are whole rate numbers (what the API writes
 * and a bid row stores), else null: no rate a bid could keep.
 * @example keyRate('singleDigit', {singleDigitPoint: 10, singleDigitAmount: 95}) // {point: 10, amount: 95}
 */
export function keyRate(key: RateKey, rates: Rates | null): Rate | null {
  const point = rates?.[`${key}Point`];
  const amount = rates?.[`${key}Amount`];
  return wholeRateNumber(point, 1) && wholeRateNumber(amount, 0) ? { point, amount } : null;
}

/**
 * The pair an atom would be placed at now, from its family's table (the key rateKeyFor pays it
 * at); null when there is none (the bid is refused: no rate to keep).
 * @example placeRate({kind: 'digit', target: 'open', digit: '4'}, {singleDigitPoint: 10, singleDigitAmount: 95}) // {point: 10, amount: 95}
 */
export function placeRate(atom: Atom, rates: Rates | null): Rate | null {
  return keyRate(rateKeyFor(atom), rates);
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
