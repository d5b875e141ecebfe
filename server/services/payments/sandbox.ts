import { findOrder, recordPaymentEvent } from '../../db/repositories/funds';
import type { Env } from '../../env';
import { settleOrder } from '../money/funds';
import { CHECKOUT_CSP, checkoutPage } from './pages';
import { checkoutOrderOf, expiringSchedule, moneyMismatch, ORDER_RE, type PaymentProvider } from './provider';
import { verifyWebhookSignature } from './signature';

const NAME = 'sandbox';

/**
 * The sandbox gateway (PAYMENT_PROVIDER=sandbox, the default outside production): a checkout page
 * whose Pay and Fail buttons settle the order on this server, and a generic signed webhook
 * (HMAC-SHA256 hex of the raw body in x-signature, PAYMENT_WEBHOOK_SECRET). Its page and buttons
 * exist only while it is the provider the server runs with, so no deployment carries a free-money
 * button (and production refuses the sandbox at start, see env.ts).
 */
export function sandboxProvider(env: Env): PaymentProvider {
  return {
    name: NAME,
    takesUtr: false,
    schedule: (now) => expiringSchedule(env, now),
    async checkout(order, active) {
      if (!active) return null;
      return { html: checkoutPage(checkoutOrderOf(order)), csp: CHECKOUT_CSP };
    },
    async simulate(db, orderId, outcome) {
      if (!(await findOrder(db, orderId))) return 'no-order';
      await db.transaction((tx) => settleOrder(tx, orderId, outcome, `${NAME}-${outcome.toLowerCase()}`));
      return 'settled';
    },
    webhook: {
      configured: Boolean(env.PAYMENT_WEBHOOK_SECRET),
      verify: (raw, header) =>
        verifyWebhookSignature(raw, header('x-signature'), env.PAYMENT_WEBHOOK_SECRET ?? '')
          ? 'ok'
          : 'bad-signature',
      read(payload) {
        const event = payload as {
          id?: unknown;
          eventId?: unknown;
          orderId?: unknown;
          status?: unknown;
          type?: unknown;
        };
        const eventId = String(event.eventId ?? event.id ?? '');
        const orderId = String(event.orderId ?? '');
        const status = event.status === 'SUCCESS' || event.status === 'FAILED' ? event.status : null;
        if (!eventId || eventId.length > 200 || !ORDER_RE.test(orderId) || !status) return 'incomplete';
        return {
          async apply(tx) {
            const fresh = await recordPaymentEvent(tx, {
              eventId,
              orderId,
              provider: NAME,
              type: String(event.type ?? status),
              payload: event,
            });
            if (!fresh) return 'duplicate';
            if (!(await findOrder(tx, orderId))) return 'unknown-order';
            return settleOrder(tx, orderId, status, eventId);
          },
        };
      },
    },
    mustReview: moneyMismatch,
  };
}
