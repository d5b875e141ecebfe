import { ALL_JODIS } from '../jodis';
import { LEFT_OR_RIGHT_DIGIT } from '../messages';
import type { ExpanderResult } from '../types';
import { parseOptionalDigit } from './digit-set';

/**
 * Digit base jodi: a left digit L gives L0..L9, a right digit R gives 0R..9R; both give the union
 * (19 jodis, LR counted once).
 * @example digitBaseJodi('3', '') // {ok: true, values: ['30', '31', ..., '39']}
 */
export function digitBaseJodi(left?: string | null, right?: string | null): ExpanderResult {
  const l = parseOptionalDigit(left);
  if (!l.ok) return l;
  const r = parseOptionalDigit(right);
  if (!r.ok) return r;
  const [ld] = l.values;
  const [rd] = r.values;
  if (!ld && !rd) return { ok: false, message: LEFT_OR_RIGHT_DIGIT };
  return { ok: true, values: ALL_JODIS.filter((j) => j[0] === ld || j[1] === rd) };
}
