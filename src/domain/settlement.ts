import { pannaClass } from './pannas';
import { deriveAnk, mainJodi } from './results';
import type { Atom, DeclaredResult, Family, GameType, Rate, RateKey, Rates } from './types';

/** Settlement of one atom against a declared result (docs/game-rules.md sections 3 and 5). */

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

export type Settlement = { outcome: 'won' | 'lost' | 'pending'; winPaise: number };

type Parts = { op: string | null; cp: string | null; draw: string | null; jodi: string | null };

function partsOf(result: DeclaredResult): Parts {
  if (result.family === 'main') {
    return {
      op: result.openPanna,
      cp: result.closePanna,
      draw: null,
      jodi: mainJodi(result.openPanna, result.closePanna),
    };
  }
  if (result.family === 'starline') return { op: null, cp: null, draw: result.panna, jodi: null };
  return { op: null, cp: null, draw: null, jodi: result.jodi };
}

function mismatch(atom: Atom, result: DeclaredResult): never {
  throw new TypeError(`A ${atom.kind} atom cannot settle against a ${result.family} result`);
}

/** Whether the atom won; null while the part it needs is not declared yet. */
function didWin(atom: Atom, result: DeclaredResult): boolean | null {
  const { op, cp, draw, jodi } = partsOf(result);
  const main = result.family === 'main';
  switch (atom.kind) {
    case 'digit': {
      if (atom.target === 'left' || atom.target === 'right') {
        if (result.family !== 'galidisawar') mismatch(atom, result);
        return jodi === null ? null : jodi[atom.target === 'left' ? 0 : 1] === atom.digit;
      }
      if (atom.target === 'ank') {
        if (result.family !== 'starline') mismatch(atom, result);
        return draw === null ? null : deriveAnk(draw) === atom.digit;
      }
      if (!main) mismatch(atom, result);
      const panna = atom.target === 'open' ? op : cp;
      return panna === null ? null : deriveAnk(panna) === atom.digit;
    }
    case 'panna': {
      if ((atom.target === 'draw') !== (result.family === 'starline') || result.family === 'galidisawar') {
        mismatch(atom, result);
      }
      const panna = atom.target === 'draw' ? draw : atom.target === 'open' ? op : cp;
      return panna === null ? null : panna === atom.panna;
    }
    case 'jodi':
      if (result.family === 'starline') mismatch(atom, result);
      return jodi === null ? null : jodi === atom.jodi;
    case 'half-sangam':
      if (!main) mismatch(atom, result);
      if (op === null || cp === null) return null;
      return atom.variant === 'Open'
        ? deriveAnk(op) === atom.digit && cp === atom.panna
        : op === atom.panna && deriveAnk(cp) === atom.digit;
    default:
      if (!main) mismatch(atom, result);
      if (op === null || cp === null) return null;
      return op === atom.openPanna && cp === atom.closePanna;
  }
}

/**
 * Settles one atom: 'pending' while the result part it needs is undeclared, 'lost' with 0, or
 * 'won' with floor(stake x amount / point) paise. The stake itself is never refunded on a win.
 * @example settleAtom({kind: 'digit', target: 'open', digit: '6'}, 1000, {family: 'main', openPanna: '123', closePanna: null}, {point: 10, amount: 95})
 * // {outcome: 'won', winPaise: 9500}
 */
export function settleAtom(atom: Atom, amountPaise: number, result: DeclaredResult, rate: Rate): Settlement {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) {
    throw new RangeError(`Stake must be whole paise: ${amountPaise}`);
  }
  const won = didWin(atom, result);
  if (won === null) return { outcome: 'pending', winPaise: 0 };
  return won ? { outcome: 'won', winPaise: winPaise(amountPaise, rate) } : { outcome: 'lost', winPaise: 0 };
}
