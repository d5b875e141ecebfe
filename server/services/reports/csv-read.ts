// Reading CSV as RFC 4180 writes it (csv.ts writes it): the files operators upload (a bank's
// answer to a payout batch, a bank statement, a market's chart history).

export interface CsvRecord {
  /** The line of the file the record starts on (1 = the first line). */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(message);
  }
}

export interface CsvLimits {
  /** Read a tab-separated file by its tabs (some banks' "delimited" download): decided from its start. */
  tabs?: boolean;
  /** The most records a file may hold (CsvSyntaxError past it). */
  maxRecords?: number;
  /** The most cells a record may hold (CsvSyntaxError past it). */
  maxCells?: number;
}

/**
 * The records of a CSV text, in one pass, linear in its length: cells split on commas, a quoted
 * cell (spaces before its quote allowed) may hold commas, doubled quotes and line breaks; lines end
 * in CRLF, LF or CR; a UTF-8 byte order mark (spreadsheets write one) is dropped. Blank lines (or
 * only spaces) are skipped, their lines still counted. A quote left open throws CsvSyntaxError
 * with its line, as does a file past its limits.
 * @example readCsv('a,b\r\n"x,1","say ""hi"""\n') // [{line: 1, cells: ['a', 'b']}, {line: 2, cells: ['x,1', 'say "hi"']}]
 */
export function readCsv(text: string, limits: CsvLimits = {}): CsvRecord[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const sample = limits.tabs ? src.slice(0, 4096) : '';
  const sep = (sample.match(/\t/g)?.length ?? 0) > (sample.match(/,/g)?.length ?? 0) ? '\t' : ',';
  const maxRecords = limits.maxRecords ?? Number.POSITIVE_INFINITY;
  const maxCells = limits.maxCells ?? Number.POSITIVE_INFINITY;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  const endCell = () => {
    cells.push(cell);
    cell = '';
    if (cells.length > maxCells)
      throw new CsvSyntaxError(`Line ${start} has more than ${maxCells} cells`, start);
  };
  const endRecord = () => {
    endCell();
    if (cells.length > 1 || (cells[0] as string).trim() !== '') records.push({ line: start, cells });
    cells = [];
    if (records.length > maxRecords)
      throw new CsvSyntaxError(`This file has more than ${maxRecords} lines`, start);
  };
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] as string;
    if (quoted) {
      if (ch === '"' && src[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
      continue;
    }
    if (ch === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (ch === sep) endCell();
    else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (quoted) throw new CsvSyntaxError(`A quote opened on line ${quoteLine} is never closed`, quoteLine);
  if (cell !== '' || cells.length > 0) endRecord();
  return records;
}
