import type {
  MethodDetails,
  WithdrawalMethodName as WithdrawalMethod,
} from '../../../src/contracts/withdrawals';
import type { Queryable } from '../types';

export interface MethodRow {
  id: string;
  method: WithdrawalMethod;
  phone_number: string | null;
  account_holder_name: string | null;
  account_number: string | null;
  ifsc_code: string | null;
  bank_name: string | null;
  branch_name: string | null;
  created_at: Date;
  updated_at: Date;
}

/** One saved method per (player, method): saving again replaces it. */
export async function upsertMethod(q: Queryable, userId: string, m: MethodDetails): Promise<MethodRow> {
  const r = await q.query<MethodRow>(
    `INSERT INTO withdrawal_methods (user_id, method, phone_number, account_holder_name, account_number, ifsc_code,
                                     bank_name, branch_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (user_id, method) DO UPDATE SET phone_number = EXCLUDED.phone_number,
       account_holder_name = EXCLUDED.account_holder_name, account_number = EXCLUDED.account_number,
       ifsc_code = EXCLUDED.ifsc_code, bank_name = EXCLUDED.bank_name, branch_name = EXCLUDED.branch_name,
       updated_at = now()
     RETURNING *`,
    [
      userId,
      m.method,
      m.phoneNumber,
      m.accountHolderName,
      m.accountNumber,
      m.ifscCode,
      m.bankName,
      m.branchName,
    ],
  );
  return r.rows[0] as MethodRow;
}

export async function listMethods(q: Queryable, userId: string): Promise<MethodRow[]> {
  const r = await q.query<MethodRow>('SELECT * FROM withdrawal_methods WHERE user_id = $1 ORDER BY method', [
    userId,
  ]);
  return r.rows;
}

export async function findMethod(q: Queryable, userId: string, method: string): Promise<MethodRow | null> {
  const r = await q.query<MethodRow>('SELECT * FROM withdrawal_methods WHERE user_id = $1 AND method = $2', [
    userId,
    method,
  ]);
  return r.rows[0] ?? null;
}

export interface WithdrawalRow {
  id: string;
  user_id: string;
  method: WithdrawalMethod;
  method_details: Record<string, unknown>;
  amount_paise: number;
  status: WithdrawalStatus;
  /** The operator's reason for a rejection. */
  note: string | null;
  /** When it left pending (approved, rejected or cancelled). */
  decided_at: Date | null;
  /** The payout's reference: on an approved withdrawal, or named by the first of two approvals. */
  payout_utr: string | null;
  /** When it was paid (set with the approval). */
  paid_at: Date | null;
  created_at: Date;
  phone?: string;
  name?: string;
}

export type WithdrawalStatus = 'pending' | 'approved' | 'rejected' | 'cancelled';

const SELECT = `SELECT w.id, w.user_id, w.method, w.method_details, w.amount_paise, w.status, w.note, w.decided_at,
                       w.payout_utr, w.paid_at, w.created_at, u.phone, u.name
                  FROM withdrawals w JOIN users u ON u.id = w.user_id`;

export async function insertWithdrawal(
  q: Queryable,
  userId: string,
  method: WithdrawalMethod,
  details: Record<string, unknown>,
  amountPaise: number,
): Promise<WithdrawalRow> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO withdrawals (user_id, method, method_details, amount_paise) VALUES ($1, $2, $3::jsonb, $4) RETURNING id`,
    [userId, method, JSON.stringify(details), amountPaise],
  );
  return (await findWithdrawal(q, r.rows[0]?.id as string)) as WithdrawalRow;
}

export async function findWithdrawal(q: Queryable, id: string, lock = false): Promise<WithdrawalRow | null> {
  if (lock) await q.query('SELECT id FROM withdrawals WHERE id = $1 FOR UPDATE', [id]);
  const r = await q.query<WithdrawalRow>(`${SELECT} WHERE w.id = $1`, [id]);
  return r.rows[0] ?? null;
}

/**
 * Several withdrawals by id; with `lock`, each row locked first in id order (one statement, so two
 * batches over the same withdrawals queue behind each other instead of deadlocking).
 */
export async function findWithdrawals(q: Queryable, ids: string[], lock = false): Promise<WithdrawalRow[]> {
  if (ids.length === 0) return [];
  if (lock)
    await q.query('SELECT id FROM withdrawals WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
  const r = await q.query<WithdrawalRow>(`${SELECT} WHERE w.id = ANY($1::uuid[])`, [ids]);
  return r.rows;
}

/**
 * Moves a pending withdrawal to its final state, only if it is still pending (the row lock taken
 * by `findWithdrawal(.., true)` makes the second of two racing decisions see the first's answer).
 * Returns false when it was no longer pending. `adminId` is null for the player's own cancel.
 * Approval stamps `paid_at` and keeps `utr` (else the UTR a first approval named); a rejection or
 * cancel clears any UTR named while it waited.
 */
export async function setWithdrawalStatus(
  q: Queryable,
  id: string,
  status: Exclude<WithdrawalStatus, 'pending'>,
  adminId: string | null,
  note: string | null = null,
  utr: string | null = null,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE withdrawals SET status = $2, decided_by = $3, note = $4, decided_at = now(), updated_at = now(),
            paid_at = CASE WHEN $2 = 'approved' THEN now() END,
            payout_utr = CASE WHEN $2 = 'approved' THEN coalesce($5, payout_utr) END
      WHERE id = $1 AND status = 'pending' RETURNING id`,
    [id, status, adminId, note, utr],
  );
  return r.rows.length === 1;
}

export async function listWithdrawals(
  q: Queryable,
  f: { userId?: string; status?: string },
  limit: number,
  offset: number,
): Promise<{ rows: WithdrawalRow[]; total: number }> {
  const params: unknown[] = [];
  const parts: string[] = [];
  if (f.userId) {
    params.push(f.userId);
    parts.push(`w.user_id = $${params.length}`);
  }
  if (f.status) {
    params.push(f.status);
    parts.push(`w.status = $${params.length}`);
  }
  const where = parts.length ? `WHERE ${parts.join(' AND ')}` : '';
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM withdrawals w ${where}`,
    params,
  );
  const rows = await q.query<WithdrawalRow>(
    `${SELECT} ${where} ORDER BY w.created_at DESC, w.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
