import {
  atLeastDigitsMessage,
  MAX_TEN_DIGITS,
  NO_DUPLICATE_DIGITS,
  ONE_DIGIT_ONLY,
  ONLY_DIGITS,
} from '../messages';
import type { ExpanderResult } from '../types';

/**
 * Reads the typed digits of a motor filter (docs/product.md section 5): digits only, no duplicates,
 * between `min` and 10 of them. Spaces and commas between digits are ignored.
 * @example parseDigitSet('1234', 4) // {ok: true, values: ['1','2','3','4']}
 */
export function parseDigitSet(input: string, min: number): ExpanderResult {
  const digits = [...input.replace(/[\s,]/g, '')];
  if (digits.some((c) => !/[0-9]/.test(c))) return { ok: false, message: ONLY_DIGITS };
  if (digits.length > 10) return { ok: false, message: MAX_TEN_DIGITS };
  if (new Set(digits).size !== digits.length) return { ok: false, message: NO_DUPLICATE_DIGITS };
  if (digits.length < min) return { ok: false, message: atLeastDigitsMessage(min) };
  return { ok: true, values: digits };
}

/** Reads one optional digit field: '' or undefined is absent, one digit is kept, anything else fails. */
export function parseOptionalDigit(input: string | undefined | null): ExpanderResult<string | null> {
  const s = (input ?? '').trim();
  if (s === '') return { ok: true, values: [null] };
  if (!/^[0-9]+$/.test(s)) return { ok: false, message: ONLY_DIGITS };
  if (s.length !== 1) return { ok: false, message: ONE_DIGIT_ONLY };
  return { ok: true, values: [s] };
}
