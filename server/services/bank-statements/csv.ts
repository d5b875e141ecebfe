import { badRequest } from '../errors';
import { type CsvRecord, CsvSyntaxError, readCsv } from '../reports/csv-read';

/** A statement has at most this many lines (a month of a busy account fits many times over). */
export const MAX_LINES = 50_000;
/** A line has at most this many cells. */
const MAX_CELLS = 64;

/**
 * The rows of a CSV statement by line: row i is line i + 1 of the file (a blank line an empty row),
 * so a message can name the line. A tab-separated export (some banks' "delimited" download) is read
 * by its tabs. The one CSV reader (reports/csv-read.ts) reads it; a broken file answers 400.
 * @example csvRows('a,"b ""c"""\n1,2') // [['a', 'b "c"'], ['1', '2']]
 */
export function csvRows(input: string): string[][] {
  let records: CsvRecord[];
  try {
    records = readCsv(input, { tabs: true, maxRecords: MAX_LINES, maxCells: MAX_CELLS });
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw badRequest(`${error.message}: upload the file as the bank gave it`);
    throw error;
  }
  const rows: string[][] = [];
  for (const r of records) {
    while (rows.length < r.line - 1) rows.push(['']);
    rows.push(r.cells);
  }
  return rows;
}
