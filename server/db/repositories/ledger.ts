import type { Queryable } from '../types';

/**
 * The ledger and the balance move together, always in one transaction: every balance change is
 * one ledger row (amount signed: credit > 0, debit < 0) and `balance_paise` equals their sum.
 */
export interface LedgerEntry {
  userId: string;
  /** Signed paise: credit > 0, debit < 0. */
  amountPaise: number;
  kind: string;
  refId: string;
  description: string;
  status?: 'completed' | 'pending' | 'failed';
  createdBy?: string | null;
}

/**
 * Debits only when the balance covers it, in one conditional UPDATE (never read-then-write), and
 * writes its ledger row. Returns the new balance, or null when the balance is too low.
 */
export async function debitWithEntry(q: Queryable, e: LedgerEntry): Promise<number | null> {
  const paise = -e.amountPaise;
  if (!(paise > 0)) throw new RangeError('debitWithEntry needs a negative amount');
  const r = await q.query<{ balance_paise: number }>(
    `UPDATE users SET balance_paise = balance_paise - $2, updated_at = now()
      WHERE id = $1 AND balance_paise >= $2 RETURNING balance_paise`,
    [e.userId, paise],
  );
  const balance = r.rows[0]?.balance_paise;
  if (balance === undefined) return null;
  await insertEntry(q, e, balance);
  return balance;
}

async function insertEntry(q: Queryable, e: LedgerEntry, balanceAfter: number | null): Promise<void> {
  await q.query(
    `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, status, balance_after_paise, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      e.userId,
      e.amountPaise,
      e.kind,
      e.refId,
      e.description,
      e.status ?? 'completed',
      balanceAfter,
      e.createdBy ?? null,
    ],
  );
}

/**
 * Credits once per (kind, refId): the ledger row is inserted first with ON CONFLICT DO NOTHING and
 * the balance moves only when that row was new, so a replay or a concurrent second call pays nothing.
 * Returns the new balance, or null when this credit already existed.
 */
export async function creditOnce(q: Queryable, e: LedgerEntry): Promise<number | null> {
  if (!(e.amountPaise > 0)) throw new RangeError('creditOnce needs a positive amount');
  const r = await q.query<{ balance_paise: number; id: string }>(
    `WITH l AS (
       INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, status, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (kind, ref_id) DO NOTHING RETURNING id, user_id, amount_paise)
     UPDATE users u SET balance_paise = u.balance_paise + l.amount_paise, updated_at = now()
       FROM l WHERE u.id = l.user_id RETURNING u.balance_paise, l.id`,
    [e.userId, e.amountPaise, e.kind, e.refId, e.description, e.status ?? 'completed', e.createdBy ?? null],
  );
  const row = r.rows[0];
  if (!row) return null;
  await q.query('UPDATE ledger SET balance_after_paise = $2 WHERE id = $1', [row.id, row.balance_paise]);
  return row.balance_paise;
}

export async function setEntryStatus(
  q: Queryable,
  kind: string,
  refId: string,
  status: 'completed' | 'pending' | 'failed',
): Promise<void> {
  await q.query('UPDATE ledger SET status = $3, updated_at = now() WHERE kind = $1 AND ref_id = $2', [
    kind,
    refId,
    status,
  ]);
}

export interface TransactionRow {
  id: string;
  description: string;
  created_at: Date;
  amount_paise: number;
  status: 'completed' | 'pending' | 'failed';
  kind: string;
  /** A withdrawal hold's withdrawal status (kind 'withdrawal' only): why a failed hold failed. */
  withdrawal_status?: string | null;
}

/** A player's ledger, newest first (GET /user/transactions). */
export async function listEntries(
  q: Queryable,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ rows: TransactionRow[]; total: number }> {
  const total = await q.query<{ n: number }>('SELECT count(*)::int8 AS n FROM ledger WHERE user_id = $1', [
    userId,
  ]);
  // A withdrawal hold carries its withdrawal's status (by the primary key; the CASE keeps other
  // kinds' refs, which are not all uuids, from being cast).
  const rows = await q.query<TransactionRow>(
    `SELECT l.id, l.description, l.created_at, l.amount_paise, l.status, l.kind, w.status AS withdrawal_status
       FROM ledger l
       LEFT JOIN withdrawals w ON w.id = CASE WHEN l.kind = 'withdrawal' THEN l.ref_id::uuid END
      WHERE l.user_id = $1
      ORDER BY l.created_at DESC, l.id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

/**
 * A player's ledger for operators, newest first, each entry with the balance right after it: the
 * running sum in entry order (the balance is the sum of the ledger, an invariant the chaos run
 * checks), so a page deep in the past still shows the balance of its time.
 */
export async function listEntriesWithBalance(
  q: Queryable,
  userId: string,
  limit: number,
  offset: number,
): Promise<{ rows: Array<TransactionRow & { balance_after_paise: number }>; total: number }> {
  const total = await q.query<{ n: number }>('SELECT count(*)::int8 AS n FROM ledger WHERE user_id = $1', [
    userId,
  ]);
  const rows = await q.query<TransactionRow & { balance_after_paise: number }>(
    `SELECT * FROM (
       SELECT id, description, created_at, amount_paise, status, kind,
              (sum(amount_paise) OVER (ORDER BY created_at, id ROWS UNBOUNDED PRECEDING))::int8 AS balance_after_paise
         FROM ledger WHERE user_id = $1) l
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
