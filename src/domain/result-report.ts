import { isIsoDate } from './bid-validation';
import { isJodi } from './jodis';
import { canonicalPanna, isPanna, pannaAnk } from './pannas';
import type { Family } from './types';

/**
 * A result as a result service publishes it, read and checked before anything trusts it (docs/api.md
 * "Result feeds"; docs/game-rules.md sections 1 and 2). The same checks read a chart file's rows
 * (chart-rows.ts). Pure: the market day and the session's time are result-timing.ts's.
 */

/** One session of a reported result: main 'open' or 'close', a starline or galidisawar draw null. */
export type ReportedSession =
  | { session: 'open' | 'close'; panna: string; digit: string }
  | { session: null; panna: string; digit: string }
  | { session: null; jodi: string };

/** A report read: the sessions it declares (none while the page shows only stars), or why not. */
export type ReportReading = { ok: true; sessions: ReportedSession[] } | { ok: false; reason: string };

/** The fields of one result object: `result` text, or `open` / `close` pannas and `jodi` instead. */
export interface ReportFields {
  result?: unknown;
  open?: unknown;
  close?: unknown;
  jodi?: unknown;
}

/** Stars stand for a part not drawn yet: `***`, `**`, `*` (an empty text too). */
const unknown = (s: string): boolean => /^\**$/.test(s);

/**
 * Why a reported panna (and its digit, when the report gives one) cannot be a result, or null when
 * it is one of the 220 pannas with its own digit. `019` is refused: a panna is written in order with
 * 0 last (`190`), and a page that writes it otherwise is not read by guessing.
 * @example pannaProblem('128', '1') // null; pannaProblem('128', '2') // 'the digit of 128 is 1, not 2'
 */
export function pannaProblem(panna: string, digit?: string): string | null {
  if (!/^\d{3}$/.test(panna)) return `"${panna.slice(0, 12)}" is not a panna (three digits)`;
  if (!isPanna(panna))
    return `${panna} is not one of the 220 pannas (in order it is ${canonicalPanna(panna)})`;
  const ank = String(pannaAnk(panna));
  if (digit !== undefined && digit !== ank)
    return `the digit of ${panna} is ${ank}, not ${digit.slice(0, 3)}`;
  return null;
}

const text = (v: unknown): string | null =>
  typeof v === 'string' ? v.replace(/\s+/g, '') : typeof v === 'number' ? String(v) : null;

/**
 * Main: the open panna, the jodi (open digit then close digit, either part a star) and the close
 * panna. `mid` is the digits between the pannas as the page shows them: '6', '6*', '68', '**'.
 */
function readMain(open: string, mid: string | null, close: string): ReportReading {
  const fail = (reason: string): ReportReading => ({ ok: false, reason });
  if (mid !== null && !/^[\d*]{1,2}$/.test(mid)) return fail(`"${mid.slice(0, 8)}" is not a jodi`);
  const [openDigit, closeDigit] = [mid?.[0], mid?.[1]].map((d) => (d && d !== '*' ? d : undefined));
  const sessions: ReportedSession[] = [];
  if (unknown(open)) {
    if (!unknown(close)) return fail('a close panna without the open panna');
    if (openDigit || closeDigit) return fail('a jodi without the open panna');
    return { ok: true, sessions };
  }
  // The text form always writes the open digit; the field form (mid null) may leave it out.
  if (mid !== null && !openDigit) return fail(`the open digit of ${open} is missing`);
  const openProblem = pannaProblem(open, openDigit);
  if (openProblem) return fail(`open: ${openProblem}`);
  sessions.push({ session: 'open', panna: open, digit: String(pannaAnk(open)) });
  if (unknown(close)) {
    if (closeDigit) return fail(`the jodi names a close digit ${closeDigit} but no close panna`);
    return { ok: true, sessions };
  }
  if (mid !== null && (!openDigit || !closeDigit))
    return fail('the jodi must be two digits with a close panna');
  const closeProblem = pannaProblem(close, closeDigit);
  if (closeProblem) return fail(`close: ${closeProblem}`);
  sessions.push({ session: 'close', panna: close, digit: String(pannaAnk(close)) });
  return { ok: true, sessions };
}

function readStarline(panna: string, digit: string | undefined): ReportReading {
  if (unknown(panna)) {
    return digit === undefined || unknown(digit)
      ? { ok: true, sessions: [] }
      : { ok: false, reason: 'a digit without its panna' };
  }
  const problem = pannaProblem(panna, digit);
  if (problem) return { ok: false, reason: problem };
  return { ok: true, sessions: [{ session: null, panna, digit: String(pannaAnk(panna)) }] };
}

function readGali(jodi: string): ReportReading {
  if (unknown(jodi)) return { ok: true, sessions: [] };
  if (!isJodi(jodi)) return { ok: false, reason: `"${jodi.slice(0, 8)}" is not a jodi (00 to 99)` };
  return { ok: true, sessions: [{ session: null, jodi }] };
}

/**
 * Reads one reported result for a market of `family`: the `result` text (`"123-6"`,
 * `"123-68-440"`, `"123-6*-***"`, `"***-**-***"`; starline `"128-1"`, galidisawar `"68"`), else
 * the `open`, `close` and `jodi` fields. Each panna must be one of the 220 with its own digit and
 * a main jodi must be the open digit then the close digit.
 * @example readReportedResult('main', {result: '123-68-440'}).ok // true: open 123 (6), close 440 (8)
 * @example readReportedResult('main', {result: '123-69-440'}) // {ok: false, reason: 'close: the digit of 440 is 8, not 9'}
 */
export function readReportedResult(family: Family, f: ReportFields): ReportReading {
  const result = text(f.result);
  if (result !== null && result !== '') {
    const parts = result.split('-');
    if (family === 'galidisawar')
      return parts.length === 1
        ? readGali(result)
        : { ok: false, reason: 'a galidisawar result is a jodi: 68' };
    if (family === 'starline')
      return parts.length === 2
        ? readStarline(parts[0] as string, parts[1] as string)
        : { ok: false, reason: 'a starline result reads like 128-1' };
    if (parts.length !== 2 && parts.length !== 3)
      return { ok: false, reason: 'a main result reads like 123-6 or 123-68-440' };
    return readMain(parts[0] as string, parts[1] as string, parts[2] ?? '***');
  }
  const open = text(f.open);
  const close = text(f.close) ?? '';
  const jodi = text(f.jodi);
  if (family === 'galidisawar') return jodi === null ? { ok: false, reason: 'no result' } : readGali(jodi);
  if (open === null && (family === 'starline' || f.close === undefined))
    return { ok: false, reason: 'no result' };
  if (family === 'starline') return readStarline(open ?? '', undefined);
  // A jodi given beside the pannas must be theirs: '6*' with the open alone, '68' with both.
  return readMain(open ?? '', jodi === null || unknown(jodi) ? null : jodi, close);
}

/**
 * A reported or charted date as a market day: `YYYY-MM-DD`, `DD-MM-YYYY` or `DD/MM/YYYY`; null
 * for anything else or a day that does not exist (2023-02-29).
 * @example reportDate('21-11-2026') // '2026-11-21'
 */
export function reportDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const s = value.trim();
  const dmy = /^(\d{2})[-/](\d{2})[-/](\d{4})$/.exec(s);
  const iso = dmy ? `${dmy[3]}-${dmy[2]}-${dmy[1]}` : s;
  if (dmy && s[2] !== s[5]) return null;
  return isIsoDate(iso) ? iso : null;
}

/**
 * How a source's market name is compared with an operator's mapping: case and spaces do not count.
 * @example marketKey(' Kalyan  Night ') // 'KALYANNIGHT'
 */
export function marketKey(name: string): string {
  return name.normalize('NFKC').toUpperCase().replace(/\s+/g, '');
}
