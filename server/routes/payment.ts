import type { Context } from 'hono';
import { paiseToPoints } from '../../src/domain/money';
import { findOrder, recordPaymentEvent } from '../db/repositories/funds';
import { player } from '../http/auth';
import { assertCleanInput } from '../http/clean-input';
import { failBody } from '../http/envelope';
import { createRouter } from '../http/router';
import type { AppEnv } from '../http/types';
import { settleOrder } from '../services/funds';
import { CHECKOUT_CSP, checkoutPage } from '../services/payments-page';
import { verifyWebhookSignature } from '../services/payments-signature';

const ORDER_RE = /^[A-Z0-9]{6,64}$/;

/**
 * The sandbox checkout and its Pay/Fail buttons exist only with PAYMENT_PROVIDER=sandbox: with a
 * real provider those paths answer 404 and change nothing, so no deployment carries a free-money
 * button (and production refuses the sandbox at start, see env.ts).
 */
/** The sandbox page has an inline stylesheet and forms, and nothing else: its own tight CSP. */
const checkoutHtml = (c: Context<AppEnv>, html: string, status: 200 | 404 = 200) =>
  c.html(html, status, { 'Content-Security-Policy': CHECKOUT_CSP });

const sandboxOnly = (c: Context<AppEnv>): Response | null =>
  c.get('deps').env.PAYMENT_PROVIDER === 'sandbox' ? null : c.json(failBody('Not found'), 404);

/**
 * The sandbox payment host (api.md "Funds, payment host"): a checkout page whose Pay/Fail forms
 * settle the order on the server, the order status read, and a signed, de-duplicated webhook.
 */
export function paymentRoutes() {
  const r = createRouter('/api/payment', 'Payment host');

  r.get(
    '/checkout/:orderId',
    { summary: 'Sandbox checkout page (HTML)', auth: 'public' },
    async (c, { params }) => {
      const refused = sandboxOnly(c);
      if (refused) return refused;
      const orderId = params.orderId ?? '';
      const order = ORDER_RE.test(orderId) ? await findOrder(c.get('deps').db, orderId) : null;
      if (!order) return checkoutHtml(c, checkoutPage(null), 404);
      return checkoutHtml(
        c,
        checkoutPage({
          orderId: order.order_id,
          amount: paiseToPoints(order.amount_paise),
          status: order.status,
        }),
      );
    },
  );

  const button = (outcome: 'SUCCESS' | 'FAILED') => async (c: Context<AppEnv>, orderId: string) => {
    const refused = sandboxOnly(c);
    if (refused) return refused;
    if (!ORDER_RE.test(orderId)) return checkoutHtml(c, checkoutPage(null), 404);
    const { db } = c.get('deps');
    const order = await findOrder(db, orderId);
    if (!order) return checkoutHtml(c, checkoutPage(null), 404);
    await db.transaction((tx) => settleOrder(tx, orderId, outcome, `sandbox-${outcome.toLowerCase()}`));
    return c.redirect(`/payment/return?order_id=${encodeURIComponent(orderId)}`, 303);
  };
  r.post('/checkout/:orderId/pay', { summary: 'Sandbox: pay the order', auth: 'public' }, (c, { params }) =>
    button('SUCCESS')(c, params.orderId ?? ''),
  );
  r.post('/checkout/:orderId/fail', { summary: 'Sandbox: fail the order', auth: 'public' }, (c, { params }) =>
    button('FAILED')(c, params.orderId ?? ''),
  );

  r.get('/orders/:orderId/status', { summary: 'Own order status', auth: 'player' }, async (c, { params }) => {
    const orderId = params.orderId ?? '';
    const order = ORDER_RE.test(orderId) ? await findOrder(c.get('deps').db, orderId) : null;
    // Another player's order answers like a missing one: order ids are not secrets worth probing.
    if (!order || order.user_id !== player(c).userId) return c.json(failBody('Order ID not found'), 404);
    return c.json({
      status: true,
      message: 'Success',
      order: {
        orderId: order.order_id,
        orderAmount: paiseToPoints(order.amount_paise),
        orderStatus: order.status,
        createdAt: order.created_at.toISOString(),
      },
    });
  });

  r.post(
    '/webhook',
    { summary: 'Signed gateway webhook (HMAC-SHA256 of the raw body, x-signature)', auth: 'public' },
    async (c) => {
      const secret = c.get('deps').env.PAYMENT_WEBHOOK_SECRET;
      if (!secret) return c.json(failBody('Webhook is not configured'), 503);
      const raw = await c.req.text();
      if (!verifyWebhookSignature(raw, c.req.header('x-signature'), secret)) {
        return c.json(failBody('Invalid signature'), 401);
      }
      let event: { id?: unknown; eventId?: unknown; orderId?: unknown; status?: unknown; type?: unknown };
      try {
        event = JSON.parse(raw);
      } catch {
        return c.json(failBody('Malformed JSON body'), 400);
      }
      assertCleanInput(event, 'body');
      const eventId = String(event.eventId ?? event.id ?? '');
      const orderId = String(event.orderId ?? '');
      const status = event.status === 'SUCCESS' || event.status === 'FAILED' ? event.status : null;
      if (!eventId || eventId.length > 200 || !ORDER_RE.test(orderId) || !status) {
        return c.json(failBody('eventId, orderId and status (SUCCESS or FAILED) are required'), 400);
      }
      const { db, env } = c.get('deps');
      const outcome = await db.transaction(async (tx) => {
        const fresh = await recordPaymentEvent(tx, {
          eventId,
          orderId,
          provider: env.PAYMENT_PROVIDER,
          type: String(event.type ?? status),
          payload: event,
        });
        if (!fresh) return 'duplicate';
        const order = await findOrder(tx, orderId);
        if (!order) return 'unknown-order';
        return settleOrder(tx, orderId, status, eventId);
      });
      return c.json({ status: true, message: 'Webhook received', data: { outcome } });
    },
  );
  return r;
}
