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
  phone?: string;
  name?: string;
}

const SELECT = `SELECT f.id, f.user_id, f.amount_paise, f.status, f.created_at, o.order_id, o.status AS order_status,
                       o.provider, o.utr, o.needs_review,
                       u.phone, u.name
                  FROM fund_requests f LEFT JOIN payment_orders o ON o.fund_request_id = f.id
                  JOIN users u ON u.id = f.user_id`;

export async function insertFundWithOrder(
  q: Queryable,
  userId: string,
  amountPaise: number,
  orderId: string,
  provider: string,
  gateway: { session: string | null; expiresAt: Date; nextCheckAt: Date | null } = {
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
    `INSERT INTO payment_orders (order_id, user_id, fund_request_id, amount_paise, provider, gateway_session, expires_at, next_check_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [orderId, userId, fundId, amountPaise, provider, gateway.session, gateway.expiresAt, gateway.nextCheckAt],
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
) {
  await q.query(
    `UPDATE fund_requests SET status = $2, decided_by = $3, decided_at = now(), updated_at = now() WHERE id = $1`,
    [id, status, adminId],
  );
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

/** A player's pending fund requests of the last 24 hours. */
export async function countRecentPendingFunds(q: Queryable, userId: string): Promise<number> {
  const r = await q.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM fund_requests
      WHERE user_id = $1 AND status = 'pending' AND created_at > now() - interval '24 hours'`,
    [userId],
  );
  return r.rows[0]?.n ?? 0;
}
