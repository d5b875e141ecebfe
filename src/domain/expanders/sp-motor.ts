import { PANNAS_BY_CLASS } from '../pannas';
import type { ExpanderResult } from '../types';
import { parseDigitSet } from './digit-set';

/**
 * SP motor: 4-10 distinct digits -> every single panna whose three digits all come from the set,
 * C(n,3) of them, filtered from the catalogue so only canonical pannas come out.
 * @example spMotor('1234') // {ok: true, values: ['123', '124', '134', '234']}
 */
export function spMotor(input: string): ExpanderResult {
  const parsed = parseDigitSet(input, 4);
  if (!parsed.ok) return parsed;
  const set = new Set(parsed.values);
  return { ok: true, values: PANNAS_BY_CLASS.SP.filter((p) => [...p].every((d) => set.has(d))) };
}
