import { badRequest } from '../errors';
import { CsvSyntaxError, readCsv } from '../reports/csv-read';

/** One row of the bank's answer as written (cells trimmed), before anything is checked. */
export interface AnswerRow {
  line: number;
  reference: string;
  status: string;
  utr: string;
}

/** At most this many rows in one file: the whole file is applied in one transaction. */
export const MAX_ANSWER_ROWS = 1000;
export const REQUIRED_COLUMNS = ['reference', 'status', 'utr'] as const;

export const ANSWER_FORMAT =
  "Send the bank's answer as CSV with a header row naming at least the columns reference, status and utr";

/**
 * The rows of a bank's answer file (POST /admin/payouts/results): CSV with a header row that names
 * at least `reference`, `status` and `utr` (any order, any case, other columns ignored, so a bank's
 * own response file only needs its headers renamed). Refuses the whole file (400) when it is not
 * CSV, lacks a column, or holds more than MAX_ANSWER_ROWS rows; a row's own faults are judged later,
 * row by row (plan.ts), so one bad row does not hide the others.
 */
export function readBankAnswer(text: string): AnswerRow[] {
  let records: ReturnType<typeof readCsv>;
  try {
    records = readCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw badRequest(error.message, { body: error.message });
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw badRequest(ANSWER_FORMAT, { body: ANSWER_FORMAT });
  const names = header.cells.map((c) => c.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) {
    const message = `The header row has no ${missing.join(', ')} column. ${ANSWER_FORMAT}`;
    throw badRequest(message, { body: message });
  }
  if (rows.length > MAX_ANSWER_ROWS) {
    const message = `At most ${MAX_ANSWER_ROWS} rows in one file: split it`;
    throw badRequest(message, { body: message });
  }
  const at = (cells: string[], column: string) => (cells[names.indexOf(column)] ?? '').trim();
  return rows.map((r) => ({
    line: r.line,
    reference: at(r.cells, 'reference').replace(/^'/, ''),
    status: at(r.cells, 'status'),
    utr: at(r.cells, 'utr'),
  }));
}
