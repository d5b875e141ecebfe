import { createHmac, timingSafeEqual } from 'node:crypto';
import { GatewayError } from './provider';

/**
 * Cashfree Payment Gateway, as its public API reference documents it (PG "Orders" API and payment
 * webhooks). Every request carries x-client-id, x-client-secret and x-api-version; the base URL is
 * https://api.cashfree.com/pg in production and https://sandbox.cashfree.com/pg for test keys.
 */
export const CASHFREE_API_VERSION = '2025-01-01';
export const CASHFREE_PRODUCTION_BASE = 'https://api.cashfree.com/pg';
export const CASHFREE_SANDBOX_BASE = 'https://sandbox.cashfree.com/pg';
/** A webhook older (or newer) than this is refused: a captured one cannot be replayed later. */
export const WEBHOOK_MAX_SKEW_MS = 5 * 60_000;

export interface CashfreeConfig {
  appId: string;
  secretKey: string;
  baseUrl: string;
  timeoutMs: number;
}

/** The gateway's view of one order (GET /orders/{order_id}). */
export interface GatewayOrder {
  orderId: string;
  /** ACTIVE (payable), PAID, EXPIRED, TERMINATED, TERMINATION_REQUESTED. */
  status: string;
  amountPaise: number;
  currency: string;
  paymentSessionId: string | null;
}

/** Rupees as the gateway writes them (1, 2.5, "170.00") to paise, without float drift. */
export function rupeesToPaise(value: unknown): number | null {
  const text = typeof value === 'number' ? value.toFixed(2) : typeof value === 'string' ? value : '';
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole, frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const paiseToRupees = (paise: number) => Number((paise / 100).toFixed(2));

function toGatewayOrder(body: Record<string, unknown>): GatewayOrder {
  const amount = rupeesToPaise(body.order_amount);
  if (typeof body.order_id !== 'string' || typeof body.order_status !== 'string' || amount === null) {
    throw new GatewayError(
      'The gateway answered an order without order_id, order_status or order_amount',
      502,
    );
  }
  return {
    orderId: body.order_id,
    status: body.order_status,
    amountPaise: amount,
    currency: typeof body.order_currency === 'string' ? body.order_currency : '',
    paymentSessionId: typeof body.payment_session_id === 'string' ? body.payment_session_id : null,
  };
}

async function call(cfg: CashfreeConfig, method: 'GET' | 'POST', path: string, body?: unknown) {
  let res: Response;
  try {
    res = await fetch(`${cfg.baseUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-client-id': cfg.appId,
        'x-client-secret': cfg.secretKey,
        'x-api-version': CASHFREE_API_VERSION,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(cfg.timeoutMs),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new GatewayError(
      timedOut ? 'The payment gateway did not answer in time' : 'The payment gateway is unreachable',
      0,
    );
  }
  const text = await res.text().catch(() => '');
  let parsed: Record<string, unknown> = {};
  try {
    parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    // an HTML error page from a proxy: keep the status
  }
  if (!res.ok) {
    // Cashfree's errors are {message, code, type}; the message never carries our keys.
    const message = typeof parsed.message === 'string' ? parsed.message.slice(0, 200) : `HTTP ${res.status}`;
    throw new GatewayError(message, res.status);
  }
  return parsed;
}

/**
 * POST /orders: our order id, the amount in INR, the customer, where to send the player back and
 * where to notify. Answers the gateway's order with its payment_session_id.
 */
export async function createCashfreeOrder(
  cfg: CashfreeConfig,
  o: {
    orderId: string;
    amountPaise: number;
    customerId: string;
    phone: string;
    returnUrl: string;
    notifyUrl: string;
    expiresAt: Date;
  },
): Promise<GatewayOrder> {
  const body = await call(cfg, 'POST', '/orders', {
    order_id: o.orderId,
    order_amount: paiseToRupees(o.amountPaise),
    order_currency: 'INR',
    customer_details: { customer_id: o.customerId, customer_phone: o.phone },
    order_meta: { return_url: o.returnUrl, notify_url: o.notifyUrl },
    order_expiry_time: o.expiresAt.toISOString(),
  });
  const order = toGatewayOrder(body);
  if (!order.paymentSessionId)
    throw new GatewayError('The gateway created an order without a payment session', 502);
  return order;
}

/** GET /orders/{order_id}: null when the gateway has no such order. */
export async function fetchCashfreeOrder(cfg: CashfreeConfig, orderId: string): Promise<GatewayOrder | null> {
  try {
    return toGatewayOrder(await call(cfg, 'GET', `/orders/${encodeURIComponent(orderId)}`));
  } catch (error) {
    if (error instanceof GatewayError && error.status === 404) return null;
    throw error;
  }
}

/** base64(HMAC-SHA256(timestamp + raw body, secret key)): the x-webhook-signature Cashfree sends. */
export function cashfreeSignature(timestamp: string, rawBody: string, secretKey: string): string {
  return createHmac('sha256', secretKey)
    .update(timestamp + rawBody, 'utf8')
    .digest('base64');
}

/**
 * Verifies a Cashfree webhook: the signature over timestamp + the raw bytes as received (never a
 * re-serialised parse), compared in constant time, and a timestamp within WEBHOOK_MAX_SKEW_MS.
 * Cashfree sends the timestamp in milliseconds (2025-01-01) or seconds (older versions).
 */
export function verifyCashfreeWebhook(
  rawBody: string,
  headers: { signature: string | undefined; timestamp: string | undefined },
  secretKey: string,
  now: Date,
): 'ok' | 'bad-signature' | 'stale' {
  const { signature, timestamp } = headers;
  if (!signature || !timestamp || !/^\d{9,14}$/.test(timestamp)) return 'bad-signature';
  const expected = Buffer.from(cashfreeSignature(timestamp, rawBody, secretKey), 'base64');
  const given = Buffer.from(signature.trim(), 'base64');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'bad-signature';
  const ms = timestamp.length >= 12 ? Number(timestamp) : Number(timestamp) * 1000;
  return Math.abs(now.getTime() - ms) > WEBHOOK_MAX_SKEW_MS ? 'stale' : 'ok';
}

/** The fields of a payment webhook we act on; null when the body is not one. */
export interface CashfreePaymentEvent {
  type: string;
  orderId: string;
  paymentId: string;
  paymentStatus: string;
  amountPaise: number | null;
  currency: string;
}

export function parseCashfreeEvent(body: unknown): CashfreePaymentEvent | null {
  const b = body as {
    type?: unknown;
    data?: { order?: Record<string, unknown>; payment?: Record<string, unknown> };
  };
  const order = b?.data?.order;
  const payment = b?.data?.payment;
  if (!order || !payment || typeof b.type !== 'string') return null;
  const paymentId = payment.cf_payment_id;
  if (
    typeof order.order_id !== 'string' ||
    (typeof paymentId !== 'string' && typeof paymentId !== 'number')
  ) {
    return null;
  }
  if (typeof payment.payment_status !== 'string') return null;
  return {
    type: b.type,
    orderId: order.order_id,
    paymentId: String(paymentId),
    paymentStatus: payment.payment_status,
    amountPaise: rupeesToPaise(payment.payment_amount),
    currency: typeof payment.payment_currency === 'string' ? payment.payment_currency : '',
  };
}
