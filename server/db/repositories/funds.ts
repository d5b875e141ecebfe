import type { Queryable } from '../types';

export interface FundRow {
  id: string;
  user_id: string;
  amount_paise: number;
  status: 'pending' | 'success' | 'rejected';
  created_at: Date;
  order_id: string | null;
  order_status: 'PENDING' | 'SUCCESS' | 'FAILED' | null;
  provider: string | null;
  utr: string | null;
  needs_review: boolean | null;
  /** Why it was decided as it was, when the server says (a player's cancellation). */
  note: string | null;
  phone?: string;
  name?: string;
}

const SELECT = `SELECT f.id, f.user_id, f.amount_paise, f.status, f.created_at, o.order_id, o.status AS order_status,
                       o.provider, o.utr, o.needs_review, f.note,
                       u.phone, u.name
                  FROM fund_requests f LEFT JOIN payment_orders o ON o.fund_request_id = f.id
                  JOIN users u ON u.id = f.user_id`;

export async function insertFundWithOrder(
  q: Queryable,
  userId: string,
  amountPaise: number,
  orderId: string,
  provider: string,
  gateway: {
    session: string | null;
    expiresAt: Date;
    nextCheckAt: Date | null;
    reference?: string | null;
  } = {
    session: null,
    expiresAt: new Date(Date.now() + 86_400_000),
    nextCheckAt: null,
  },
): Promise<FundRow> {
  const f = await q.query<{ id: string }>(
    'INSERT INTO fund_requests (user_id, amount_paise) VALUES ($1, $2) RETURNING id',
    [userId, amountPaise],
  );
  const fundId = f.rows[0]?.id as string;
  await q.query(
    `INSERT INTO payment_orders (order_id, user_id, fund_request_id, amount_paise, provider, gateway_session, expires_at,
                                 next_check_at, reference)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      orderId,
      userId,
      fundId,
      amountPaise,
      provider,
      gateway.session,
      gateway.expiresAt,
      gateway.nextCheckAt,
      gateway.reference ?? null,
    ],
  );
  return (await findFund(q, fundId)) as FundRow;
}

export async function findFund(q: Queryable, id: string, lock = false): Promise<FundRow | null> {
  if (lock) await q.query('SELECT id FROM fund_requests WHERE id = $1 FOR UPDATE', [id]);
  const r = await q.query<FundRow>(`${SELECT} WHERE f.id = $1`, [id]);
  return r.rows[0] ?? null;
}

export async function listFunds(
  q: Queryable,
  f: { userId?: string; status?: string },
  limit: number,
  offset: number,
): Promise<{ rows: FundRow[]; total: number }> {
  const params: unknown[] = [];
  const parts: string[] = [];
  if (f.userId) {
    params.push(f.userId);
    parts.push(`f.user_id = $${params.length}`);
  }
  if (f.status) {
    params.push(f.status);
    parts.push(`f.status = $${params.length}`);
  }
  const where = parts.length ? `WHERE ${parts.join(' AND ')}` : '';
  const total = await q.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM fund_requests f ${where}`,
    params,
  );
  const rows = await q.query<FundRow>(
    `${SELECT} ${where} ORDER BY f.created_at DESC, f.id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  return { rows: rows.rows, total: total.rows[0]?.n ?? 0 };
}

export interface OrderRow {
  id: string;
  order_id: string;
  user_id: string;
  fund_request_id: string;
  amount_paise: number;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  created_at: Date;
  utr: string | null;
}

export async function findOrder(q: Queryable, orderId: string, lock = false): Promise<OrderRow | null> {
  const r = await q.query<OrderRow>(
    `SELECT id, order_id, user_id, fund_request_id, amount_paise, status, created_at, utr FROM payment_orders
      WHERE order_id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [orderId],
  );
  return r.rows[0] ?? null;
}

export async function setOrderStatus(
  q: Queryable,
  id: string,
  status: 'SUCCESS' | 'FAILED',
  providerRef: string | null,
) {
  await q.query(
    `UPDATE payment_orders SET status = $2, provider_ref = COALESCE($3, provider_ref), completed_at = now(), updated_at = now()
      WHERE id = $1`,
    [id, status, providerRef],
  );
}

export async function setFundStatus(
  q: Queryable,
  id: string,
  status: 'success' | 'rejected',
  adminId: string | null,
  note: string | null = null,
) {
  await q.query(
    `UPDATE fund_requests SET status = $2, decided_by = $3, decided_at = now(), updated_at = now(), note = COALESCE($4, note)
      WHERE id = $1`,
    [id, status, adminId, note],
  );
}

/** A request credited with another amount than it asked for (what the payment really was). */
export async function setFundAmount(q: Queryable, id: string, amountPaise: number) {
  await q.query('UPDATE fund_requests SET amount_paise = $2, updated_at = now() WHERE id = $1', [
    id,
    amountPaise,
  ]);
}

/** Stores a gateway event once; false when its id was seen before. */
export async function recordPaymentEvent(
  q: Queryable,
  e: { eventId: string; orderId: string | null; provider: string; type: string; payload: unknown },
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO payment_events (event_id, order_id, provider, type, payload) VALUES ($1, $2, $3, $4, $5::jsonb)
     ON CONFLICT (event_id) DO NOTHING RETURNING 1`,
    [e.eventId, e.orderId, e.provider, e.type, JSON.stringify(e.payload)],
  );
  return r.rows.length > 0;
}

/**
 * SQL: the pending fund request `f` is one nobody can pay any more: its order's window ended and
 * the player sent no UTR (the reconciliation job fails it soon). Such a request no longer counts
 * toward the deposit limits or the pending-order cap. `now` is the parameter holding the instant.
 */
export function lapsedOrder(f: string, now: string): string {
  return `EXISTS (SELECT 1 FROM payment_orders lo WHERE lo.fund_request_id = ${f}.id AND lo.status = 'PENDING'
                    AND lo.utr IS NULL AND lo.expires_at <= ${now})`;
}

/** A player's pending fund requests of the last 24 hours that can still be paid. */
export async function countRecentPendingFunds(q: Queryable, userId: string, now: Date): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM fund_requests f
      WHERE f.user_id = $1 AND f.status = 'pending' AND f.created_at > $2::timestamptz - interval '24 hours'
        AND NOT ${lapsedOrder('f', '$2::timestamptz')}`,
    [userId, now],
  );
  return r.rows[0]?.n ?? 0;
}
