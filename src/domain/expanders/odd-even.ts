import { SELECT_ODD_EVEN } from '../messages';
import type { ExpanderResult } from '../types';

const ODD_DIGITS: readonly string[] = ['1', '3', '5', '7', '9'];
const EVEN_DIGITS: readonly string[] = ['0', '2', '4', '6', '8'];

/**
 * Odd or Even -> the five single digits of that parity, each paid at the single-digit rate.
 * @example oddEven('Odd') // {ok: true, values: ['1', '3', '5', '7', '9']}
 */
export function oddEven(choice: string | null | undefined): ExpanderResult {
  if (choice === 'Odd') return { ok: true, values: [...ODD_DIGITS] };
  if (choice === 'Even') return { ok: true, values: [...EVEN_DIGITS] };
  return { ok: false, message: SELECT_ODD_EVEN };
}
