import type { Context } from 'hono';
import { NotifyAnswerSchema, PaymentOrderSchema, UtrBodySchema } from '../../src/contracts/funds';
import { isLang, type Lang } from '../../src/i18n/languages';
import type { Env } from '../env';
import { player } from '../http/auth';
import { assertCleanInput, storable } from '../http/clean-input';
import { failBody, ok } from '../http/envelope';
import { createRouter } from '../http/router';
import type { AppEnv } from '../http/types';
import { WindowLimit } from '../http/window-limit';
import { askedLanguage } from '../i18n/request-language';
import { notFound } from '../services/errors';
import {
  applyWebhook,
  checkoutFor,
  pressSandboxButton,
  verifyWebhook,
  webhookClosed,
} from '../services/payments/host';
import { readForwardedBody } from '../services/payments/notify-body';
import { cancelOrder, ownOrderStatus, submitUtr } from '../services/payments/orders';
import { CHECKOUT_CSP, CHECKOUT_SCRIPT, checkoutPage } from '../services/payments/pages';
import { ORDER_RE } from '../services/payments/provider';
import { notifySecretMatches, receiveNotification } from '../services/payments/upi-notify';

/** Each checkout page carries its own tight CSP (the sandbox's: an inline stylesheet and forms only). */
const checkoutHtml = (c: Context<AppEnv>, html: string, status: 200 | 404 = 200, csp = CHECKOUT_CSP) => {
  // c.header replaces the app-wide default the security middleware set before this route ran.
  c.header('Content-Security-Policy', csp);
  return c.html(html, status);
};

const notHere = (c: Context<AppEnv>) => c.json(failBody('Not found'), 404);

export const NOTIFY_TOO_MANY = 'Too many messages from this address. Please slow down.';
/** The forwarder endpoint's per-address limit, one counter set per server (Env). */
const notifyWindows = new WeakMap<Env, WindowLimit>();
function notifyLimits(env: Env): WindowLimit {
  let limit = notifyWindows.get(env);
  if (!limit) {
    limit = new WindowLimit(60_000);
    notifyWindows.set(env, limit);
  }
  return limit;
}

/** Why a webhook is refused before its body is read, as the gateway is told. */
const WEBHOOK_REFUSALS = {
  absent: [404, 'Not found'],
  'not-configured': [503, 'Webhook is not configured'],
  'bad-signature': [401, 'Invalid signature'],
  stale: [401, 'Stale webhook timestamp'],
} as const;

/**
 * The payment host (docs/api.md "Funds, payment host"): the checkout page of every provider, the sandbox's
 * Pay/Fail buttons (404 under a real provider), the order status read, the UPI UTR and the gateway's
 * signed, de-duplicated webhook. What each provider does is in server/services/payments/.
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
      const orderId = params.orderId ?? '';
      // The app names its language (?lang=); a browser opening the link says what it prefers.
      const named = new URL(c.req.url).searchParams.get('lang');
      const lang: Lang = isLang(named) ? named : (askedLanguage(c) ?? 'en');
      const page = await checkoutFor(c.get('deps'), ORDER_RE.test(orderId) ? orderId : null, lang);
      if (!page) return notHere(c);
      return checkoutHtml(c, page.html, page.found ? 200 : 404, page.csp);
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
      const deps = c.get('deps');
      const order = await submitUtr(deps, player(c).userId, orderId, body.utr, await deps.clock.now());
      return c.json({
        status: true,
        message: 'UTR received',
        data: { orderId: order.order_id, utr: order.utr },
      });
    },
  );

  const button = (outcome: 'SUCCESS' | 'FAILED') => async (c: Context<AppEnv>, orderId: string) => {
    const done = await pressSandboxButton(c.get('deps'), ORDER_RE.test(orderId) ? orderId : null, outcome);
    if (done === 'disabled') return notHere(c);
    if (done === 'no-order') return checkoutHtml(c, checkoutPage(null), 404);
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
    const order = ORDER_RE.test(orderId)
      ? await ownOrderStatus(c.get('deps'), orderId, player(c).userId)
      : null;
    if (!order) return c.json(failBody('Order ID not found'), 404);
    return c.json({ status: true, message: 'Success', order });
  });

  r.post(
    '/orders/:orderId/cancel',
    {
      summary: 'Cancel an own order that is still pending, with no UTR and no payment',
      auth: 'player',
      response: PaymentOrderSchema,
    },
    async (c, { params }) => {
      const orderId = params.orderId ?? '';
      if (!ORDER_RE.test(orderId)) throw notFound('Order');
      const order = await cancelOrder(c.get('deps'), player(c).userId, orderId);
      return ok(c, order, 'Order cancelled');
    },
  );

  r.post(
    '/notify/:secret',
    {
      summary:
        "Payment messages forwarded from the payee's phone (SMS to URL forwarder, SMS Gateway for Android sms:received, or text/plain with ?from=): 404 unless the secret is PAYMENT_NOTIFY_SECRET",
      auth: 'public',
      response: NotifyAnswerSchema,
    },
    async (c, { params }) => {
      const deps = c.get('deps');
      const { env } = deps;
      // Counted in this process's memory, right or wrong secret: no database write per message.
      const now = (await deps.clock.now()).getTime();
      notifyLimits(env).hit(
        c.get('clientAddress'),
        env.LIMIT_PAYMENT_NOTIFY_PER_ADDRESS_MINUTE,
        NOTIFY_TOO_MANY,
        now,
      );
      // A wrong secret is a plain 404 that reads and stores nothing (the logs never show the path's secret).
      if (!notifySecretMatches(env, params.secret ?? '')) return notHere(c);
      const tooLarge = () => c.json(failBody('Request body is too large'), 413);
      const declared = c.req.header('content-length');
      if (declared && /^\d+$/.test(declared) && Number(declared) > env.UPI_NOTIFY_MAX_BYTES)
        return tooLarge();
      const raw = await c.req.text();
      if (Buffer.byteLength(raw) > env.UPI_NOTIFY_MAX_BYTES) return tooLarge();
      const message = readForwardedBody(
        storable(raw) as string,
        c.req.header('content-type'),
        new URL(c.req.url).searchParams.get('from') ?? undefined,
      );
      if (message === 'not-a-message') return c.json({ status: true, message: 'Ignored', data: null });
      const stored = await receiveNotification(deps, message);
      return c.json({
        status: true,
        message: 'Received',
        data: { _id: stored.id, outcome: stored.outcome, reason: stored.reason },
      });
    },
  );

  r.post(
    '/webhook',
    {
      summary:
        'Gateway webhook: Cashfree (x-webhook-signature over x-webhook-timestamp + raw body) or the sandbox generic one (x-signature)',
      auth: 'public',
    },
    async (c) => {
      const deps = c.get('deps');
      const closed = webhookClosed(deps.env);
      if (closed) return c.json(failBody(WEBHOOK_REFUSALS[closed][1]), WEBHOOK_REFUSALS[closed][0]);
      const raw = await c.req.text();
      const now = await deps.clock.now();
      // Verified over the raw bytes as received, before anything is read from them.
      const verdict = verifyWebhook(deps.env, raw, (name) => c.req.header(name), now);
      if (verdict !== 'ok') {
        const [status, message] = WEBHOOK_REFUSALS[verdict];
        return c.json(failBody(message), status);
      }
      let payload: unknown;
      try {
        payload = JSON.parse(raw);
      } catch {
        return c.json(failBody('Malformed JSON body'), 400);
      }
      assertCleanInput(payload, 'body');
      const applied = await applyWebhook(deps, payload, now);
      if (applied === 'incomplete') {
        return c.json(failBody('eventId, orderId and status (SUCCESS or FAILED) are required'), 400);
      }
      return c.json({ status: true, message: 'Webhook received', data: applied });
    },
  );
  return r;
}
