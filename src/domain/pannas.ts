import type { PannaClass } from './types';

/**
 * Pannas (game-rules section 1), generated from the rule, never typed by hand.
 * A panna is three digits in non-decreasing order where 0 ranks as 10: 1, 9, 0 is `190`.
 */

/**
 * Rank of a digit in panna order: 0 sorts last.
 * @example digitRank('0') // 10
 */
export const digitRank = (d: string): number => (d === '0' ? 10 : Number(d));

const byRank = (a: string, b: string): number => digitRank(a) - digitRank(b);

/**
 * The canonical panna for any three digits, or null when the input is not three digits.
 * @example canonicalPanna('019') // '190'
 */
export function canonicalPanna(s: string): string | null {
  if (!/^[0-9]{3}$/.test(s)) return null;
  return [...s].sort(byRank).join('');
}

/** True for a canonical panna string: `isPanna('190')` is true, `isPanna('019')` false. */
export function isPanna(s: string): boolean {
  return canonicalPanna(s) === s;
}

/** SP: three distinct digits; DP: exactly two equal; TP: all three equal. `pannaClass('112')` -> 'DP'. */
export function pannaClass(p: string): PannaClass {
  const distinct = new Set(p).size;
  if (distinct === 3) return 'SP';
  return distinct === 2 ? 'DP' : 'TP';
}

/** The ank: digit sum mod 10. `pannaAnk('689')` -> 3. */
export function pannaAnk(p: string): number {
  let sum = 0;
  for (const d of p) sum += Number(d);
  return sum % 10;
}

const CLASS_ORDER: readonly PannaClass[] = ['SP', 'DP', 'TP'];

function generate(): string[] {
  const found = new Set<string>();
  for (let n = 0; n < 1000; n++) {
    const p = canonicalPanna(String(n).padStart(3, '0'));
    if (p) found.add(p);
  }
  // Order: class, then ank, then string; the same order as pannas.json. Three ASCII digits
  // compare as plain strings (localeCompare would ask ICU's collator ~1,700 times at startup).
  return [...found].sort(
    (a, b) =>
      CLASS_ORDER.indexOf(pannaClass(a)) - CLASS_ORDER.indexOf(pannaClass(b)) ||
      pannaAnk(a) - pannaAnk(b) ||
      (a < b ? -1 : a > b ? 1 : 0),
  );
}

/** All 220 canonical pannas: 120 SP, 90 DP, 10 TP, ordered by class, ank, then string. */
export const ALL_PANNAS: readonly string[] = Object.freeze(generate());

/** The pannas of each class, in catalogue order. */
export const PANNAS_BY_CLASS: Readonly<Record<PannaClass, readonly string[]>> = Object.freeze({
  SP: ALL_PANNAS.filter((p) => pannaClass(p) === 'SP'),
  DP: ALL_PANNAS.filter((p) => pannaClass(p) === 'DP'),
  TP: ALL_PANNAS.filter((p) => pannaClass(p) === 'TP'),
});
