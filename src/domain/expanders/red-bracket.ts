import { RED_BRACKET_JODIS } from '../jodis';
import { RED_BRACKET_ONLY, SELECT_DIGIT } from '../messages';
import type { ExpanderResult } from '../types';

/**
 * Red bracket: the selected red jodis, checked against the list of 20 and returned in list order.
 * @example redBracket(['50', '33']) // {ok: true, values: ['33', '50']}
 */
export function redBracket(selected: readonly string[]): ExpanderResult {
  if (selected.length === 0) return { ok: false, message: SELECT_DIGIT };
  if (selected.some((j) => !RED_BRACKET_JODIS.includes(j))) return { ok: false, message: RED_BRACKET_ONLY };
  return { ok: true, values: RED_BRACKET_JODIS.filter((j) => selected.includes(j)) };
}
