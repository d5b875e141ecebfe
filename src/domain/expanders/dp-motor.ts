import { PANNAS_BY_CLASS } from '../pannas';
import type { ExpanderResult } from '../types';
import { parseDigitSet } from './digit-set';

/**
 * DP motor: 3-10 distinct digits -> every double panna whose digits all come from the set:
 * n choices for the doubled digit times n-1 for the other, n(n-1) pannas.
 * @example dpMotor('123') // 6 pannas: '112', '113', '122', '133', '223', '233' (catalogue order)
 */
export function dpMotor(input: string): ExpanderResult {
  const parsed = parseDigitSet(input, 3);
  if (!parsed.ok) return parsed;
  const set = new Set(parsed.values);
  return { ok: true, values: PANNAS_BY_CLASS.DP.filter((p) => [...p].every((d) => set.has(d))) };
}
