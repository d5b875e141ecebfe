import { ALL_JODIS, cutDigit } from '../jodis';
import { ONLY_DIGITS, VALID_JODI } from '../messages';
import type { ExpanderResult } from '../types';

/**
 * Group jodi: for `ab`, every xy and yx with x in {a, cut a} and y in {b, cut b}. That is 8 jodis,
 * or 4 when a and b are equal or a cut pair (the two sets coincide).
 * @example groupJodi('12') // ['12', '17', '21', '26', '62', '67', '71', '76']
 */
export function groupJodi(input: string): ExpanderResult {
  const s = input.trim();
  if (!/^[0-9]*$/.test(s)) return { ok: false, message: ONLY_DIGITS };
  if (s.length !== 2) return { ok: false, message: VALID_JODI };
  const [a = '', b = ''] = s;
  const xs = [a, cutDigit(a)];
  const ys = [b, cutDigit(b)];
  const found = new Set<string>();
  for (const x of xs) {
    for (const y of ys) {
      found.add(x + y);
      found.add(y + x);
    }
  }
  return { ok: true, values: ALL_JODIS.filter((j) => found.has(j)) };
}
