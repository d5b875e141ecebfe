import { recordPaymentEvent } from '../../db/repositories/funds';
import {
  claimDueOrders,
  findGatewayOrder,
  type GatewayOrderRow,
  lockGatewayOrder,
  noteGatewayAnswer,
  setOrderUtr,
} from '../../db/repositories/payments';
import type { Db, Queryable } from '../../db/types';
import type { Deps } from '../../deps';
import type { Env } from '../../env';
import { conflict, notFound, unprocessable } from '../errors';
import { settleOrder } from '../funds';
import {
  type CashfreeConfig,
  type CashfreePaymentEvent,
  createCashfreeOrder,
  fetchCashfreeOrder,
  GatewayError,
  type GatewayOrder,
} from './cashfree';
import { UTR_TAKEN } from './upi';

export const GATEWAY_DOWN =
  'The payment gateway is not answering right now. No money was taken; please try again in a minute.';

const MINUTE = 60_000;
/** Back-off between two questions to the gateway about one order: 1, 2, 4 ... minutes, at most an hour. */
export function nextCheckDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.min(attempts, 10), 60 * MINUTE);
}
/** An order the gateway has never heard of (its create call was lost) is failed after this long. */
const UNKNOWN_AT_GATEWAY_MS = 30 * MINUTE;
/** The status page asks the gateway at most this often per order. */
const STATUS_PAGE_MIN_GAP_MS = 3_000;

export function cashfreeConfig(env: Env): CashfreeConfig {
  return {
    appId: env.CASHFREE_APP_ID ?? '',
    secretKey: env.CASHFREE_SECRET_KEY ?? '',
    baseUrl: env.CASHFREE_BASE_URL,
    timeoutMs: env.PAYMENT_HTTP_TIMEOUT_MS,
  };
}

function publicBase(env: Env): string {
  return (env.PUBLIC_URL ?? '').replace(/\/$/, '');
}

/** When a new order stops being payable and when it is first checked, per provider. */
export function orderSchedule(env: Env, now: Date): { expiresAt: Date; firstCheckAt: Date } {
  if (env.PAYMENT_PROVIDER === 'cashfree') {
    return {
      expiresAt: new Date(now.getTime() + env.CASHFREE_ORDER_TTL_MINUTES * MINUTE),
      firstCheckAt: new Date(now.getTime() + env.PAYMENT_RECONCILE_AFTER_SECONDS * 1000),
    };
  }
  // Sandbox and UPI orders expire unpaid (UPI: without a UTR) after UPI_ORDER_TTL_HOURS.
  const expiresAt = new Date(now.getTime() + env.UPI_ORDER_TTL_HOURS * 60 * MINUTE);
  return { expiresAt, firstCheckAt: expiresAt };
}

/**
 * Opens the order at the gateway before anything is written (POST /user/fund): a gateway that is
 * down or slow costs the player a clear 503 and nothing else. Sandbox and UPI need no call.
 */
export async function openAtGateway(
  env: Env,
  o: { orderId: string; amountPaise: number; userId: string; phone: string; expiresAt: Date },
): Promise<string | null> {
  if (env.PAYMENT_PROVIDER !== 'cashfree') return null;
  const base = publicBase(env);
  const created = await createCashfreeOrder(cashfreeConfig(env), {
    orderId: o.orderId,
    amountPaise: o.amountPaise,
    customerId: o.userId,
    phone: o.phone,
    // Cashfree puts the order id in place of {order_id}.
    returnUrl: `${base}/payment/return?order_id={order_id}`,
    notifyUrl: `${base}/api/payment/webhook`,
    expiresAt: o.expiresAt,
  });
  return created.paymentSessionId;
}

export type Outcome = 'credited' | 'rejected' | 'unchanged' | 'pending' | 'mismatch';

/**
 * Applies the gateway's view of an order (GET /orders/{id}) in one transaction. PAID credits exactly
 * once, and only when the amount and currency equal the order's (otherwise the order waits for an
 * operator and shows in the reconciliation report); EXPIRED and TERMINATED fail it; ACTIVE asks
 * again later with back-off. `gateway` null: the gateway has no such order.
 */
export async function applyGatewayOrder(
  tx: Queryable,
  orderId: string,
  gateway: GatewayOrder | null,
  now: Date,
): Promise<Outcome> {
  const order = await lockGatewayOrder(tx, orderId);
  if (!order) throw notFound('Order');
  if (order.status !== 'PENDING') {
    await noteGatewayAnswer(tx, order.id, {
      status: gateway?.status ?? order.gateway_status ?? 'UNKNOWN',
      amountPaise: null,
      at: now,
      nextCheckAt: null,
    });
    return 'unchanged';
  }
  const later = new Date(now.getTime() + nextCheckDelayMs(order.check_attempts));
  const attempts = order.check_attempts + 1;
  if (!gateway) {
    const lost = now.getTime() - order.created_at.getTime() > UNKNOWN_AT_GATEWAY_MS;
    await noteGatewayAnswer(tx, order.id, {
      status: 'NOT_FOUND',
      amountPaise: null,
      at: now,
      nextCheckAt: lost ? null : later,
      attempts,
    });
    return lost ? settleOrder(tx, orderId, 'FAILED', 'gateway-not-found') : 'pending';
  }
  if (gateway.status === 'PAID') {
    return creditIfMatching(tx, order, gateway, { at: now, attempts, ref: 'cashfree-order-paid' });
  }
  if (gateway.status === 'EXPIRED' || gateway.status === 'TERMINATED') {
    await noteGatewayAnswer(tx, order.id, {
      status: gateway.status,
      amountPaise: null,
      at: now,
      nextCheckAt: null,
      attempts,
    });
    return settleOrder(tx, orderId, 'FAILED', `cashfree-${gateway.status.toLowerCase()}`);
  }
  await noteGatewayAnswer(tx, order.id, {
    status: gateway.status,
    amountPaise: null,
    at: now,
    nextCheckAt: later,
    attempts,
  });
  return 'pending';
}

/**
 * The gateway says an order was paid (its order read or a payment webhook): credit it once when the
 * amount and currency equal the order's; otherwise keep it pending for an operator (needs_review,
 * shown in the reconciliation report) and never credit it by itself.
 */
async function creditIfMatching(
  tx: Queryable,
  order: GatewayOrderRow,
  paid: { amountPaise: number | null; currency: string },
  note: { at: Date; ref: string; attempts?: number },
): Promise<Outcome> {
  const matches = paid.amountPaise === order.amount_paise && paid.currency === order.currency;
  await noteGatewayAnswer(tx, order.id, {
    status: 'PAID',
    amountPaise: paid.amountPaise,
    at: note.at,
    nextCheckAt: null,
    attempts: note.attempts,
    needsReview: !matches,
  });
  return matches ? settleOrder(tx, order.order_id, 'SUCCESS', note.ref) : 'mismatch';
}

/**
 * A signed Cashfree payment webhook, de-duplicated by the gateway's payment id (and status). Only
 * SUCCESS is final (a failed or dropped attempt may be followed by a paid one on the same order);
 * it credits exactly once and only when amount and currency equal the order's.
 */
export async function applyCashfreeEvent(
  tx: Queryable,
  e: CashfreePaymentEvent,
  payload: unknown,
  now: Date,
) {
  const fresh = await recordPaymentEvent(tx, {
    eventId: `cashfree:${e.paymentId}:${e.paymentStatus}`,
    orderId: e.orderId,
    provider: 'cashfree',
    type: e.type,
    payload,
  });
  if (!fresh) return 'duplicate' as const;
  const order = await lockGatewayOrder(tx, e.orderId);
  if (!order) return 'unknown-order' as const;
  if (e.paymentStatus !== 'SUCCESS') return 'noted' as const;
  if (order.status !== 'PENDING') return 'unchanged' as const;
  return creditIfMatching(tx, order, e, { at: now, ref: `cashfree-payment-${e.paymentId}` });
}

/**
 * Asks the gateway about one pending order (outside any transaction, with the short timeout) and
 * applies the answer. A gateway that fails or does not answer leaves the order as it was.
 */
export async function reconcileOrder(deps: Pick<Deps, 'db' | 'env' | 'clock'>, order: GatewayOrderRow) {
  const { db, env, clock } = deps;
  const now = await clock.now();
  if (order.provider !== 'cashfree') return expireLocalOrder(db, order, now);
  let gateway: GatewayOrder | null;
  try {
    gateway = await fetchCashfreeOrder(cashfreeConfig(env), order.order_id);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await db.query(
      `UPDATE payment_orders SET next_check_at = $2, check_attempts = check_attempts + 1, gateway_checked_at = $3
        WHERE id = $1 AND status = 'PENDING'`,
      [order.id, new Date(now.getTime() + nextCheckDelayMs(order.check_attempts)), now],
    );
    return 'pending' as const;
  }
  return db.transaction((tx) => applyGatewayOrder(tx, order.order_id, gateway, now));
}

/** A sandbox or UPI order past its expiry and without a UTR becomes failed (its fund request rejected). */
async function expireLocalOrder(db: Db, order: GatewayOrderRow, now: Date): Promise<Outcome> {
  return db.transaction(async (tx) => {
    const locked = await lockGatewayOrder(tx, order.order_id);
    if (locked?.status !== 'PENDING') return 'unchanged';
    if (locked.utr) {
      await noteGatewayAnswer(tx, locked.id, {
        status: 'UTR_SUBMITTED',
        amountPaise: null,
        at: now,
        nextCheckAt: null,
      });
      return 'pending';
    }
    if (locked.expires_at && locked.expires_at.getTime() > now.getTime()) {
      await noteGatewayAnswer(tx, locked.id, {
        status: 'WAITING',
        amountPaise: null,
        at: now,
        nextCheckAt: locked.expires_at,
      });
      return 'pending';
    }
    await noteGatewayAnswer(tx, locked.id, {
      status: 'EXPIRED',
      amountPaise: null,
      at: now,
      nextCheckAt: null,
    });
    return settleOrder(tx, locked.order_id, 'FAILED', 'expired');
  });
}

/** The player's status page: a pending gateway order is asked about then and there (throttled). */
export async function refreshForStatusPage(deps: Pick<Deps, 'db' | 'env' | 'clock'>, orderId: string) {
  const order = await findGatewayOrder(deps.db, orderId);
  if (order?.status !== 'PENDING' || order.provider !== 'cashfree') return;
  const now = await deps.clock.now();
  if (order.gateway_checked_at && now.getTime() - order.gateway_checked_at.getTime() < STATUS_PAGE_MIN_GAP_MS)
    return;
  await reconcileOrder(deps, order);
}

/** One pass of the reconciliation job: every pending order whose check is due, on any process. */
export async function runReconciliation(deps: Pick<Deps, 'db' | 'env' | 'clock'>, limit = 25) {
  const now = await deps.clock.now();
  const due = await deps.db.transaction((tx) => claimDueOrders(tx, now, 2 * MINUTE, limit));
  const outcomes: Outcome[] = [];
  for (const order of due) outcomes.push(await reconcileOrder(deps, order));
  return outcomes;
}

/** POST /api/payment/orders/{orderId}/utr: the player's own pending UPI order, one UTR per order, ever. */
export async function submitUtr(db: Db, userId: string, orderId: string, utr: string, now: Date) {
  return db.transaction(async (tx) => {
    const order = await lockGatewayOrder(tx, orderId);
    if (!order || order.user_id !== userId) throw notFound('Order');
    if (order.provider !== 'upi') throw unprocessable('This order is not a UPI payment');
    if (order.utr === utr) return order;
    if (order.status !== 'PENDING') throw conflict('This order is already closed');
    if (order.utr) throw conflict('A UTR number was already submitted for this order');
    let saved = false;
    try {
      saved = await setOrderUtr(tx, order.id, utr, now);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
    }
    if (!saved) throw conflict(UTR_TAKEN);
    return (await findGatewayOrder(tx, orderId)) as GatewayOrderRow;
  });
}
