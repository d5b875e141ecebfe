import { isJodi } from './jodis';
import { isPanna, pannaAnk } from './pannas';

/** Result display strings and derived numbers (docs/game-rules.md section 2). */

const MAIN_RESULT_MASK = '***-**-***';
const STARLINE_RESULT_MASK = '***-*';
const GALI_RESULT_MASK = '**';

export type ResultDisplay = { text: string; isComplete: boolean };

/** The ank of a declared panna as a one-character string. @example deriveAnk('689') // '3' */
export function deriveAnk(panna: string): string {
  return String(pannaAnk(panna));
}

const declaredPanna = (p: string | null | undefined): string | null => (p && isPanna(p) ? p : null);

/**
 * The jodi of a main result (open ank then close ank), or null until both pannas are declared.
 * @example mainJodi('123', '459') // '68'
 */
export function mainJodi(
  openPanna: string | null | undefined,
  closePanna: string | null | undefined,
): string | null {
  const op = declaredPanna(openPanna);
  const cp = declaredPanna(closePanna);
  return op && cp ? deriveAnk(op) + deriveAnk(cp) : null;
}

/**
 * Main result: '***-**-***' before open, '123-6' after open, '123-68-459' once closed.
 * A close panna without an open panna cannot be declared, so it is shown as not declared.
 */
export function mainResultDisplay(result: {
  openPanna: string | null | undefined;
  closePanna: string | null | undefined;
}): ResultDisplay {
  const op = declaredPanna(result.openPanna);
  const cp = declaredPanna(result.closePanna);
  if (!op) return { text: MAIN_RESULT_MASK, isComplete: false };
  if (!cp) return { text: `${op}-${deriveAnk(op)}`, isComplete: false };
  return { text: `${op}-${deriveAnk(op)}${deriveAnk(cp)}-${cp}`, isComplete: true };
}

/** Starline: '128-1' once drawn, '***-*' before. */
export function starlineResultDisplay(panna: string | null | undefined): ResultDisplay {
  const p = declaredPanna(panna);
  return p
    ? { text: `${p}-${deriveAnk(p)}`, isComplete: true }
    : { text: STARLINE_RESULT_MASK, isComplete: false };
}

/** Galidisawar: the jodi '45' once drawn, '**' before. */
export function galiResultDisplay(jodi: string | null | undefined): ResultDisplay {
  return jodi && isJodi(jodi)
    ? { text: jodi, isComplete: true }
    : { text: GALI_RESULT_MASK, isComplete: false };
}
