import { SELECT_DIGIT, SELECT_PANNA_TYPE } from '../messages';
import { PANNAS_BY_CLASS } from '../pannas';
import type { ExpanderResult, PannaClass } from '../types';
import { parseOptionalDigit } from './digit-set';

export type ChoicePositions = { left?: string | null; middle?: string | null; right?: string | null };

/**
 * Choice panna: the canonical pannas of a class whose left / middle / right digits match the given
 * positions (positions of the written panna, 0 ranked last). At least one position is required.
 * @example choicePanna({left: '1', right: '0'}, 'SP') // ['120', '130', ..., '190']
 */
export function choicePanna(positions: ChoicePositions, cls: PannaClass | null | undefined): ExpanderResult {
  const parsed = [positions.left, positions.middle, positions.right].map(parseOptionalDigit);
  const wanted: (string | null)[] = [];
  for (const p of parsed) {
    if (!p.ok) return p;
    wanted.push(p.values[0] ?? null);
  }
  if (!cls || !Object.hasOwn(PANNAS_BY_CLASS, cls)) return { ok: false, message: SELECT_PANNA_TYPE };
  if (wanted.every((w) => w === null)) return { ok: false, message: SELECT_DIGIT };
  const values = PANNAS_BY_CLASS[cls].filter((p) => wanted.every((w, i) => w === null || p[i] === w));
  return { ok: true, values };
}
