import { EXACTLY_TWO_DIGITS, ONLY_DIGITS } from '../messages';
import { ALL_PANNAS } from '../pannas';
import type { ExpanderResult } from '../types';

/** How often `d` occurs in `s`. */
const count = (s: string, d: string): number => [...s].filter((c) => c === d).length;

/**
 * Two digit: every panna containing both digits, order-free; a repeated digit ('55') means the
 * panna holds it at least twice. 10 pannas per pair. Departure from the original brief's "starting or
 * ending with", which depended on typing order (docs/game-rules.md section 3).
 * @example twoDigit('15') // includes '125' and '155'; twoDigit('51') gives the same 10
 */
export function twoDigit(input: string): ExpanderResult {
  const s = input.trim();
  if (!/^[0-9]*$/.test(s)) return { ok: false, message: ONLY_DIGITS };
  if (s.length !== 2) return { ok: false, message: EXACTLY_TWO_DIGITS };
  const [a = '', b = ''] = s;
  const values = ALL_PANNAS.filter((p) =>
    a === b ? count(p, a) >= 2 : count(p, a) >= 1 && count(p, b) >= 1,
  );
  return { ok: true, values };
}
