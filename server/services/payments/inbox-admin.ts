import { paiseToPoints } from '../../../src/domain/money';
import { type FundRow, findFund } from '../../db/repositories/funds';
import {
  findNotification,
  listNotifications,
  lockUtr,
  type NotificationRow,
  orderWithUtr,
  requestMatch,
  setNotificationOutcome,
} from '../../db/repositories/payment-notifications';
import { type GatewayOrderRow, lockGatewayOrder } from '../../db/repositories/payments';
import type { Db, Queryable } from '../../db/types';
import type { AdminPrincipal } from '../../deps';
import { conflict, notFound, unprocessable } from '../errors';
import { SAME_OPERATOR } from '../money/four-eyes';
import { decideFund } from '../money/funds';
import { UTR_TAKEN } from './upi';
import { creditFromMessage } from './upi-notify';

/**
 * The operators' Payments inbox (docs/api.md "Automatic UPI deposits"): every forwarded message
 * with its outcome and reason, and the match of an unmatched one to a fund request, which credits
 * that request with the message's amount exactly once. Four eyes (docs/api.md "What a message must
 * say before it credits"): a match credits at once only when an owner makes it and the amount is
 * the order's exact pay amount; any other waits for an owner other than the one who asked, whose
 * approval credits it under the message's row lock (the money/four-eyes.ts pattern). The router
 * audits both.
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
    reason: n.reason,
    ...(n.order_id ? { orderId: n.order_id } : {}),
    ...(n.fund_request_id ? { fundId: n.fund_request_id } : {}),
    ...(n.matched_at ? { matchedAt: n.matched_at.toISOString(), matchedBy: n.matched_by } : {}),
    // The request by its player and amount, so the inbox and the audit log name them.
    ...(n.fund
      ? {
          fund: {
            amount: paiseToPoints(Number(n.fund.amountPaise)),
            user: { name: n.fund.name ?? '', phone: n.fund.phone },
          },
        }
      : {}),
    ...(n.match_fund_id && n.match_requested_at
      ? {
          waitingMatch: {
            fundId: n.match_fund_id,
            requestedBy: n.match_requested_by as string,
            requestedByName: n.match_requested_by_username ?? '',
            requestedAt: n.match_requested_at.toISOString(),
          },
        }
      : {}),
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
export const NO_MATCH_WAITING = 'No match of this message waits for approval';
export const MATCH_CHANGED = 'The match waiting for this message changed: look at it again';

type Who = Pick<AdminPrincipal, 'adminId' | 'role'>;
type Locked = { n: NotificationRow & { amount_paise: number }; fund: FundRow; order: GatewayOrderRow | null };

/**
 * The message (still unmatched, with an amount) and the request it would credit (not credited),
 * locked in the order a message and the player's UTR form take them: its UTR, the message's row,
 * the request, its order. 409 when the message's UTR is on another order.
 */
async function lockMatch(tx: Queryable, id: string, fundId: (n: NotificationRow) => string): Promise<Locked> {
  const utr = (await findNotification(tx, id))?.utr;
  if (utr) await lockUtr(tx, utr);
  const n = await findNotification(tx, id, true);
  if (!n) throw notFound('Payment message');
  if (n.outcome !== 'unmatched') throw conflict(NOT_UNMATCHED[n.outcome]);
  if (n.amount_paise === null) throw unprocessable('This message has no amount to credit');
  const fund = await findFund(tx, fundId(n), true);
  if (!fund) throw notFound('Fund request');
  if (fund.status === 'success') throw conflict('This fund request was already credited');
  const order = fund.order_id ? await lockGatewayOrder(tx, fund.order_id) : null;
  if (order && n.utr && order.utr !== n.utr) {
    const holder = await orderWithUtr(tx, n.utr);
    if (holder && holder !== order.order_id) throw conflict(UTR_TAKEN);
  }
  return { n: n as Locked['n'], fund, order };
}

/** Credits the locked request with the message's amount, once, and marks the message matched. */
async function creditMatch(tx: Queryable, { n, fund, order }: Locked, adminId: string, now: Date) {
  if (order) {
    await creditFromMessage(tx, order, { id: n.id, amountPaise: n.amount_paise, utr: n.utr, now, adminId });
  } else {
    await decideFund(tx, fund.id, 'success', {
      adminId,
      providerRef: `upi-notify:${n.id}`,
      creditPaise: n.amount_paise,
      reopen: true,
    });
  }
  await setNotificationOutcome(tx, n.id, {
    outcome: 'matched',
    reason: 'operator',
    orderId: order?.order_id ?? null,
    fundId: fund.id,
    matchedBy: adminId,
    matchedAt: now,
  });
  return presentNotification((await findNotification(tx, n.id)) as NotificationRow);
}

/**
 * POST /admin/payment-notifications/{id}/match {fundId}: an owner matching a message to an order
 * whose exact pay amount it is credits the request (pending, or closed without a credit) at once;
 * any other match (by staff, of another amount, to a request without an order) is recorded to
 * wait for another owner's approval, in place of any match that waited. Answers whether it waits.
 */
export async function matchNotification(db: Db, id: string, fundId: string, who: Who, now: Date) {
  return db.transaction(async (tx) => {
    const locked = await lockMatch(tx, id, () => fundId);
    const exact = locked.order !== null && locked.order.amount_paise === locked.n.amount_paise;
    if (who.role === 'owner' && exact) {
      return { waiting: false as const, notification: await creditMatch(tx, locked, who.adminId, now) };
    }
    await requestMatch(tx, id, { fundId, adminId: who.adminId, at: now });
    return {
      waiting: true as const,
      notification: presentNotification((await findNotification(tx, id)) as NotificationRow),
    };
  });
}

/**
 * POST /admin/payment-notifications/{id}/approve: an owner other than the one who asked credits
 * the match that waits, once (the message's row lock: parallel approvals credit it once).
 */
export async function approveMatch(db: Db, id: string, who: Who, now: Date) {
  return db.transaction(async (tx) => {
    const asked = (await findNotification(tx, id))?.match_fund_id ?? null;
    const locked = await lockMatch(tx, id, (n) => {
      if (!n.match_fund_id) throw conflict(NO_MATCH_WAITING);
      if (n.match_fund_id !== asked) throw conflict(MATCH_CHANGED);
      return n.match_fund_id;
    });
    if (locked.n.match_requested_by === who.adminId) throw conflict(SAME_OPERATOR);
    return creditMatch(tx, locked, who.adminId, now);
  });
}
