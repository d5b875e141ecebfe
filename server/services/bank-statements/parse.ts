import { badRequest } from '../errors';
import {
  amountPaise,
  type Cell,
  cellText,
  isUpiNarration,
  lineUtr,
  statementDate,
  UnreadableAmount,
} from './cells';
import { type Bank, LAYOUTS, recogniseHeader } from './layouts';

/** One transaction line of a statement. */
export interface StatementLine {
  /** Its line in the file (1 = the first), for messages. */
  line: number;
  /** 'YYYY-MM-DD'. */
  date: string;
  narration: string;
  reference: string;
  debitPaise: number;
  creditPaise: number;
  /** The running balance after it (null when the bank left it empty). */
  balancePaise: number | null;
  utr: string | null;
  upi: boolean;
}

export interface ParsedStatement {
  bank: Bank;
  /** In the file's order. */
  lines: StatementLine[];
  /** The first and last day the statement speaks for: its transactions, widened to its stated period. */
  from: string;
  to: string;
}

const NO_HEADER = `No bank's header row was found. Upload the statement as your bank's net banking exports it (${LAYOUTS.map((l) => l.bank).join(', ')}), in CSV or Excel .xlsx`;
/** Longest narration or reference kept (a bank's are well under this). */
const MAX_TEXT = 500;

const DATE_IN_TEXT = /\d{1,2}[/-]\d{1,2}[/-]\d{2,4}|\d{1,2}[ -][A-Za-z]{3,4}[ ,-]+\d{2,4}/g;

/**
 * The statement period a preamble line states ("Statement From : 01/11/2026 To : 27/11/2026",
 * "Period: 01-11-2026 to 27-11-2026"), or null.
 */
function statedPeriod(preamble: Cell[][]): { from: string; to: string } | null {
  for (const row of preamble) {
    const text = row.map(cellText).join(' ').slice(0, 300);
    if (!/period|from|statement/i.test(text)) continue;
    const days = (text.match(DATE_IN_TEXT) ?? []).map((d) => statementDate(d)).filter((d) => d !== null);
    if (days.length === 2 && (days[0] as string) <= (days[1] as string)) {
      return { from: days[0] as string, to: days[1] as string };
    }
  }
  return null;
}

const text = (cell: Cell) => cellText(cell).slice(0, MAX_TEXT);

/**
 * Reads a statement from its rows: the first row that is a bank's header decides the bank and
 * the columns; every row below it whose date cell is a date is a transaction; the rest (the
 * preamble above the header, separator lines, totals, legends and notes) is skipped. An amount
 * that cannot be read for sure refuses the whole file (400, with its line), never a guess.
 */
export function parseStatement(rows: Cell[][]): ParsedStatement {
  const headerAt = rows.findIndex((r) => recogniseHeader(r) !== null);
  if (headerAt < 0) throw badRequest(NO_HEADER);
  const layout = recogniseHeader(rows[headerAt] as Cell[]);
  if (!layout) throw badRequest(NO_HEADER);
  const col = layout.columns;
  const lines: StatementLine[] = [];
  for (let i = headerAt + 1; i < rows.length; i++) {
    const row = rows[i] as Cell[];
    const date = statementDate(row[col.date]);
    if (!date) continue;
    const read = (c: number, signed = false) => {
      try {
        return amountPaise(row[c], { signed });
      } catch (error) {
        if (!(error instanceof UnreadableAmount)) throw error;
        throw badRequest(`Line ${i + 1}: the amount "${error.message}" cannot be read for sure`);
      }
    };
    const debitPaise = read(col.debit);
    const creditPaise = read(col.credit);
    // A dated line that moves no money (an opening balance line) is not a transaction.
    if (debitPaise === 0 && creditPaise === 0) continue;
    if (debitPaise > 0 && creditPaise > 0) throw badRequest(`Line ${i + 1} has both a debit and a credit`);
    const narration = text(row[col.narration]);
    const reference = text(row[col.reference]);
    lines.push({
      line: i + 1,
      date,
      narration,
      reference,
      debitPaise,
      creditPaise,
      balancePaise: cellText(row[col.balance]) === '' ? null : read(col.balance, true),
      utr: lineUtr(narration, reference),
      upi: isUpiNarration(narration),
    });
  }
  if (lines.length === 0) throw badRequest('This statement has no transactions');
  const days = lines.map((l) => l.date).sort();
  let from = days[0] as string;
  let to = days[days.length - 1] as string;
  // A stated period that holds every transaction widens the days covered (a quiet last day).
  const period = statedPeriod(rows.slice(0, headerAt));
  if (period && period.from <= from && period.to >= to) ({ from, to } = period);
  return { bank: layout.bank, lines, from, to };
}

/** A line whose running balance does not follow from the line before it. */
export interface BalanceBreak {
  line: StatementLine;
  previous: StatementLine;
  expectedPaise: number;
}

function breaksInOrder(lines: StatementLine[]): BalanceBreak[] {
  const found: BalanceBreak[] = [];
  for (let i = 1; i < lines.length; i++) {
    const previous = lines[i - 1] as StatementLine;
    const line = lines[i] as StatementLine;
    if (previous.balancePaise === null || line.balancePaise === null) continue;
    const expectedPaise = previous.balancePaise + line.creditPaise - line.debitPaise;
    if (line.balancePaise !== expectedPaise) found.push({ line, previous, expectedPaise });
  }
  return found;
}

/**
 * Every line whose balance is not the previous balance plus its credit minus its debit (an edited
 * statement). Banks list oldest first, some newest first: the order with fewer breaks is the one
 * the bank wrote.
 */
export function balanceBreaks(lines: StatementLine[]): BalanceBreak[] {
  const forward = breaksInOrder(lines);
  if (forward.length === 0) return forward;
  const backward = breaksInOrder([...lines].reverse());
  return backward.length < forward.length ? backward : forward;
}
