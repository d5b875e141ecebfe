import { createHash } from 'node:crypto';
import {
  STATEMENT_CSV_TYPES,
  STATEMENT_XLSX_TYPE,
  type StatementUpload,
} from '../../../src/contracts/bank-statements';
import { addDays, marketDayOf, zonedInstant } from '../../../src/domain/market-time';
import {
  insertLines,
  insertStatement,
  lineIds,
  lockReconciliation,
  type NewLine,
  type StatementRow,
  statementByHash,
} from '../../db/repositories/bank-statements';
import type { Deps } from '../../deps';
import { badRequest } from '../errors';
import { reconcile } from '../reconciliation/run';
import type { Cell } from './cells';
import { csvRows } from './csv';
import { balanceBreaks, parseStatement, type StatementLine } from './parse';
import { xlsxRows } from './xlsx';

/** A statement as the API answers it (BankStatementSchema). */
export function presentStatement(s: StatementRow) {
  return {
    _id: s.id,
    bank: s.bank,
    from: s.covers_from,
    to: s.covers_to,
    rows: s.row_count,
    credits: s.credit_count,
    debits: s.debit_count,
    creditTotal: Number(s.credit_paise) / 100,
    debitTotal: Number(s.debit_paise) / 100,
    newRows: s.new_rows,
    fileType: s.file_type,
    uploadedAt: s.uploaded_at.toISOString(),
  };
}

/** Which reader a content type asks for (the route has refused any other type). */
export function fileTypeOf(contentType: string): 'csv' | 'xlsx' {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === STATEMENT_XLSX_TYPE) return 'xlsx';
  if ((STATEMENT_CSV_TYPES as readonly string[]).includes(type)) return 'csv';
  throw badRequest('Upload the statement as CSV (text/csv) or Excel .xlsx');
}

/**
 * Each line's identity: the same line in an overlapping statement (or the same statement as CSV
 * and as Excel) has the same key; identical lines of one file are told apart by their order.
 */
function lineKeys(bank: string, lines: StatementLine[]): string[] {
  const seen = new Map<string, number>();
  return lines.map((l) => {
    const base = [
      bank,
      l.date,
      l.narration,
      l.reference,
      l.debitPaise,
      l.creditPaise,
      l.balancePaise ?? '',
    ].join('\n');
    const digest = createHash('sha256').update(base).digest('hex');
    const n = (seen.get(digest) ?? 0) + 1;
    seen.set(digest, n);
    return `${digest}:${n}`;
  });
}

/**
 * POST /admin/bank-statements: reads the file (400 with the reason when it is no statement a bank
 * exports, or cannot be read for sure), stores its lines once (a line an earlier statement brought
 * stays as it was), then reconciles, all in one transaction under the reconciliation lock: two
 * uploads at once are taken one after the other. The same file again answers its statement and
 * changes nothing. Lines dated after today are refused (no bank exports tomorrow).
 */
export async function uploadStatement(
  deps: Pick<Deps, 'db' | 'env' | 'clock'>,
  file: { bytes: Uint8Array; contentType: string; adminId: string },
): Promise<{ status: 200 | 201; data: StatementUpload }> {
  const { db, env, clock } = deps;
  const fileType = fileTypeOf(file.contentType);
  if (file.bytes.length === 0) throw badRequest('The file is empty');
  const rows: Cell[][] =
    fileType === 'xlsx' ? await xlsxRows(file.bytes) : csvRows(new TextDecoder('utf-8').decode(file.bytes));
  const statement = parseStatement(rows);
  const now = await clock.now();
  const today = marketDayOf(now, env.MARKET_TZ);
  const future = statement.lines.find((l) => l.date > today);
  if (future)
    throw badRequest(
      `Line ${future.line} is dated ${future.date}, after today: this is not a bank's statement`,
    );
  const from = statement.from;
  const to = statement.to > today ? today : statement.to;
  const keys = lineKeys(statement.bank, statement.lines);
  const lines: NewLine[] = statement.lines.map((l, i) => ({
    key: keys[i] as string,
    date: l.date,
    narration: l.narration,
    reference: l.reference,
    debit: l.debitPaise,
    credit: l.creditPaise,
    balance: l.balancePaise,
    utr: l.utr,
    upi: l.upi,
  }));
  const keyOf = new Map(statement.lines.map((l, i) => [l, keys[i] as string]));
  const breaks = balanceBreaks(statement.lines);
  const sha256 = createHash('sha256').update(file.bytes).digest('hex');
  const credits = statement.lines.filter((l) => l.creditPaise > 0);
  const debits = statement.lines.filter((l) => l.debitPaise > 0);
  const sum = (ls: StatementLine[], k: 'creditPaise' | 'debitPaise') => ls.reduce((s, l) => s + l[k], 0);
  return db.transaction(async (tx) => {
    await lockReconciliation(tx);
    const before = await statementByHash(tx, sha256);
    if (before)
      return { status: 200, data: { ...presentStatement(before), duplicate: true, opened: 0, closed: 0 } };
    const id = await insertStatement(tx, {
      bank: statement.bank,
      sha256,
      fileType,
      from,
      to,
      rows: statement.lines.length,
      credits: credits.length,
      debits: debits.length,
      creditPaise: sum(credits, 'creditPaise'),
      debitPaise: sum(debits, 'debitPaise'),
      uploadedBy: file.adminId,
      at: now,
    });
    const newRows = await insertLines(tx, id, statement.bank, lines);
    const ids = await lineIds(
      tx,
      breaks.map((b) => keyOf.get(b.line) as string),
    );
    const done = await reconcile(tx, {
      // Credits of the day before `from` on: their day, or the day after, is now covered.
      scope: { since: zonedInstant(addDays(from, -1), 0, env.MARKET_TZ), from, to, tz: env.MARKET_TZ },
      upload: {
        bank: statement.bank,
        breaks: breaks.map((b) => {
          const rowKey = keyOf.get(b.line) as string;
          return { ...b, rowKey, rowId: ids.get(rowKey) as string };
        }),
      },
      statementId: id,
      now,
    });
    const data = {
      _id: id,
      bank: statement.bank,
      from,
      to,
      rows: statement.lines.length,
      credits: credits.length,
      debits: debits.length,
      creditTotal: sum(credits, 'creditPaise') / 100,
      debitTotal: sum(debits, 'debitPaise') / 100,
      newRows,
      fileType,
      uploadedAt: now.toISOString(),
      duplicate: false,
      ...done,
    };
    return { status: 201, data };
  });
}
