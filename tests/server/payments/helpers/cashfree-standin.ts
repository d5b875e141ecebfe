import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the Cashfree PG API, following its public reference: POST /pg/orders and
 * GET /pg/orders/{order_id} with x-client-id, x-client-secret and x-api-version, Cashfree's error
 * shape {message, code, type}, and payment webhooks signed base64(HMAC-SHA256(timestamp + raw body,
 * secret key)) with x-webhook-timestamp in milliseconds. Switches make it misbehave the ways a real
 * gateway and network do.
 */
export interface StandinOrder {
  order_id: string;
  order_amount: number;
  order_currency: string;
  order_status: 'ACTIVE' | 'PAID' | 'EXPIRED' | 'TERMINATED';
  payment_session_id: string;
  customer_details: Record<string, unknown>;
  order_meta: { return_url?: string; notify_url?: string };
  order_expiry_time?: string;
}

export interface Switches {
  /** POST /orders answers this status (500, 502...) or never answers ('hang'). */
  create: 'ok' | 'hang' | number;
  /** GET /orders/{id} answers this status or never answers. */
  fetch: 'ok' | 'hang' | number;
}

export type Deliver = (
  url: string,
  raw: string,
  headers: Record<string, string>,
) => Promise<{ status: number }>;

export interface WebhookOptions {
  /** Amount and currency the payment reports (default: the order's). */
  amount?: number;
  currency?: string;
  /** Sign with another key. */
  wrongSignature?: boolean;
  /** A timestamp this many ms in the past. */
  ageMs?: number;
  status?: 'SUCCESS' | 'FAILED' | 'USER_DROPPED';
  paymentId?: string;
}

export class CashfreeStandin {
  readonly orders = new Map<string, StandinOrder>();
  readonly calls: Array<{ method: string; path: string; headers: Record<string, string | undefined> }> = [];
  switches: Switches = { create: 'ok', fetch: 'ok' };
  private server: Server | null = null;
  private hanging: ServerResponse[] = [];
  baseUrl = '';
  /** The gateway's clock (webhook timestamps): tests that move the server's clock move this too. */
  now: () => number = () => Date.now();

  constructor(
    readonly appId: string,
    readonly secretKey: string,
    private readonly deliver: Deliver = async (url, raw, headers) => {
      const res = await fetch(url, { method: 'POST', headers, body: raw });
      return { status: res.status };
    },
  ) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/pg`;
    return this;
  }

  async stop() {
    for (const res of this.hanging) res.destroy();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  private send(res: ServerResponse, status: number, body: unknown) {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  }

  private error(res: ServerResponse, status: number, message: string, code: string) {
    const type =
      status >= 500 ? 'api_error' : status === 401 ? 'authentication_error' : 'invalid_request_error';
    this.send(res, status, { message, code, type });
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://x');
    const headers = {
      'x-client-id': req.headers['x-client-id'] as string | undefined,
      'x-client-secret': req.headers['x-client-secret'] as string | undefined,
      'x-api-version': req.headers['x-api-version'] as string | undefined,
    };
    this.calls.push({ method: req.method ?? '', path: url.pathname, headers });
    if (headers['x-client-id'] !== this.appId || headers['x-client-secret'] !== this.secretKey) {
      return this.error(res, 401, 'authentication Failed', 'request_failed');
    }
    if (!headers['x-api-version'])
      return this.error(res, 400, 'x-api-version is missing in the request', 'request_failed');
    if (req.method === 'POST' && url.pathname === '/pg/orders') {
      if (this.switches.create === 'hang') return void this.hanging.push(res);
      if (this.switches.create !== 'ok')
        return this.error(res, this.switches.create, 'internal server error', 'internal_error');
      let body: Partial<StandinOrder> & {
        customer_details?: { customer_id?: string; customer_phone?: string };
      };
      try {
        body = JSON.parse(raw);
      } catch {
        return this.error(res, 400, 'invalid json', 'request_invalid');
      }
      if (!(typeof body.order_amount === 'number' && body.order_amount >= 1)) {
        return this.error(
          res,
          400,
          'order_amount : should be greater than or equal to 1.00',
          'order_amount_invalid',
        );
      }
      if (!body.customer_details?.customer_id || !body.customer_details.customer_phone) {
        return this.error(
          res,
          400,
          'customer_details.customer_phone : is missing in the request',
          'customer_details_invalid',
        );
      }
      const orderId = body.order_id ?? `order_${randomBytes(6).toString('hex')}`;
      if (this.orders.has(orderId)) {
        return this.error(res, 409, 'order with same id is already present', 'order_already_exists');
      }
      const order: StandinOrder = {
        order_id: orderId,
        order_amount: body.order_amount,
        order_currency: body.order_currency ?? 'INR',
        order_status: 'ACTIVE',
        payment_session_id: `session_${randomBytes(12).toString('hex')}`,
        customer_details: body.customer_details,
        order_meta: body.order_meta ?? {},
        order_expiry_time: body.order_expiry_time,
      };
      this.orders.set(orderId, order);
      return this.send(res, 200, { cf_order_id: String(Date.now()), entity: 'order', ...order });
    }
    const match = /^\/pg\/orders\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match) {
      if (this.switches.fetch === 'hang') return void this.hanging.push(res);
      if (this.switches.fetch !== 'ok')
        return this.error(res, this.switches.fetch, 'internal server error', 'internal_error');
      const order = this.orders.get(decodeURIComponent(match[1] as string));
      if (!order) return this.error(res, 404, 'order not found', 'order_not_found');
      return this.send(res, 200, { cf_order_id: '1', entity: 'order', ...order });
    }
    this.error(res, 404, 'Not found', 'not_found');
  }

  /** The player pays on the hosted checkout: the order becomes PAID (unless the amount is off). */
  markPaid(orderId: string) {
    const order = this.mustGet(orderId);
    order.order_status = 'PAID';
  }

  expire(orderId: string) {
    this.mustGet(orderId).order_status = 'EXPIRED';
  }

  /** Builds the payment webhook for an order as Cashfree signs it; deliver with `send`. */
  webhook(orderId: string, o: WebhookOptions = {}) {
    const order = this.mustGet(orderId);
    const status = o.status ?? 'SUCCESS';
    const body = {
      data: {
        order: {
          order_id: orderId,
          order_amount: order.order_amount,
          order_currency: order.order_currency,
          order_tags: null,
        },
        payment: {
          cf_payment_id: o.paymentId ?? String(5_000_000_000 + Math.floor(Math.random() * 1e9)),
          payment_status: status,
          payment_amount: o.amount ?? order.order_amount,
          payment_currency: o.currency ?? order.order_currency,
          payment_message: status === 'SUCCESS' ? '00::Transaction success' : 'Transaction failed',
          payment_time: new Date().toISOString(),
          bank_reference: '234928698581',
          payment_group: 'upi',
          payment_method: { upi: { channel: 'collect', upi_id: 'player@ybl' } },
        },
        customer_details: order.customer_details,
      },
      event_time: new Date().toISOString(),
      type:
        status === 'SUCCESS'
          ? 'PAYMENT_SUCCESS_WEBHOOK'
          : status === 'FAILED'
            ? 'PAYMENT_FAILED_WEBHOOK'
            : 'PAYMENT_USER_DROPPED_WEBHOOK',
    };
    // Cashfree writes amounts as decimals: the raw bytes carry "1000.00", not 1000.
    const raw = JSON.stringify(body).replace(/"(order_amount|payment_amount)":(\d+)(?=[,}])/g, '"$1":$2.00');
    const timestamp = String(this.now() - (o.ageMs ?? 0));
    const key = o.wrongSignature ? 'not-the-secret-key' : this.secretKey;
    const signature = createHmac('sha256', key)
      .update(timestamp + raw)
      .digest('base64');
    const headers = {
      'content-type': 'application/json',
      'x-webhook-signature': signature,
      'x-webhook-timestamp': timestamp,
      'x-webhook-version': '2025-01-01',
      'x-webhook-attempt': '1',
    };
    return {
      raw,
      headers,
      send: () => this.deliver(order.order_meta.notify_url ?? '', raw, headers),
    };
  }

  private mustGet(orderId: string): StandinOrder {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`stand-in: no order ${orderId}`);
    return order;
  }
}
