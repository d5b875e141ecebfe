// Reading CSV as RFC 4180 writes it (csv.ts writes it): the files operators upload.

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

/**
 * The records of a CSV text: cells split on commas, a quoted cell may hold commas, doubled quotes
 * and line breaks; lines end in CRLF or LF; a UTF-8 byte order mark (spreadsheets write one) is
 * dropped. Blank lines are skipped. A quote left open throws CsvSyntaxError with its line.
 * @example readCsv('a,b\r\n"x,1","say ""hi"""\n') // [{line: 1, cells: ['a', 'b']}, {line: 2, cells: ['x,1', 'say "hi"']}]
 */
export function readCsv(text: string): CsvRecord[] {
  const src = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let start = 1;
  let quoted = false;
  let quoteLine = 0;
  const endRecord = () => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '') records.push({ line: start, cells });
    cells = [];
    cell = '';
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
    if (ch === '"' && cell === '') {
      quoted = true;
      quoteLine = line;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && src[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else cell += ch;
  }
  if (quoted) throw new CsvSyntaxError(`A quote opened on line ${quoteLine} is never closed`, quoteLine);
  endRecord();
  return records;
}
