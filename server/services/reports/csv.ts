// CSV as RFC 4180 writes it, safe to open in a spreadsheet.

/** A plain number ('12.50', '-3', '0'): never a formula, so it stays a number in the sheet. */
const NUMBER = /^-?\d+(\.\d+)?$/;
/**
 * What a spreadsheet may read as a formula or a command: a cell starting with = + - @ (or their
 * full-width forms, which some spreadsheets fold), also after leading blanks, or starting with a
 * tab or carriage return.
 */
const FORMULA = /^(?:[\s\u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20]|[\t\r])/;
/** A cell that must be quoted: a comma, a quote, a line break, or blanks at either end. */
const QUOTE = /[",\r\n]|^\s|\s$/;
/** Anything either rule above looks at (most cells, ids, dates and amounts, have none of it). */
const ATTENTION = /^[\s\u00a0=+\-@\uff1d\uff0b\uff0d\uff20]|[",\r\n]|\s$/;

/**
 * One cell: null is empty; a cell a spreadsheet would run as a formula gets a leading `'` (it then
 * shows as the text it is); quotes are doubled inside a quoted cell.
 * @example csvCell('=1+1') // "'=1+1"; csvCell('a,"b"') // '"a,""b"""'; csvCell('-12.50') // '-12.50'
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (!ATTENTION.test(s)) return s;
  if (FORMULA.test(s) && !NUMBER.test(s)) s = `'${s}`;
  return QUOTE.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** One record, CRLF-terminated as RFC 4180 has it. */
export function csvLine(cells: readonly (string | number | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += ',';
    line += csvCell(cells[i]);
  }
  return `${line}\r\n`;
}
