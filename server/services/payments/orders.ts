import { paiseToPoints, pointsToPaise } from '../../../src/domain/money';
import { findFund } from '../../db/repositories/funds';
import { lockUtr } from '../../db/repositories/payment-notifications';
import {
  claimDueOrders,
  findGatewayOrder,
  type GatewayOrderRow,
  lockGatewayOrder,
  noteGatewayAnswer,
  postponeCheck,
  setOrderUtr,
} from '../../db/repositories/payments';
import type { Deps } from '../../deps';
import { conflict, notFound, unprocessable } from '../errors';
import { decideFund } from '../money/funds';
import { applyGatewayOrder, expireLocalOrder, nextCheckDelayMs, type Outcome } from './gateway-state';
import { GatewayError, type GatewayState, MINUTE } from './provider';
import { paymentProvider, providerOfOrder } from './registry';
import { UTR_TAKEN } from './upi';
import { creditWaitingMessage } from './upi-notify';

/** The status page asks the gateway at most this often per order. */
const STATUS_PAGE_MIN_GAP_MS = 3_000;

/**
 * Asks the gateway about one pending order (outside any transaction, with the short timeout) and
 * applies the answer. A gateway that fails or does not answer leaves the order as it was. An order
 * of a provider with nobody to ask (sandbox, UPI) expires when its time is up.
 */
export async function reconcileOrder(deps: Pick<Deps, 'db' | 'env' | 'clock'>, order: GatewayOrderRow) {
  const { db, env, clock } = deps;
  const now = await clock.now();
  const provider = providerOfOrder(env, order.provider);
  if (!provider.askGateway) return expireLocalOrder(db, order, now);
  let gateway: GatewayState | null;
  try {
    gateway = await provider.askGateway(order.order_id);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    await postponeCheck(db, order.id, new Date(now.getTime() + nextCheckDelayMs(order.check_attempts)), now);
    return 'pending' as const;
  }
  return db.transaction((tx) => applyGatewayOrder(tx, provider.name, order.order_id, gateway, now));
}

/** The player's status page: a pending gateway order is asked about then and there (throttled). */
export async function refreshForStatusPage(deps: Pick<Deps, 'db' | 'env' | 'clock'>, orderId: string) {
  const order = await findGatewayOrder(deps.db, orderId);
  if (order?.status !== 'PENDING' || !providerOfOrder(deps.env, order.provider).askGateway) return;
  const now = await deps.clock.now();
  if (order.gateway_checked_at && now.getTime() - order.gateway_checked_at.getTime() < STATUS_PAGE_MIN_GAP_MS)
    return;
  await reconcileOrder(deps, order);
}

/**
 * GET /api/payment/orders/{orderId}/status: a pending gateway order is asked about then and there
 * (the webhook may be late), then read. Another player's order is null like a missing one: order ids
 * are not secrets worth probing.
 */
export async function ownOrderStatus(
  deps: Pick<Deps, 'db' | 'env' | 'clock'>,
  orderId: string,
  userId: string,
) {
  await refreshForStatusPage(deps, orderId);
  const order = await findGatewayOrder(deps.db, orderId);
  if (!order || order.user_id !== userId) return null;
  const fund = await findFund(deps.db, order.fund_request_id);
  return presentOrder(order, fund?.note ?? null, await deps.clock.now());
}

/**
 * An order as its player sees it. `waiting`: the server settles it by itself when the payment
 * arrives (an exact-amount order in its window, or one whose UTR the player sent); `cancellable`:
 * still pending with no UTR and no payment.
 */
export function presentOrder(order: GatewayOrderRow, note: string | null, now: Date) {
  const exact = order.reference !== null;
  const open = order.expires_at !== null && order.expires_at.getTime() > now.getTime();
  const pending = order.status === 'PENDING';
  return {
    orderId: order.order_id,
    orderAmount: paiseToPoints(order.amount_paise),
    orderStatus: order.status,
    createdAt: order.created_at.toISOString(),
    ...(order.utr ? { utr: order.utr } : {}),
    ...(exact ? { payAmount: paiseToPoints(order.amount_paise), reference: order.reference as string } : {}),
    ...(pending && order.expires_at ? { payBy: order.expires_at.toISOString() } : {}),
    waiting: pending && exact && (open || order.utr !== null),
    cancellable: pending && !order.utr && order.gateway_status !== 'PAID',
    ...(note ? { reason: note } : {}),
  };
}

export const CANCELLED_BY_YOU = 'Cancelled by you';
export const ORDER_PAID = 'This order is already paid';
export const UTR_SENT_NO_CANCEL =
  'You sent the UTR of a payment for this order: it waits for confirmation and cannot be cancelled';

/**
 * POST /api/payment/orders/{orderId}/cancel: the player's own order that is still pending, with no
 * UTR and no payment, fails (its fund request rejected, "Cancelled by you") and stops counting
 * toward the deposit limit. A payment that arrives for it later is still credited
 * (gateway-state.ts reopensOnPayment). Cancelling a cancelled order again answers it as it is.
 */
export async function cancelOrder(deps: Pick<Deps, 'db' | 'clock'>, userId: string, orderId: string) {
  const now = await deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const order = await lockGatewayOrder(tx, orderId);
    if (!order || order.user_id !== userId) throw notFound('Order');
    if (order.status === 'FAILED' && order.gateway_status === 'CANCELLED') {
      return presentOrder(order, CANCELLED_BY_YOU, now);
    }
    if (order.status === 'SUCCESS') throw conflict(ORDER_PAID);
    if (order.status !== 'PENDING') throw conflict('This order is already closed');
    if (order.utr) throw conflict(UTR_SENT_NO_CANCEL);
    if (order.gateway_status === 'PAID') throw conflict(ORDER_PAID);
    await noteGatewayAnswer(tx, order.id, {
      status: 'CANCELLED',
      amountPaise: null,
      at: now,
      nextCheckAt: null,
    });
    await decideFund(tx, order.fund_request_id, 'rejected', {
      adminId: null,
      providerRef: 'cancelled-by-player',
      note: CANCELLED_BY_YOU,
      silent: true,
    });
    return presentOrder((await findGatewayOrder(tx, orderId)) as GatewayOrderRow, CANCELLED_BY_YOU, now);
  });
}

/** One pass of the reconciliation job: every pending order whose check is due, on any process. */
export async function runReconciliation(deps: Pick<Deps, 'db' | 'env' | 'clock'>, limit = 25) {
  const now = await deps.clock.now();
  const due = await deps.db.transaction((tx) => claimDueOrders(tx, now, 2 * MINUTE, limit));
  const outcomes: Outcome[] = [];
  for (const order of due) outcomes.push(await reconcileOrder(deps, order));
  return outcomes;
}

/**
 * POST /api/payment/orders/{orderId}/utr: the player's own pending UPI order, one UTR per order,
 * ever. With automatic matching, a bank message that already brought this UTR (and matched nothing)
 * credits the order at once when its amount is the order's.
 */
export async function submitUtr(
  deps: Pick<Deps, 'db' | 'env'>,
  userId: string,
  orderId: string,
  utr: string,
  now: Date,
) {
  const { db, env } = deps;
  return db.transaction(async (tx) => {
    // The UTR first, as a message carrying it takes it first: the two never wait on each other.
    await lockUtr(tx, utr);
    const order = await lockGatewayOrder(tx, orderId);
    if (!order || order.user_id !== userId) throw notFound('Order');
    const provider = providerOfOrder(env, order.provider);
    if (!provider.takesUtr) throw unprocessable('This order is not a UPI payment');
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
    const withUtr = (await findGatewayOrder(tx, orderId)) as GatewayOrderRow;
    const autoMax = pointsToPaise(env.UPI_AUTO_MATCH_MAX);
    if (paymentProvider(env).notify && (await creditWaitingMessage(tx, withUtr, now, autoMax))) {
      return (await findGatewayOrder(tx, orderId)) as GatewayOrderRow;
    }
    return withUtr;
  });
}
