import type { Queryable } from '../types';

/** A payment order with what the gateway said about it (migration 003). */
export interface GatewayOrderRow {
  id: string;
  order_id: string;
  user_id: string;
  fund_request_id: string;
  amount_paise: number;
  currency: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  provider: string;
  gateway_session: string | null;
  gateway_status: string | null;
  gateway_amount_paise: number | null;
  gateway_checked_at: Date | null;
  check_attempts: number;
  expires_at: Date | null;
  needs_review: boolean;
  utr: string | null;
  created_at: Date;
  /** With automatic UPI matching: the short code in the payment note (migration 017). */
  reference: string | null;
}

const COLUMNS = `id, order_id, user_id, fund_request_id, amount_paise, currency, status, provider, gateway_session,
  gateway_status, gateway_amount_paise, gateway_checked_at, check_attempts, expires_at, needs_review, utr, created_at,
  reference`;

export async function findGatewayOrder(q: Queryable, orderId: string): Promise<GatewayOrderRow | null> {
  const r = await q.query<GatewayOrderRow>(`SELECT ${COLUMNS} FROM payment_orders WHERE order_id = $1`, [
    orderId,
  ]);
  return r.rows[0] ?? null;
}

/**
 * Locks an order for a decision the same way decideFund does, fund request first and then the
 * order, so a webhook, the status page and the job never wait on each other in opposite orders.
 */
export async function lockGatewayOrder(q: Queryable, orderId: string): Promise<GatewayOrderRow | null> {
  await q.query(
    `SELECT f.id FROM fund_requests f JOIN payment_orders o ON o.fund_request_id = f.id
      WHERE o.order_id = $1 FOR UPDATE OF f`,
    [orderId],
  );
  const r = await q.query<GatewayOrderRow>(
    `SELECT ${COLUMNS} FROM payment_orders WHERE order_id = $1 FOR UPDATE`,
    [orderId],
  );
  return r.rows[0] ?? null;
}

/**
 * A player's order of one rupee amount that still waits for its payment: pending, no UTR, its
 * window open, of `basePaise` or its exact amounts (`basePaise` + 1..99 paise). The newest first.
 */
export async function openOrderOfAmount(
  q: Queryable,
  o: { userId: string; provider: string; basePaise: number; now: Date },
): Promise<GatewayOrderRow | null> {
  const r = await q.query<GatewayOrderRow>(
    `SELECT ${COLUMNS} FROM payment_orders
      WHERE user_id = $1 AND provider = $2 AND status = 'PENDING' AND utr IS NULL AND expires_at > $4
        AND amount_paise BETWEEN $3::int8 AND $3::int8 + 99
      ORDER BY created_at DESC LIMIT 1`,
    [o.userId, o.provider, o.basePaise, o.now],
  );
  return r.rows[0] ?? null;
}

/** Records the gateway's answer and when to ask again (null: nobody asks). */
export async function noteGatewayAnswer(
  q: Queryable,
  id: string,
  a: {
    status: string;
    amountPaise: number | null;
    at: Date;
    nextCheckAt: Date | null;
    attempts?: number;
    needsReview?: boolean;
  },
) {
  await q.query(
    `UPDATE payment_orders SET gateway_status = $2, gateway_amount_paise = COALESCE($3, gateway_amount_paise),
            gateway_checked_at = $4, next_check_at = $5, check_attempts = COALESCE($6, check_attempts),
            needs_review = needs_review OR $7, updated_at = now()
      WHERE id = $1`,
    [id, a.status, a.amountPaise, a.at, a.nextCheckAt, a.attempts ?? null, a.needsReview ?? false],
  );
}

/**
 * Claims up to `limit` pending orders whose check is due, pushing their next check `leaseMs` ahead
 * so another process skips them meanwhile (a process killed mid-check only delays them by the lease).
 */
export async function claimDueOrders(
  q: Queryable,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<GatewayOrderRow[]> {
  const r = await q.query<GatewayOrderRow>(
    `UPDATE payment_orders SET next_check_at = $2::timestamptz + ($3::int * interval '1 millisecond')
      WHERE id IN (SELECT id FROM payment_orders
                    WHERE status = 'PENDING' AND next_check_at <= $2
                    ORDER BY next_check_at LIMIT $1 FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNS}`,
    [limit, now, leaseMs],
  );
  return r.rows;
}

/** Records a UPI order's UTR; false when another order already has it (unique index). */
export async function setOrderUtr(q: Queryable, id: string, utr: string, at: Date): Promise<boolean> {
  const r = await q.query(
    `UPDATE payment_orders SET utr = $2, utr_at = $3, next_check_at = NULL, updated_at = now()
      WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM payment_orders WHERE utr = $2) RETURNING 1`,
    [id, utr, at],
  );
  return r.rows.length > 0;
}

/** The gateway could not be asked: count the attempt and ask again at `nextCheckAt` (pending orders only). */
export async function postponeCheck(q: Queryable, id: string, nextCheckAt: Date, at: Date) {
  await q.query(
    `UPDATE payment_orders SET next_check_at = $2, check_attempts = check_attempts + 1, gateway_checked_at = $3
      WHERE id = $1 AND status = 'PENDING'`,
    [id, nextCheckAt, at],
  );
}

/** One order of a market day, with what was credited for it (reconciliation report). */
export interface OrderOfDayRow {
  order_id: string;
  provider: string;
  status: 'PENDING' | 'SUCCESS' | 'FAILED';
  amount_paise: number;
  gateway_status: string | null;
  gateway_amount_paise: number | null;
  needs_review: boolean;
  utr: string | null;
  credited_paise: number | null;
}

/** The orders created on `date` in time zone `tz`, oldest first, each with the sum credited for it. */
export async function ordersOfDay(q: Queryable, tz: string, date: string): Promise<OrderOfDayRow[]> {
  const r = await q.query<OrderOfDayRow>(
    `SELECT o.order_id, o.provider, o.status, o.amount_paise, o.gateway_status, o.gateway_amount_paise,
            o.needs_review, o.utr,
            (SELECT sum(l.amount_paise) FROM ledger l WHERE l.kind = 'fund' AND l.ref_id = o.fund_request_id::text)::int8
              AS credited_paise
       FROM payment_orders o
      WHERE (o.created_at AT TIME ZONE $1)::date = $2::date
      ORDER BY o.created_at`,
    [tz, date],
  );
  return r.rows;
}
