import { type GatewayOrderRow, lockGatewayOrder, noteGatewayAnswer } from '../../db/repositories/payments';
import type { Db, Queryable } from '../../db/types';
import { notFound } from '../errors';
import { settleOrder } from '../money/funds';
import { type GatewayState, MINUTE } from './provider';

export type Outcome = 'credited' | 'rejected' | 'unchanged' | 'pending' | 'mismatch';

/** Back-off between two questions to the gateway about one order: 1, 2, 4 ... minutes, at most an hour. */
export function nextCheckDelayMs(attempts: number): number {
  return Math.min(MINUTE * 2 ** Math.min(attempts, 10), 60 * MINUTE);
}
/** An order the gateway has never heard of (its create call was lost) is failed after this long. */
const UNKNOWN_AT_GATEWAY_MS = 30 * MINUTE;

/**
 * Applies the gateway's view of an order (its order read) in one transaction. PAID credits exactly
 * once, and only when the amount and currency equal the order's (otherwise the order waits for an
 * operator and shows in the reconciliation report); EXPIRED and TERMINATED fail it; anything else
 * asks again later with back-off. `gateway` null: the gateway has no such order. `provider` names
 * the gateway in the order's provider_ref.
 */
export async function applyGatewayOrder(
  tx: Queryable,
  provider: string,
  orderId: string,
  gateway: GatewayState | null,
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
    return creditIfMatching(tx, order, gateway, { at: now, attempts, ref: `${provider}-order-paid` });
  }
  if (gateway.status === 'EXPIRED' || gateway.status === 'TERMINATED') {
    await noteGatewayAnswer(tx, order.id, {
      status: gateway.status,
      amountPaise: null,
      at: now,
      nextCheckAt: null,
      attempts,
    });
    return settleOrder(tx, orderId, 'FAILED', `${provider}-${gateway.status.toLowerCase()}`);
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
export async function creditIfMatching(
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
  if (!matches) return 'mismatch';
  return settleOrder(tx, order.order_id, 'SUCCESS', note.ref, { reopen: reopensOnPayment(order) });
}

/**
 * An order the server closed without any payment, because the player cancelled it or its window
 * ended (never one an operator rejected): a payment that arrives for it later is still credited.
 */
export function reopensOnPayment(order: Pick<GatewayOrderRow, 'status' | 'gateway_status'>): boolean {
  return (
    order.status === 'FAILED' && (order.gateway_status === 'CANCELLED' || order.gateway_status === 'EXPIRED')
  );
}

/**
 * An order no gateway can be asked about (sandbox, UPI): past its expiry and without a UTR it
 * becomes failed (its fund request rejected); with a UTR it waits for the operator.
 */
export async function expireLocalOrder(db: Db, order: GatewayOrderRow, now: Date): Promise<Outcome> {
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
