import { recordPaymentEvent } from '../../db/repositories/funds';
import { lockGatewayOrder } from '../../db/repositories/payments';
import type { Queryable } from '../../db/types';
import type { Env } from '../../env';
import { badRequest } from '../errors';
import {
  type CashfreeConfig,
  type CashfreePaymentEvent,
  createCashfreeOrder,
  fetchCashfreeOrder,
  parseCashfreeEvent,
  verifyCashfreeWebhook,
} from './cashfree-api';
import { creditIfMatching, reopensOnPayment } from './gateway-state';
import { CASHFREE_CHECKOUT_CSP, cashfreeCheckoutPage } from './pages';
import { checkoutOrderOf, MINUTE, moneyMismatch, ORDER_RE, type PaymentProvider } from './provider';

const NAME = 'cashfree';

export function cashfreeConfig(env: Env): CashfreeConfig {
  return {
    appId: env.CASHFREE_APP_ID ?? '',
    secretKey: env.CASHFREE_SECRET_KEY ?? '',
    baseUrl: env.CASHFREE_BASE_URL,
    timeoutMs: env.PAYMENT_HTTP_TIMEOUT_MS,
  };
}

/**
 * Cashfree Payment Gateway (PAYMENT_PROVIDER=cashfree): the order is opened at the gateway first,
 * the player pays on its hosted checkout, a signed webhook or our question to the gateway (status
 * page, reconciliation job) credits it. Its HTTP API is in cashfree-api.ts.
 */
export function cashfreeProvider(env: Env): PaymentProvider {
  const cfg = cashfreeConfig(env);
  const base = (env.PUBLIC_URL ?? '').replace(/\/$/, '');
  return {
    name: NAME,
    takesUtr: false,
    schedule: (now) => ({
      expiresAt: new Date(now.getTime() + env.CASHFREE_ORDER_TTL_MINUTES * MINUTE),
      firstCheckAt: new Date(now.getTime() + env.PAYMENT_RECONCILE_AFTER_SECONDS * 1000),
    }),
    async open(o) {
      const created = await createCashfreeOrder(cfg, {
        orderId: o.orderId,
        amountPaise: o.amountPaise,
        customerId: o.userId,
        phone: o.phone,
        // Cashfree puts the order id in place of {order_id}.
        returnUrl: `${base}/payment/return?order_id={order_id}`,
        notifyUrl: `${base}/api/payment/webhook`,
        expiresAt: o.expiresAt,
      });
      return created.paymentSessionId as string;
    },
    async checkout(order) {
      const mode = env.CASHFREE_BASE_URL.includes('sandbox') ? 'sandbox' : 'production';
      const shown = { ...checkoutOrderOf(order), session: order.gateway_session };
      return { html: cashfreeCheckoutPage(shown, mode), csp: CASHFREE_CHECKOUT_CSP };
    },
    webhook: {
      // env.ts refuses to start Cashfree without CASHFREE_SECRET_KEY.
      configured: true,
      verify: (raw, header, now) =>
        verifyCashfreeWebhook(
          raw,
          { signature: header('x-webhook-signature'), timestamp: header('x-webhook-timestamp') },
          env.CASHFREE_SECRET_KEY ?? '',
          now,
        ),
      read(payload) {
        const event = parseCashfreeEvent(payload);
        // Other event kinds (refunds, settlements) are acknowledged and ignored.
        if (!event) return 'ignored';
        if (!ORDER_RE.test(event.orderId) || event.paymentId.length > 64)
          throw badRequest('Unknown order id');
        return { apply: (tx, now) => applyCashfreeEvent(tx, event, payload, now) };
      },
    },
    askGateway: (orderId) => fetchCashfreeOrder(cfg, orderId),
    mustReview: moneyMismatch,
  };
}

/**
 * A signed Cashfree payment webhook, de-duplicated by the gateway's payment id (and status). Only
 * SUCCESS is final (a failed or dropped attempt may be followed by a paid one on the same order);
 * it credits exactly once and only when amount and currency equal the order's.
 */
async function applyCashfreeEvent(tx: Queryable, e: CashfreePaymentEvent, payload: unknown, now: Date) {
  const fresh = await recordPaymentEvent(tx, {
    eventId: `${NAME}:${e.paymentId}:${e.paymentStatus}`,
    orderId: e.orderId,
    provider: NAME,
    type: e.type,
    payload,
  });
  if (!fresh) return 'duplicate';
  const order = await lockGatewayOrder(tx, e.orderId);
  if (!order) return 'unknown-order';
  if (e.paymentStatus !== 'SUCCESS') return 'noted';
  if (order.status !== 'PENDING' && !reopensOnPayment(order)) return 'unchanged';
  return creditIfMatching(tx, order, e, { at: now, ref: `${NAME}-payment-${e.paymentId}` });
}
