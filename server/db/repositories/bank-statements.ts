import type { Queryable } from '../types';

// Uploaded bank statements and their lines (migration 024).

export interface StatementRow {
  id: string;
  bank: string;
  file_type: 'csv' | 'xlsx';
  covers_from: string;
  covers_to: string;
  row_count: number;
  credit_count: number;
  debit_count: number;
  credit_paise: number;
  debit_paise: number;
  new_rows: number;
  uploaded_by: string | null;
  uploaded_at: Date;
}

const STATEMENT = `id, bank, file_type, covers_from, covers_to, row_count, credit_count, debit_count, credit_paise,
  debit_paise, new_rows, uploaded_by, uploaded_at`;

/**
 * Every reconciliation (an upload, the periodic re-check) runs under this one transaction-scoped
 * lock, so each sees the lines and exceptions the one before it committed: two statements
 * uploaded at once are reconciled one after the other, never each blind to the other's lines.
 */
export async function lockReconciliation(q: Queryable): Promise<void> {
  await q.query(`SELECT pg_advisory_xact_lock(hashtextextended('matka-bank-reconciliation', 0))`);
}

/** Whether any statement was ever uploaded (until then the periodic re-check has nothing to do). */
export async function anyStatement(q: Queryable): Promise<boolean> {
  const r = await q.query<{ yes: boolean }>('SELECT EXISTS (SELECT 1 FROM bank_statements) AS yes');
  return r.rows[0]?.yes === true;
}

export async function statementByHash(q: Queryable, sha256: string): Promise<StatementRow | null> {
  const r = await q.query<StatementRow>(`SELECT ${STATEMENT} FROM bank_statements WHERE file_sha256 = $1`, [
    sha256,
  ]);
  return r.rows[0] ?? null;
}

export async function findStatement(q: Queryable, id: string): Promise<StatementRow | null> {
  const r = await q.query<StatementRow>(`SELECT ${STATEMENT} FROM bank_statements WHERE id = $1`, [id]);
  return r.rows[0] ?? null;
}

export interface NewStatement {
  bank: string;
  sha256: string;
  fileType: 'csv' | 'xlsx';
  from: string;
  to: string;
  rows: number;
  credits: number;
  debits: number;
  creditPaise: number;
  debitPaise: number;
  uploadedBy: string;
  at: Date;
}

export async function insertStatement(q: Queryable, s: NewStatement): Promise<string> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO bank_statements (bank, file_sha256, file_type, covers_from, covers_to, row_count, credit_count,
                                  debit_count, credit_paise, debit_paise, new_rows, uploaded_by, uploaded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, $11, $12) RETURNING id`,
    [
      s.bank,
      s.sha256,
      s.fileType,
      s.from,
      s.to,
      s.rows,
      s.credits,
      s.debits,
      s.creditPaise,
      s.debitPaise,
      s.uploadedBy,
      s.at,
    ],
  );
  return (r.rows[0] as { id: string }).id;
}

export interface NewLine {
  key: string;
  date: string;
  narration: string;
  reference: string;
  debit: number;
  credit: number;
  balance: number | null;
  utr: string | null;
  upi: boolean;
}

/**
 * The statement's lines in one statement: a line already stored (by an earlier, overlapping
 * statement) is kept as it is. Records how many were new on the statement and answers it.
 */
export async function insertLines(
  q: Queryable,
  statementId: string,
  bank: string,
  lines: NewLine[],
): Promise<number> {
  const r = await q.query<{ n: number }>(
    `WITH ins AS (
       INSERT INTO bank_statement_rows (row_key, statement_id, bank, txn_date, narration, reference, debit_paise,
                                        credit_paise, balance_paise, utr, upi)
       SELECT l.key, $1, $2, l.date::date, l.narration, l.reference, l.debit, l.credit, l.balance, l.utr, l.upi
         FROM jsonb_to_recordset($3::jsonb) AS l(key text, date text, narration text, reference text, debit int8,
                                                 credit int8, balance int8, utr text, upi boolean)
       ON CONFLICT (row_key) DO NOTHING RETURNING 1),
     n AS (SELECT count(*)::int8 AS n FROM ins)
     UPDATE bank_statements SET new_rows = (SELECT n FROM n) WHERE id = $1 RETURNING new_rows AS n`,
    [statementId, bank, JSON.stringify(lines)],
  );
  return Number(r.rows[0]?.n ?? 0);
}

/** The stored lines' ids by key (lines of an earlier statement keep their first id). */
export async function lineIds(q: Queryable, keys: string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const r = await q.query<{ id: string; row_key: string }>(
    `SELECT id, row_key FROM bank_statement_rows WHERE row_key = ANY($1::text[])`,
    [keys],
  );
  return new Map(r.rows.map((x) => [x.row_key, x.id]));
}

export async function listStatements(q: Queryable, limit: number, offset: number) {
  const r = await q.query<StatementRow & { total: number }>(
    `SELECT ${STATEMENT}, count(*) OVER ()::int8 AS total FROM bank_statements
      ORDER BY uploaded_at DESC, id LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  return { rows: r.rows, total: Number(r.rows[0]?.total ?? 0) };
}
