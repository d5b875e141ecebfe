import { paiseToPoints } from '../../../src/domain/money';
import type { Lang } from '../../../src/i18n/languages';
import type { GatewayOrderRow, OrderOfDayRow } from '../../db/repositories/payments';
import type { Db, Queryable } from '../../db/types';
import type { Env } from '../../env';
import type { CheckoutOrder } from './pages';

/**
 * The one seam between the money rules and a payment gateway. Each gateway is one file beside this
 * one (sandbox.ts, cashfree.ts, upi.ts) answering a `PaymentProvider` for the server's Env, and one
 * line in registry.ts. Nothing else in the server names a gateway: it asks the provider what to do.
 * The optional members are what a gateway may not have (no gateway call to open an order, no webhook,
 * nothing to ask about an order): their absence is the answer.
 */
export interface PaymentProvider {
  /** The name in PAYMENT_PROVIDER and in payment_orders.provider / payment_events.provider. */
  readonly name: string;
  /** When a new order stops being payable and when the reconciliation job first looks at it. */
  schedule(now: Date): { expiresAt: Date; firstCheckAt: Date };
  /**
   * Opens the order at the gateway before anything is written, and answers its payment session.
   * Throws GatewayError when the gateway refuses or does not answer. Absent: the order is ours alone.
   */
  open?(order: OpenOrder): Promise<string>;
  /**
   * The checkout page of one of this gateway's orders (our page renders it or hands it to the
   * gateway's hosted checkout). `active`: this is the provider the server runs with now; `lang`:
   * the player's language, for a page that speaks it. Null: the page does not exist (the
   * sandbox's, under a real provider).
   */
  checkout(order: GatewayOrderRow, active: boolean, lang: Lang): Promise<CheckoutPage | null>;
  /** Its webhook, verified over the raw bytes before anything is read. Absent: the path answers 404. */
  webhook?: {
    /** False: its secret is not set, and the path answers 503 without reading the body. */
    readonly configured: boolean;
    verify(raw: string, header: (name: string) => string | undefined, now: Date): WebhookVerdict;
    /** A verified, parsed body: the event to apply, one to acknowledge and ignore, or an incomplete one. */
    read(payload: unknown): WebhookEvent | 'ignored' | 'incomplete';
  };
  /** Asks the gateway about one order (null: it has none). Absent: an unpaid order just expires. */
  askGateway?(orderId: string): Promise<GatewayState | null>;
  /** The player pays outside any gateway and tells us the UPI transaction reference (UTR). */
  readonly takesUtr: boolean;
  /** The sandbox's Pay and Fail buttons: decide an order without any gateway. Absent: 404. */
  simulate?(db: Db, orderId: string, outcome: 'SUCCESS' | 'FAILED'): Promise<'no-order' | 'settled'>;
  /**
   * Tells its orders apart by the exact amount paid (direct UPI matched from the payee's bank
   * messages): inside the order's transaction, the amount to ask for (the order's plus a few paise
   * no other open order holds until `until`) and a short reference for the payment note; reference
   * null when every exact amount of it is held: the order is paid at its amount and found by the
   * UTR its player sends. Absent: the order's amount as the player asked.
   */
  identify?(tx: Queryable, order: IdentifyOrder): Promise<{ amountPaise: number; reference: string | null }>;
  /**
   * Payment messages forwarded from the payee's phone (POST /api/payment/notify/{secret}), with
   * the secret that path must carry. Absent: that path answers 404.
   */
  readonly notify?: { readonly secret: string };
  /** Why the operator must look at an order of the day (reconciliation report); null: nothing to see. */
  mustReview(order: OrderOfDayRow): string | null;
}

/** What opening an order at a gateway needs to send. */
export interface OpenOrder {
  orderId: string;
  amountPaise: number;
  userId: string;
  phone: string;
  expiresAt: Date;
}

/** What choosing an order's exact amount needs: its id, the amount asked, and its window. */
export interface IdentifyOrder {
  orderId: string;
  amountPaise: number;
  now: Date;
  until: Date;
}

/** An HTML page with the Content-Security-Policy that fits it. */
export interface CheckoutPage {
  html: string;
  csp: string;
}

export type WebhookVerdict = 'ok' | 'bad-signature' | 'stale';

/** A verified webhook's event: applied in one transaction, answering what happened (its `outcome`). */
export interface WebhookEvent {
  apply(tx: Queryable, now: Date): Promise<string>;
}

/**
 * The gateway's view of one order. `status` PAID credits (when amount and currency match), EXPIRED
 * and TERMINATED fail the order, anything else means it is still payable.
 */
export interface GatewayState {
  status: string;
  amountPaise: number;
  currency: string;
}

/** The gateway refused, failed or did not answer; `status` is its HTTP status (0: no answer). */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Our order ids (newOrderId): anything else never reaches SQL or a gateway. */
export const ORDER_RE = /^[A-Z0-9]{6,64}$/;

export const MINUTE = 60_000;

/**
 * An order no gateway is asked about (sandbox, UPI) stops being payable (UPI: without a UTR) after
 * UPI_ORDER_TTL_HOURS, and the reconciliation job first looks at it then, to fail it.
 */
export function expiringSchedule(env: Env, now: Date): { expiresAt: Date; firstCheckAt: Date } {
  const expiresAt = new Date(now.getTime() + env.UPI_ORDER_TTL_HOURS * 60 * MINUTE);
  return { expiresAt, firstCheckAt: expiresAt };
}

/**
 * The review every gateway shares: an order whose money and state disagree. A gateway with its own
 * reasons (a refund, a chargeback) checks them and then falls back to this.
 */
export function moneyMismatch(r: OrderOfDayRow): string | null {
  const credited = r.credited_paise ?? 0;
  if (r.needs_review) return 'The gateway reported a different amount or currency';
  if (r.status === 'SUCCESS' && credited === 0) return 'Paid but not credited';
  if (r.status !== 'SUCCESS' && credited > 0) return 'Credited but not paid';
  if (r.status === 'SUCCESS' && credited !== r.amount_paise) return 'Credited amount differs from the order';
  if (r.gateway_status === 'PAID' && r.gateway_amount_paise !== null && r.gateway_amount_paise !== credited) {
    return 'Gateway total differs from the credit';
  }
  return null;
}

/** What every checkout page shows of an order: its id, the amount in points (= rupees), its state. */
export function checkoutOrderOf(order: GatewayOrderRow): CheckoutOrder {
  return { orderId: order.order_id, amount: paiseToPoints(order.amount_paise), status: order.status };
}
