import { paiseToPoints } from '../../../src/domain/money';
import { findFund } from '../../db/repositories/funds';
import {
  findNotification,
  listNotifications,
  lockUtr,
  type NotificationRow,
  orderWithUtr,
  setNotificationOutcome,
} from '../../db/repositories/payment-notifications';
import { lockGatewayOrder } from '../../db/repositories/payments';
import type { Db, Queryable } from '../../db/types';
import { conflict, notFound, unprocessable } from '../errors';
import { decideFund } from '../money/funds';
import { UTR_TAKEN } from './upi';
import { creditFromMessage } from './upi-notify';

/**
 * The operators' Payments inbox (docs/api.md "Automatic UPI deposits"): every forwarded message with its
 * outcome, and the match of an unmatched one to a fund request, which credits that request with
 * the message's amount exactly once (the router audits it).
 */

export function presentNotification(n: NotificationRow) {
  return {
    _id: n.id,
    receivedAt: n.received_at.toISOString(),
    from: n.sender,
    text: n.text,
    amount: n.amount_paise === null ? null : paiseToPoints(n.amount_paise),
    utr: n.utr,
    outcome: n.outcome,
    ...(n.reason ? { reason: n.reason } : {}),
    ...(n.order_id ? { orderId: n.order_id } : {}),
    ...(n.fund_request_id ? { fundId: n.fund_request_id } : {}),
    ...(n.matched_at ? { matchedAt: n.matched_at.toISOString(), matchedBy: n.matched_by } : {}),
  };
}
export type PresentedNotification = ReturnType<typeof presentNotification>;

export async function paymentNotifications(
  q: Queryable,
  outcome: NotificationRow['outcome'] | undefined,
  limit: number,
  offset: number,
) {
  const { rows, total } = await listNotifications(q, outcome, limit, offset);
  return { rows: rows.map(presentNotification), total };
}

export async function paymentNotification(q: Queryable, id: string) {
  const n = await findNotification(q, id);
  if (!n) throw notFound('Payment message');
  return presentNotification(n);
}

const NOT_UNMATCHED: Record<Exclude<NotificationRow['outcome'], 'unmatched'>, string> = {
  matched: 'This message was already matched to a payment',
  duplicate: 'This message repeats one already received: match the first one',
  ignored: 'This message is not a payment received',
};

/**
 * POST /admin/payment-notifications/{id}/match {fundId}: credits that fund request (pending, or
 * closed without a credit) with the message's amount, once: the message row is locked and must
 * still be unmatched, the request must not be credited, and the message's UTR goes on the request's
 * order (409 when another order holds it).
 */
export async function matchNotification(db: Db, id: string, fundId: string, adminId: string, now: Date) {
  return db.transaction(async (tx) => {
    // Its UTR before its row, in the order a message and the player's form take them.
    const utr = (await findNotification(tx, id))?.utr;
    if (utr) await lockUtr(tx, utr);
    const n = await findNotification(tx, id, true);
    if (!n) throw notFound('Payment message');
    if (n.outcome !== 'unmatched') throw conflict(NOT_UNMATCHED[n.outcome]);
    if (n.amount_paise === null) throw unprocessable('This message has no amount to credit');
    const fund = await findFund(tx, fundId, true);
    if (!fund) throw notFound('Fund request');
    if (fund.status === 'success') throw conflict('This fund request was already credited');
    const order = fund.order_id ? await lockGatewayOrder(tx, fund.order_id) : null;
    if (order) {
      if (n.utr && order.utr !== n.utr) {
        const holder = await orderWithUtr(tx, n.utr);
        if (holder && holder !== order.order_id) throw conflict(UTR_TAKEN);
      }
      await creditFromMessage(tx, order, { id, amountPaise: n.amount_paise, utr: n.utr, now, adminId });
    } else {
      await decideFund(tx, fund.id, 'success', {
        adminId,
        providerRef: `upi-notify:${id}`,
        creditPaise: n.amount_paise,
        reopen: true,
      });
    }
    await setNotificationOutcome(tx, id, {
      outcome: 'matched',
      reason: 'operator',
      orderId: order?.order_id ?? null,
      fundId: fund.id,
      matchedBy: adminId,
      matchedAt: now,
    });
    return presentNotification((await findNotification(tx, id)) as NotificationRow);
  });
}
