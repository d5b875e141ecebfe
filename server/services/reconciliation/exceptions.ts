import type { ReconciliationException } from '../../../src/contracts/bank-statements';
import { paiseToPoints } from '../../../src/domain/money';
import {
  type ExceptionRow,
  findException,
  listExceptions,
  resolveException,
} from '../../db/repositories/reconciliation';
import type { Db, Queryable } from '../../db/types';
import { conflict, notFound } from '../errors';

// GET /admin/reconciliation/exceptions and the owner's resolve (docs/api.md "Bank statements").

export function presentException(e: ExceptionRow): ReconciliationException {
  return {
    _id: e.id,
    kind: e.kind as ReconciliationException['kind'],
    amount: paiseToPoints(Number(e.amount_paise)),
    ...(e.utr ? { utr: e.utr } : {}),
    ...(e.fund_request_id ? { fundId: e.fund_request_id } : {}),
    ...(e.withdrawal_id ? { withdrawalId: e.withdrawal_id } : {}),
    ...(e.notification_id ? { notificationId: e.notification_id } : {}),
    ...(e.statement_row_id ? { statementRowId: e.statement_row_id } : {}),
    detail: e.detail,
    day: e.day,
    since: e.since.toISOString(),
    status: e.status,
    ...(e.resolved_at ? { resolvedAt: e.resolved_at.toISOString() } : {}),
    ...(e.closed_by ? { closedBy: e.closed_by } : {}),
    ...(e.resolved_by_name ? { resolvedBy: e.resolved_by_name } : {}),
    ...(e.note ? { note: e.note } : {}),
  };
}

export async function reconciliationExceptions(
  q: Queryable,
  status: 'open' | 'resolved',
  limit: number,
  offset: number,
) {
  const { rows, total } = await listExceptions(q, status, limit, offset);
  return { rows: rows.map(presentException), total };
}

export async function reconciliationException(q: Queryable, id: string) {
  const e = await findException(q, id);
  if (!e) throw notFound('Exception');
  return presentException(e);
}

/**
 * POST /admin/reconciliation/exceptions/{id}/resolve (owner; the router audits it): closes an open
 * exception with what the owner found. One already closed answers 409.
 */
export async function resolveReconciliationException(
  db: Db,
  id: string,
  adminId: string,
  note: string,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const e = await findException(tx, id, true);
    if (!e) throw notFound('Exception');
    if (e.status !== 'open' || !(await resolveException(tx, id, adminId, note, now))) {
      throw conflict('This exception is already closed');
    }
    return presentException((await findException(tx, id)) as ExceptionRow);
  });
}
