import type { Context } from 'hono';
import { z } from 'zod';
import { paiseToPoints } from '../../src/domain/money';
import { findOrder, recordPaymentEvent } from '../db/repositories/funds';
import { findGatewayOrder } from '../db/repositories/payments';
import { player } from '../http/auth';
import { assertCleanInput } from '../http/clean-input';
import { failBody } from '../http/envelope';
import { createRouter } from '../http/router';
import type { AppEnv } from '../http/types';
import { badRequest, notFound } from '../services/errors';
import { settleOrder } from '../services/funds';
import { parseCashfreeEvent, verifyCashfreeWebhook } from '../services/payments/cashfree';
import { applyCashfreeEvent, refreshForStatusPage, submitUtr } from '../services/payments/orders';
import { UTR_MESSAGE, UTR_RE, upiIntent, upiQrSvg } from '../services/payments/upi';
import {
  CASHFREE_CHECKOUT_CSP,
  CHECKOUT_CSP,
  CHECKOUT_SCRIPT,
  cashfreeCheckoutPage,
  checkoutPage,
  UPI_CHECKOUT_CSP,
  upiCheckoutPage,
} from '../services/payments-page';
import { verifyWebhookSignature } from '../services/payments-signature';

const ORDER_RE = /^[A-Z0-9]{6,64}$/;

/**
 * The sandbox checkout and its Pay/Fail buttons exist only with PAYMENT_PROVIDER=sandbox: with a
 * real provider those paths answer 404 and change nothing, so no deployment carries a free-money
 * button (and production refuses the sandbox at start, see env.ts).
 */
/** The sandbox page has an inline stylesheet and forms, and nothing else: its own tight CSP. */
const checkoutHtml = (c: Context<AppEnv>, html: string, status: 200 | 404 = 200, csp = CHECKOUT_CSP) => {
  // c.header replaces the app-wide default the security middleware set before this route ran.
  c.header('Content-Security-Policy', csp);
  return c.html(html, status);
};

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
    {
      summary: 'Checkout page (HTML): sandbox buttons, Cashfree hosted checkout, or UPI intent, QR and UTR',
      auth: 'public',
    },
    async (c, { params }) => {
      const { db, env } = c.get('deps');
      const orderId = params.orderId ?? '';
      const order = ORDER_RE.test(orderId) ? await findGatewayOrder(db, orderId) : null;
      if (!order) return checkoutHtml(c, checkoutPage(null), 404);
      const shown = {
        orderId: order.order_id,
        amount: paiseToPoints(order.amount_paise),
        status: order.status,
      };
      if (order.provider === 'cashfree') {
        const mode = env.CASHFREE_BASE_URL.includes('sandbox') ? 'sandbox' : 'production';
        return checkoutHtml(
          c,
          cashfreeCheckoutPage({ ...shown, session: order.gateway_session }, mode),
          200,
          CASHFREE_CHECKOUT_CSP,
        );
      }
      if (order.provider === 'upi') {
        const payee = { vpa: env.UPI_VPA ?? '', name: env.UPI_PAYEE_NAME ?? '' };
        const intent = upiIntent(payee, order.order_id, order.amount_paise);
        const html = upiCheckoutPage(
          { ...shown, utr: order.utr },
          { intent, qrSvg: await upiQrSvg(intent), payee: `${payee.name} (${payee.vpa})` },
        );
        return checkoutHtml(c, html, 200, UPI_CHECKOUT_CSP);
      }
      // A sandbox order's page exists only while the sandbox is the provider.
      const refused = sandboxOnly(c);
      if (refused) return refused;
      return checkoutHtml(c, checkoutPage(shown));
    },
  );

  r.get(
    '/checkout.js',
    { summary: "The checkout pages' script (Cashfree SDK, UPI UTR form)", auth: 'public' },
    (c) => {
      c.header('Cache-Control', 'public, max-age=300');
      return c.body(CHECKOUT_SCRIPT, 200, { 'content-type': 'text/javascript; charset=utf-8' });
    },
  );

  r.post(
    '/orders/:orderId/utr',
    {
      summary: 'UPI: record the UTR of the payment for an own pending order',
      auth: 'player',
      body: UtrBodySchema,
    },
    async (c, { params, body }) => {
      const orderId = params.orderId ?? '';
      if (!ORDER_RE.test(orderId)) throw notFound('Order');
      const { db, clock } = c.get('deps');
      const order = await submitUtr(db, player(c).userId, orderId, body.utr, await clock.now());
      return c.json({
        status: true,
        message: 'UTR received',
        data: { orderId: order.order_id, utr: order.utr },
      });
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
    const valid = ORDER_RE.test(orderId);
    // A pending Cashfree order is asked about at the gateway then and there (the webhook may be late).
    if (valid) await refreshForStatusPage(c.get('deps'), orderId);
    const order = valid ? await findOrder(c.get('deps').db, orderId) : null;
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
        ...(order.utr ? { utr: order.utr } : {}),
      },
    });
  });

  r.post(
    '/webhook',
    {
      summary:
        'Gateway webhook: Cashfree (x-webhook-signature over x-webhook-timestamp + raw body) or the sandbox generic one (x-signature)',
      auth: 'public',
    },
    async (c) => {
      const { env } = c.get('deps');
      if (env.PAYMENT_PROVIDER === 'cashfree') return cashfreeWebhook(c);
      if (env.PAYMENT_PROVIDER !== 'sandbox') return c.json(failBody('Not found'), 404);
      return genericWebhook(c);
    },
  );
  return r;
}

const UtrBodySchema = z.object({
  utr: z.string({ error: UTR_MESSAGE }).trim().regex(UTR_RE, UTR_MESSAGE),
});

/** Cashfree's payment webhook, verified exactly as documented before anything is read from it. */
async function cashfreeWebhook(c: Context<AppEnv>) {
  const { db, env, clock } = c.get('deps');
  const raw = await c.req.text();
  const now = await clock.now();
  const verdict = verifyCashfreeWebhook(
    raw,
    { signature: c.req.header('x-webhook-signature'), timestamp: c.req.header('x-webhook-timestamp') },
    env.CASHFREE_SECRET_KEY ?? '',
    now,
  );
  if (verdict === 'bad-signature') return c.json(failBody('Invalid signature'), 401);
  if (verdict === 'stale') return c.json(failBody('Stale webhook timestamp'), 401);
  let payload: unknown;
  try {
    payload = JSON.parse(raw);
  } catch {
    return c.json(failBody('Malformed JSON body'), 400);
  }
  assertCleanInput(payload, 'body');
  const event = parseCashfreeEvent(payload);
  // Other event kinds (refunds, settlements) are acknowledged and ignored.
  if (!event) return c.json({ status: true, message: 'Webhook received', data: { outcome: 'ignored' } });
  if (!ORDER_RE.test(event.orderId) || event.paymentId.length > 64) throw badRequest('Unknown order id');
  const outcome = await db.transaction((tx) => applyCashfreeEvent(tx, event, payload, now));
  return c.json({ status: true, message: 'Webhook received', data: { outcome } });
}

/** The sandbox provider's generic signed webhook (HMAC-SHA256 hex of the raw body in x-signature). */
async function genericWebhook(c: Context<AppEnv>) {
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
}
