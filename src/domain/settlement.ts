import { winPaise } from './rates';
import { deriveAnk, mainJodi } from './results';
import type { Atom, DeclaredResult, Rate } from './types';

/** Settlement of one atom against a declared result (docs/game-rules.md sections 3 and 5). */

// What a bid pays at lives with the rates (a bid keeps its rate: rates.ts); re-exported for callers.
export { rateFor, rateKeyFor, winPaise } from './rates';

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
