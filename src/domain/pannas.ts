import type { PannaClass } from './types';

/**
 * Pannas (docs/game-rules.md section 1), generated from the rule, never typed by hand.
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

/** The digits in panna order (`digitRank`): 1 .. 9, then 0. */
const RANKED_DIGITS = '1234567890';

function generate(): string[] {
  // Every non-decreasing triple of ranks once (220 of them: each is its own canonical panna), into
  // one bucket per class and ank; each bucket in string order (three ASCII digits sort as plain
  // strings). Run at every page load that needs pannas (the home screen's chunks do): filtering the
  // 1,000 three-digit strings and sorting them with a comparator cost ~9 ms of a cold page's main
  // thread on the bench machine (~35 ms with the CPU slowed 4x), this about a tenth of that.
  const buckets: string[][] = Array.from({ length: CLASS_ORDER.length * 10 }, () => []);
  for (let i = 0; i < 10; i++)
    for (let j = i; j < 10; j++)
      for (let k = j; k < 10; k++) {
        const p = RANKED_DIGITS.charAt(i) + RANKED_DIGITS.charAt(j) + RANKED_DIGITS.charAt(k);
        buckets[CLASS_ORDER.indexOf(pannaClass(p)) * 10 + pannaAnk(p)]?.push(p);
      }
  return buckets.flatMap((bucket) => bucket.sort());
}

/** All 220 canonical pannas: 120 SP, 90 DP, 10 TP, ordered by class, ank, then string. */
export const ALL_PANNAS: readonly string[] = Object.freeze(generate());

/** The pannas of each class, in catalogue order. */
export const PANNAS_BY_CLASS: Readonly<Record<PannaClass, readonly string[]>> = Object.freeze({
  SP: ALL_PANNAS.filter((p) => pannaClass(p) === 'SP'),
  DP: ALL_PANNAS.filter((p) => pannaClass(p) === 'DP'),
  TP: ALL_PANNAS.filter((p) => pannaClass(p) === 'TP'),
});
