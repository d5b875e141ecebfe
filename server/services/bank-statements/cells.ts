// Reading one cell of a bank statement: a date, an amount, the UPI reference (UTR). Cells come
// from a CSV (strings) or a spreadsheet (strings, numbers, dates). Nothing here guesses: a cell
// that is not plainly one of the forms below is not read (null), and the caller decides.

/** A cell as the CSV reader or the spreadsheet library gives it. */
export type Cell = string | number | boolean | Date | null | undefined;

const MONTHS: Record<string, number> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

/** A cell's text with its surrounding and repeated spaces gone (banks pad their cells). */
export function cellText(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString();
  return String(cell).replace(/\s+/g, ' ').trim();
}

function isoDay(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || y < 2000 || y > 2099) return null;
  const t = new Date(Date.UTC(y, m - 1, d));
  if (t.getUTCMonth() !== m - 1 || t.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

// dd/mm/yy, dd/mm/yyyy, dd-mm-yyyy (and dd-mm-yy); an optional time after it (some exports add one).
const NUMERIC_DATE = /^(\d{1,2})([/-])(\d{1,2})\2(\d{2}|\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?)?$/i;
// dd MMM yyyy, also dd-MMM-yyyy and dd MMM yy.
const NAMED_DATE =
  /^(\d{1,2})[ -]([A-Za-z]{3,4})[ ,-]+(\d{2}|\d{4})(?: \d{1,2}:\d{2}(?::\d{2})?(?: ?[AP]M)?)?$/;

/**
 * A statement date as 'YYYY-MM-DD', or null when the cell is not a date in one of the banks' forms.
 * A spreadsheet's date cell is taken as the calendar day it shows.
 * @example statementDate('28/11/26') // '2026-11-28'
 * @example statementDate('28 Nov 2026') // '2026-11-28'
 * @example statementDate('Opening Balance') // null
 */
export function statementDate(cell: Cell): string | null {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    return isoDay(cell.getUTCFullYear(), cell.getUTCMonth() + 1, cell.getUTCDate());
  }
  if (typeof cell !== 'string') return null;
  const text = cellText(cell);
  if (text.length > 40) return null;
  const year = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));
  const n = NUMERIC_DATE.exec(text);
  if (n) return isoDay(year(n[4] as string), Number(n[3]), Number(n[1]));
  const named = NAMED_DATE.exec(text);
  if (named) {
    const month = MONTHS[(named[2] as string).toLowerCase()];
    return month ? isoDay(year(named[3] as string), month, Number(named[1])) : null;
  }
  return null;
}

/** An amount cell that is not empty and not an amount: the statement cannot be read for sure. */
export class UnreadableAmount extends Error {}

const GROUPED = /^(\d+|\d{1,3}(?:,\d{2})*,\d{3}|\d{1,3}(?:,\d{3})+)(?:\.(\d{1,2}))?$/;

/**
 * An amount in paise: Indian (1,00,000.45) or western (100,000.45) grouping, at most two decimals;
 * empty, '-' and 0 are 0. A balance may end in Cr or Dr (Dr is below zero). Throws
 * UnreadableAmount for anything else (three decimals, letters): never a guess.
 * @example amountPaise('1,00,000.45') // 10000045
 * @example amountPaise('') // 0
 */
export function amountPaise(cell: Cell, opts: { signed?: boolean } = {}): number {
  if (typeof cell === 'number') {
    const paise = Math.round(cell * 100);
    if (!Number.isFinite(cell) || Math.abs(cell * 100 - paise) > 1e-6 || (!opts.signed && cell < 0)) {
      throw new UnreadableAmount(String(cell));
    }
    return paise;
  }
  let text = cellText(cell).replace(/^(?:rs\.?|inr|₹)\s*/i, '');
  if (text === '' || text === '-') return 0;
  let sign = 1;
  if (opts.signed) {
    const marker = /\s*\(?\s*(cr|dr)\s*\.?\s*\)?$/i.exec(text);
    if (marker) {
      if ((marker[1] as string).toLowerCase() === 'dr') sign = -1;
      text = text.slice(0, marker.index);
    }
    if (text.startsWith('-')) {
      sign = -sign;
      text = text.slice(1);
    }
  }
  const m = GROUPED.exec(text);
  if (!m) throw new UnreadableAmount(text.slice(0, 40));
  const whole = Number((m[1] as string).replaceAll(',', ''));
  const fraction = Number((m[2] ?? '').padEnd(2, '0'));
  const paise = whole * 100 + fraction;
  if (!Number.isSafeInteger(paise)) throw new UnreadableAmount(text.slice(0, 40));
  return sign * paise;
}

/** Whether a narration speaks of a UPI payment. */
export function isUpiNarration(narration: string): boolean {
  return /(?:^|[^A-Za-z])UPI(?:$|[^A-Za-z])/i.test(narration);
}

/** The one distinct 12-digit run among `tokens` (all zeros is none), else null (none, or two different ones). */
function single(tokens: string[]): string | null {
  const found = new Set(tokens.filter((t) => t.length === 12 && !/^0+$/.test(t)));
  return found.size === 1 ? ([...found][0] as string) : null;
}

const REF_NO = /UPI\s*Ref(?:erence)?\.?\s*No\.?\s*:?\s*(\d{12})(?!\d)/i;
const SLASHED = /UPI\/(?:(?:CR|DR|P2A|P2M|P2P)\/)?(\d{12})(?=\/|\s|$)/i;

/**
 * The UPI reference (UTR/RRN, 12 digits) of a statement line, from its narration
 * (`UPI/433212345678/...`, `UPI/CR/433212345678/...`, `UPI-NAME-VPA-IFSC-433212345678-NOTE`,
 * `UPI Ref No 433212345678`, or the one 12-digit number of a UPI narration) or else from its
 * reference column (`433212345678`, zero-padded `0000433212345678`, `UPI-433212345678`).
 * Null when there is none or more than one candidate.
 * @example lineUtr('UPI/433212345678/Payment from Ph/rahul@okaxis', '') // '433212345678'
 */
export function lineUtr(narration: string, reference: string): string | null {
  if (isUpiNarration(narration) || /^IMPS\b/i.test(narration)) {
    const named = REF_NO.exec(narration) ?? SLASHED.exec(narration);
    if (named) return named[1] as string;
    if (/^\s*UPI-/i.test(narration)) {
      const field = single(
        narration
          .split('-')
          .map((f) => f.trim())
          .filter((f) => /^\d+$/.test(f)),
      );
      if (field) return field;
    }
    const run = single(narration.split(/\D+/));
    if (run) return run;
  }
  const tokens = reference
    .split(/\D+/)
    .map((t) => (t.length > 12 && /^0+$/.test(t.slice(0, -12)) ? t.slice(-12) : t));
  return single(tokens);
}
