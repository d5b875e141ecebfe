import type { Queryable } from '../types';

export type FourEyesSubject = 'withdrawal' | 'wallet-adjustment' | 'operator-change';

export interface ApprovalRow {
  subject_id: string;
  admin_id: string;
  admin_username: string;
  created_at: Date;
}

export async function listApprovals(
  q: Queryable,
  subject: FourEyesSubject,
  ids: string[],
): Promise<ApprovalRow[]> {
  if (ids.length === 0) return [];
  const r = await q.query<ApprovalRow>(
    `SELECT subject_id, admin_id, admin_username, created_at FROM four_eyes_approvals
      WHERE subject = $1 AND subject_id = ANY($2::uuid[]) ORDER BY created_at, admin_username`,
    [subject, ids],
  );
  return r.rows;
}

/** Records one operator's approval: false when that operator had approved already. */
export async function insertApproval(
  q: Queryable,
  subject: FourEyesSubject,
  id: string,
  who: { adminId: string; username: string },
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO four_eyes_approvals (subject, subject_id, admin_id, admin_username) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [subject, id, who.adminId, who.username],
  );
  return r.rowCount > 0;
}

export interface AdjustmentRow {
  id: string;
  user_id: string;
  type: 'credit' | 'debit';
  amount_paise: number;
  description: string;
  status: 'pending' | 'applied';
  requested_by: string;
  requested_by_username: string;
  applied_by: string | null;
  created_at: Date;
  applied_at: Date | null;
  phone: string;
  name: string;
}

const ADJUSTMENT = `SELECT a.id, a.user_id, a.type, a.amount_paise, a.description, a.status, a.requested_by,
                           o.username AS requested_by_username, a.applied_by, a.created_at, a.applied_at,
                           u.phone, u.name
                      FROM wallet_adjustments a JOIN users u ON u.id = a.user_id JOIN admins o ON o.id = a.requested_by`;

export async function insertAdjustment(
  q: Queryable,
  a: {
    userId: string;
    type: 'credit' | 'debit';
    amountPaise: number;
    description: string;
    requestedBy: string;
  },
): Promise<string> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO wallet_adjustments (user_id, type, amount_paise, description, requested_by)
     VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [a.userId, a.type, a.amountPaise, a.description, a.requestedBy],
  );
  return r.rows[0]?.id as string;
}

export async function findAdjustment(q: Queryable, id: string, lock = false): Promise<AdjustmentRow | null> {
  if (lock) await q.query('SELECT id FROM wallet_adjustments WHERE id = $1 FOR UPDATE', [id]);
  const r = await q.query<AdjustmentRow>(`${ADJUSTMENT} WHERE a.id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function markAdjustmentApplied(q: Queryable, id: string, adminId: string): Promise<void> {
  await q.query(
    `UPDATE wallet_adjustments SET status = 'applied', applied_by = $2, applied_at = now()
      WHERE id = $1 AND status = 'pending'`,
    [id, adminId],
  );
}

export async function listAdjustments(
  q: Queryable,
  status: 'pending' | 'applied' | undefined,
  limit: number,
  offset: number,
): Promise<{ rows: AdjustmentRow[]; total: number }> {
  const where = status ? 'WHERE a.status = $1' : '';
  const args = status ? [status] : [];
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM wallet_adjustments a ${where}`,
    args,
  );
  const rows = await q.query<AdjustmentRow>(
    `${ADJUSTMENT} ${where} ORDER BY a.created_at DESC, a.id LIMIT $${args.length + 1} OFFSET $${args.length + 2}`,
    [...args, limit, offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}
