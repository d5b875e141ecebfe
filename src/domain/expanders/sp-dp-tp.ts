import { ONLY_DIGITS, SELECT_DIGIT, SELECT_MOTOR_TYPE } from '../messages';
import { PANNAS_BY_CLASS, pannaAnk } from '../pannas';
import type { ExpanderResult, PannaClass } from '../types';

const CLASSES: readonly PannaClass[] = ['SP', 'DP', 'TP'];

/**
 * Sp Dp Tp motor: an ank plus any of SP, DP, TP -> all pannas of those classes with that ank
 * (12 SP, 9 DP, 1 TP). Each panna later pays at its own class rate.
 * @example spDpTp('0', ['TP']) // {ok: true, values: ['000']}
 */
export function spDpTp(ank: string | number, classes: readonly PannaClass[]): ExpanderResult {
  const a = String(ank).trim();
  if (a === '') return { ok: false, message: SELECT_DIGIT };
  if (!/^[0-9]$/.test(a)) return { ok: false, message: ONLY_DIGITS };
  const chosen = CLASSES.filter((c) => classes.includes(c));
  if (chosen.length === 0) return { ok: false, message: SELECT_MOTOR_TYPE };
  const n = Number(a);
  return { ok: true, values: chosen.flatMap((c) => PANNAS_BY_CLASS[c].filter((p) => pannaAnk(p) === n)) };
}
