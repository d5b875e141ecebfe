import { createHash } from 'node:crypto';
import { formatRupees, paiseToPoints, pointsToPaise } from '../../../src/domain/money';
import {
  type Decided,
  decideMessage,
  forwarderState,
  insertNotification,
  type NewNotification,
  type NotificationRow,
  replaceOrderUtr,
  setNotificationOutcome,
  waitingMessageWithUtr,
} from '../../db/repositories/payment-notifications';
import { type GatewayOrderRow, noteGatewayAnswer } from '../../db/repositories/payments';
import { type Db, pgErrorCode, type Queryable } from '../../db/types';
import type { Deps } from '../../deps';
import type { Env } from '../../env';
import { translate } from '../../i18n/translate';
import { decideFund } from '../money/funds';
import { sameSecret } from '../same-secret';
import { MINUTE } from './provider';
import { paymentProvider } from './registry';
import { parseBankMessage } from './upi-messages';

/**
 * Payments matched from the payee's bank messages (docs/api.md "Automatic UPI deposits"): the phone
 * forwards each message to POST /api/payment/notify/{secret}; it is stored with its outcome, and a
 * UPI credit credits the order it names, once. An order is named by its exact amount (while its
 * window is open), its reference in the note, or the UTR its player typed. A UTR is used once ever,
 * whoever brings it first (a message, the player's form, an operator): the unique indexes on
 * payment_notifications.dedupe_key and payment_orders.utr decide, and one advisory lock per UTR
 * makes the message and the form see each other's work.
 */

export type NotifyOutcome = NotificationRow['outcome'];

/** A message as a forwarder delivered it. */
export interface ForwardedMessage {
  from: string | null;
  text: string;
  /** When the phone says it got it (the forwarder's stamp), if it said. */
  sentAt: Date | null;
  source: NotificationRow['source'];
}

/** A phone's clock may differ from ours by this much: an order opened this much after the stamp still counts. */
const CLOCK_SKEW_MS = 2 * MINUTE;
/** A stamp older than this (or in the future) is not believed: the message is placed at its arrival. */
const STAMP_TRUSTED_MS = 24 * 60 * MINUTE;

/** Whether POST /api/payment/notify/{secret} takes this secret (compared in constant time). */
export function notifySecretMatches(env: Env, given: string): boolean {
  const secret = paymentProvider(env).notify?.secret;
  if (!secret) return false;
  return sameSecret(given, secret);
}

/** UPI_NOTIFY_SENDERS: empty takes every sender; otherwise the sender must contain one of them. */
export function senderAllowed(allowed: string[], from: string | null): boolean {
  if (allowed.length === 0) return true;
  const sender = (from ?? '').toLowerCase();
  return sender !== '' && allowed.some((id) => sender.includes(id));
}

/** When the payment was made, as well as we know: the phone's stamp when believable, else now. */
export function paidAt(sentAt: Date | null, now: Date): Date {
  if (!sentAt) return now;
  const t = sentAt.getTime();
  if (t > now.getTime() + MINUTE || t < now.getTime() - STAMP_TRUSTED_MS) return now;
  return new Date(Math.min(t, now.getTime()));
}

/** The key a payment is taken once by: its UTR, else the message itself (sender, text, stamp). */
export function dedupeKey(read: { utr: string | null }, msg: ForwardedMessage): string {
  if (read.utr) return `utr:${read.utr}`;
  const identity = `${msg.from ?? ''}\n${msg.text}\n${msg.sentAt?.toISOString() ?? ''}`;
  return `msg:${createHash('sha256').update(identity).digest('hex')}`;
}

/**
 * Stores one forwarded message and does what it says: answers its id, outcome and reason. A wrong sender
 * or a message that is not money received is `ignored`; money received that names no order (or
 * names one that cannot take it) is `unmatched` for an operator; a UTR (or message) seen before is
 * `duplicate`; a UPI credit that names exactly one order, of exactly its amount, credits it.
 */
export async function receiveNotification(
  deps: Pick<Deps, 'db' | 'env' | 'clock'>,
  msg: ForwardedMessage,
): Promise<Decided> {
  const { db, env, clock } = deps;
  const now = await clock.now();
  const base = { receivedAt: now, sentAt: msg.sentAt, sender: msg.from, text: msg.text, source: msg.source };
  if (!senderAllowed(env.UPI_NOTIFY_SENDERS, msg.from)) {
    return store(db, {
      ...base,
      amountPaise: null,
      utr: null,
      outcome: 'ignored',
      reason: 'sender',
      dedupeKey: null,
    });
  }
  const read = parseBankMessage(msg.text, msg.from);
  if (read.kind === 'ignored') {
    const { amountPaise, utr, reason } = read;
    return store(db, { ...base, amountPaise, utr, outcome: 'ignored', reason, dedupeKey: null });
  }
  const points = read.kind === 'credit' ? paiseToPoints(read.amountPaise) : 0;
  const title = 'Funds added successfully';
  const body = `${formatRupees(points)} was added to your wallet.`;
  const message = {
    ...base,
    amountPaise: read.amountPaise,
    utr: read.utr,
    kind: read.kind,
    reason: read.kind === 'unclear' ? read.reason : null,
    autoMaxPaise: pointsToPaise(env.UPI_AUTO_MATCH_MAX),
    upi: read.kind === 'credit' && read.upi,
    references: read.kind === 'credit' ? read.references : [],
    dedupeKey: dedupeKey(read, msg),
    at: paidAt(msg.sentAt, now),
    windowMs: env.UPI_MATCH_MINUTES * MINUTE + CLOCK_SKEW_MS,
    push: {
      title,
      body,
      hi_title: translate(title, 'hi'),
      hi_body: translate(body, 'hi'),
      mr_title: translate(title, 'mr'),
      mr_body: translate(body, 'mr'),
    },
  };
  // One statement decides it (server/db/functions/matka_upi_notify.sql: the same rules as creditFromMessage
  // and decideFund). A player typing the same UTR at this moment on another order may win its
  // unique index: then the statement runs again and sees that order.
  for (let attempt = 0; ; attempt++) {
    try {
      return await decideMessage(db, message);
    } catch (error) {
      if (pgErrorCode(error) !== '23505' || attempt >= 2) throw error;
    }
  }
}

async function store(db: Db, n: NewNotification & { reason: string }): Promise<Decided> {
  const id = (await insertNotification(db, n)) as string;
  return { id, outcome: n.outcome, reason: n.reason };
}

/**
 * Credits an order (locked by the caller) with a message's payment: the bank's UTR goes on the
 * order (in place of a mistyped one), the gateway columns record the payment, and the fund request
 * is credited once, reopened when the server had closed it (cancelled, window ended).
 */
export async function creditFromMessage(
  tx: Queryable,
  order: GatewayOrderRow,
  m: { id: string; amountPaise: number; utr: string | null; now: Date; adminId: string | null },
): Promise<void> {
  if (m.utr && order.utr !== m.utr) await replaceOrderUtr(tx, order.id, m.utr, m.now);
  await noteGatewayAnswer(tx, order.id, {
    status: 'PAID',
    amountPaise: m.amountPaise,
    at: m.now,
    nextCheckAt: null,
  });
  await decideFund(tx, order.fund_request_id, 'success', {
    adminId: m.adminId,
    providerRef: `upi-notify:${m.id}`,
    creditPaise: m.amountPaise,
    reopen: true,
  });
}

/**
 * The player typed a UTR on an order (orders.ts submitUtr, in its transaction, under lockUtr): a
 * message that carried that UTR, surely said money arrived and named no order credits the order
 * now, when its amount is the order's and within UPI_AUTO_MATCH_MAX. A message the parser doubted
 * (on hold, negated...) or one above the cap still waits for an operator. Answers whether it did.
 */
export async function creditWaitingMessage(
  tx: Queryable,
  order: GatewayOrderRow,
  now: Date,
  autoMaxPaise: number,
): Promise<boolean> {
  if (!order.utr || order.status !== 'PENDING') return false;
  const waiting = await waitingMessageWithUtr(tx, order.utr);
  if (!waiting || waiting.amount_paise !== order.amount_paise || order.amount_paise > autoMaxPaise)
    return false;
  await creditFromMessage(tx, order, {
    id: waiting.id,
    amountPaise: order.amount_paise,
    utr: order.utr,
    now,
    adminId: null,
  });
  await setNotificationOutcome(tx, waiting.id, {
    outcome: 'matched',
    reason: 'utr',
    orderId: order.order_id,
    fundId: order.fund_request_id,
  });
  return true;
}

/** GET /admin/payment-notifications/health and the watchdog's forwarder check. */
export interface ForwarderHealth {
  /** When the last message arrived (any message, whatever its outcome), ISO; null: never. */
  lastReceivedAt: string | null;
  /** Orders waiting for a payment message now: pending, with their window open. */
  openOrders: number;
  /** Orders are open and nothing arrived for UPI_NOTIFY_QUIET_MINUTES: the forwarder may be down. */
  quiet: boolean;
}

/**
 * Whether the payee's phone is still forwarding. `now` defaults to the database's clock. With
 * automatic matching off, `quiet` is always false.
 * @example await forwarderHealth(db, env) // {lastReceivedAt: '2026-11-21T10:00:00.000Z', openOrders: 2, quiet: false}
 */
export async function forwarderHealth(q: Queryable, env: Env, now?: Date): Promise<ForwarderHealth> {
  const s = await forwarderState(q, now ?? null);
  const last = s.last_received_at;
  const openOrders = Number(s.open_orders);
  const silentFor = last ? s.now.getTime() - last.getTime() : Number.POSITIVE_INFINITY;
  const on = Boolean(paymentProvider(env).notify);
  return {
    lastReceivedAt: last ? last.toISOString() : null,
    openOrders,
    quiet: on && openOrders > 0 && silentFor > env.UPI_NOTIFY_QUIET_MINUTES * MINUTE,
  };
}
