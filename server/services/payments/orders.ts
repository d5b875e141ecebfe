import { findOrder } from '../../db/repositories/funds';
import {
  claimDueOrders,
  findGatewayOrder,
  type GatewayOrderRow,
  lockGatewayOrder,
  postponeCheck,
  setOrderUtr,
} from '../../db/repositories/payments';
import type { Deps } from '../../deps';
import { conflict, notFound, unprocessable } from '../errors';
import { applyGatewayOrder, expireLocalOrder, nextCheckDelayMs, type Outcome } from './gateway-state';
import { GatewayError, type GatewayState, MINUTE } from './provider';
import { providerOfOrder } from './registry';
import { UTR_TAKEN } from './upi';

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
  const order = await findOrder(deps.db, orderId);
  return order && order.user_id === userId ? order : null;
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
export async function submitUtr(
  deps: Pick<Deps, 'db' | 'env'>,
  userId: string,
  orderId: string,
  utr: string,
  now: Date,
) {
  const { db, env } = deps;
  return db.transaction(async (tx) => {
    const order = await lockGatewayOrder(tx, orderId);
    if (!order || order.user_id !== userId) throw notFound('Order');
    if (!providerOfOrder(env, order.provider).takesUtr)
      throw unprocessable('This order is not a UPI payment');
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
