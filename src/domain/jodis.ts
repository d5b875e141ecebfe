/** Jodis (two-digit results) and the cut of a digit (docs/game-rules.md notation). */

/** '00' .. '99'. */
export const ALL_JODIS: readonly string[] = Object.freeze(
  Array.from({ length: 100 }, (_, n) => String(n).padStart(2, '0')),
);

/**
 * The cut of a digit: (d + 5) mod 10; pairs 0-5, 1-6, 2-7, 3-8, 4-9.
 * @example cutDigit('3') // '8'
 */
export function cutDigit(d: string): string {
  return String((Number(d) + 5) % 10);
}

/** True for a two-character jodi '00'..'99'. */
export function isJodi(s: string): boolean {
  return /^[0-9]{2}$/.test(s);
}

/**
 * The 20 red-bracket jodis: the ten doubles and the ten cut pairs. Deviation from docs/product.md,
 * whose list of 19 omits `33` (docs/game-rules.md section 3).
 */
export const RED_BRACKET_JODIS: readonly string[] = Object.freeze([
  '00',
  '11',
  '22',
  '33',
  '44',
  '55',
  '66',
  '77',
  '88',
  '99',
  '05',
  '16',
  '27',
  '38',
  '49',
  '50',
  '61',
  '72',
  '83',
  '94',
]);
