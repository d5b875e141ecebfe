import { badRequest } from '../errors';

/** A statement has at most this many lines (a month of a busy account fits many times over). */
export const MAX_LINES = 50_000;
/** A line has at most this many cells. */
const MAX_CELLS = 64;

/**
 * The rows of a CSV file (RFC 4180: quoted cells with "" inside, commas and line breaks in quotes;
 * LF, CRLF or CR line ends; a UTF-8 byte order mark dropped). One pass over the text, linear
 * in its length. A tab-separated export (some banks' "delimited" download) is read by its tabs.
 * @example csvRows('a,"b ""c"""\n1,2') // [['a', 'b "c"'], ['1', '2']]
 */
export function csvRows(input: string): string[][] {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  const sample = text.slice(0, 4096);
  const sep = (sample.match(/\t/g)?.length ?? 0) > (sample.match(/,/g)?.length ?? 0) ? '\t' : ',';
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
    if (row.length > MAX_CELLS) throw badRequest(`A line of this file has more than ${MAX_CELLS} cells`);
  };
  const endRow = () => {
    endCell();
    rows.push(row);
    row = [];
    if (rows.length > MAX_LINES)
      throw badRequest(`This file has more than ${MAX_LINES} lines: upload a shorter period`);
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else cell += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      cell = '';
    } else if (ch === sep) endCell();
    else if (ch === '\n' || ch === '\r') {
      endRow();
      if (ch === '\r' && text[i + 1] === '\n') i += 1;
    } else cell += ch;
    i += 1;
  }
  if (cell !== '' || row.length > 0) endRow();
  return rows;
}
