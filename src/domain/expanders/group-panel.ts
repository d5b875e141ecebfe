import { cutDigit } from '../jodis';
import { VALID_PANNA } from '../messages';
import { ALL_PANNAS, canonicalPanna } from '../pannas';
import type { ExpanderResult } from '../types';

/**
 * Group panel: every panna made by cutting any subset of the panna's digits and re-sorting:
 * 8, 6 or 4 of them. The families partition all 220 pannas. Any order of the three digits is accepted.
 * @example groupPanel('123') // 8 pannas incl. '123', '678', '173' -> canonical '137'
 */
export function groupPanel(input: string): ExpanderResult {
  const panna = canonicalPanna(input.trim());
  if (!panna) return { ok: false, message: VALID_PANNA };
  const digits = [...panna];
  const found = new Set<string>();
  for (let mask = 0; mask < 8; mask++) {
    const made = digits.map((d, i) => (mask & (1 << i) ? cutDigit(d) : d)).join('');
    found.add(canonicalPanna(made) as string);
  }
  return { ok: true, values: ALL_PANNAS.filter((p) => found.has(p)) };
}
