import type { OperatorRole } from '../../../src/contracts/operators';
import type { Queryable } from '../types';
import type { OperatorRow } from './admins';

/**
 * Operator changes waiting for a second owner (migration 016): a new operator, a raise to owner,
 * a switch back on, another operator's password or second factor reset. The approvals themselves
 * are four_eyes_approvals rows (subject 'operator-change'); the rules live in
 * services/operators/changes.ts.
 */
export type OperatorChangeKind = 'create' | 'make-owner' | 'reactivate' | 'reset-password' | 'reset-2fa';

export interface OperatorChangeRow {
  id: string;
  admin_id: string;
  kind: OperatorChangeKind;
  password_hash: string | null;
  requested_by: string;
  requested_by_username: string;
  created_at: Date;
}

const CHANGE = `SELECT c.id, c.admin_id, c.kind, c.password_hash, c.requested_by,
                       r.username AS requested_by_username, c.created_at
                  FROM operator_changes c JOIN admins r ON r.id = c.requested_by`;

/** A new operator that cannot sign in until its creation is approved; null when the name is taken. */
export async function insertWaitingOperator(
  q: Queryable,
  o: { username: string; hash: string; role: OperatorRole },
): Promise<OperatorRow | null> {
  const r = await q.query<OperatorRow>(
    `INSERT INTO admins (username, password_hash, role, is_active) VALUES ($1, $2, $3, false)
     ON CONFLICT (username) DO NOTHING
     RETURNING id, username, role, is_active, totp_enabled_at IS NOT NULL AS two_factor, created_at`,
    [o.username, o.hash, o.role],
  );
  return r.rows[0] ?? null;
}

/** Records a waiting change; null when another change of that operator is waiting already. */
export async function insertOperatorChange(
  q: Queryable,
  c: { adminId: string; kind: OperatorChangeKind; passwordHash: string | null; requestedBy: string },
): Promise<string | null> {
  const r = await q.query<{ id: string }>(
    `INSERT INTO operator_changes (admin_id, kind, password_hash, requested_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (admin_id) WHERE status = 'pending' DO NOTHING
     RETURNING id`,
    [c.adminId, c.kind, c.passwordHash, c.requestedBy],
  );
  return r.rows[0]?.id ?? null;
}

/** The change waiting for an operator, locked when `lock` (the approvals queue behind it). */
export async function findWaitingChange(
  q: Queryable,
  adminId: string,
  lock = false,
): Promise<OperatorChangeRow | null> {
  if (lock) {
    await q.query(`SELECT id FROM operator_changes WHERE admin_id = $1 AND status = 'pending' FOR UPDATE`, [
      adminId,
    ]);
  }
  const r = await q.query<OperatorChangeRow>(`${CHANGE} WHERE c.admin_id = $1 AND c.status = 'pending'`, [
    adminId,
  ]);
  return r.rows[0] ?? null;
}

/** Every waiting change, oldest first (the console's "waiting for a second owner"). */
export async function listWaitingChanges(q: Queryable): Promise<OperatorChangeRow[]> {
  const r = await q.query<OperatorChangeRow>(
    `${CHANGE} WHERE c.status = 'pending' ORDER BY c.created_at, c.id`,
  );
  return r.rows;
}

/** Closes a waiting change as applied or rejected: true once. */
export async function decideChange(
  q: Queryable,
  id: string,
  status: 'applied' | 'rejected',
  decidedBy: string,
): Promise<boolean> {
  const r = await q.query(
    `UPDATE operator_changes SET status = $2, decided_by = $3, decided_at = now()
      WHERE id = $1 AND status = 'pending'`,
    [id, status, decidedBy],
  );
  return r.rowCount > 0;
}

/**
 * The shell switched an operator on (`npm run admin -- create-admin`): a waiting creation or switch
 * on of that operator is done, by nobody in the console.
 */
export async function closeWaitingActivation(q: Queryable, username: string): Promise<void> {
  await q.query(
    `UPDATE operator_changes SET status = 'applied', decided_at = now()
      WHERE status = 'pending' AND kind IN ('create', 'reactivate')
        AND admin_id = (SELECT id FROM admins WHERE username = $1)`,
    [username],
  );
}
