import { randomBytes } from 'node:crypto';
import { formatRupees, paiseToPoints, pointsToPaise } from '../../../src/domain/money';
import {
  type FundRow,
  findFund,
  findOrder,
  insertFundWithOrder,
  listFunds,
  setFundAmount,
  setFundStatus,
  setOrderStatus,
} from '../../db/repositories/funds';
import { creditOnce } from '../../db/repositories/ledger';
import type { Db, Queryable } from '../../db/types';
import { ledgerText } from '../../i18n/ledger-text';
import { conflict, notFound } from '../errors';
import { enqueuePush } from '../push/queue';

export function presentFund(f: FundRow) {
  return {
    _id: f.id,
    createdAt: f.created_at.toISOString(),
    balance: paiseToPoints(f.amount_paise),
    amount: paiseToPoints(f.amount_paise),
    status: f.status,
    orderId: f.order_id,
    provider: f.provider,
    utr: f.utr,
    ...(f.needs_review ? { needsReview: true } : {}),
    ...(f.note ? { reason: f.note } : {}),
    user: f.phone ? { _id: f.user_id, name: f.name, phone: f.phone } : undefined,
  };
}

/** Our order id: what the gateway, the UPI note and the player's bank statement show. */
export function newOrderId(): string {
  return `ORD${Date.now().toString(36).toUpperCase()}${randomBytes(6).toString('hex').toUpperCase()}`;
}

/**
 * POST /user/fund: a pending fund request plus its payment order; the app then opens paymentUrl,
 * our own checkout page for every provider. The amount is whole points (1 point = 1 rupee).
 */
export async function createFund(
  tx: Queryable,
  userId: string,
  amountPoints: number,
  opts: {
    orderId: string;
    provider: string;
    publicUrl?: string;
    session: string | null;
    expiresAt: Date;
    firstCheckAt: Date | null;
    /** The payment note's short code, when the provider tells orders apart by amount. */
    reference?: string | null;
  },
) {
  const fund = await insertFundWithOrder(
    tx,
    userId,
    pointsToPaise(amountPoints),
    opts.orderId,
    opts.provider,
    {
      session: opts.session,
      expiresAt: opts.expiresAt,
      nextCheckAt: opts.firstCheckAt,
      reference: opts.reference ?? null,
    },
  );
  return { fund, orderId: opts.orderId, paymentUrl: checkoutUrl(opts.publicUrl, opts.orderId) };
}

/** Our checkout page of an order, at PUBLIC_URL when set (else a path on this server). */
export function checkoutUrl(publicUrl: string | undefined, orderId: string): string {
  return `${(publicUrl ?? '').replace(/\/$/, '')}/api/payment/checkout/${orderId}`;
}

/** How a fund request is decided, beyond who decided it. */
export interface FundDecision {
  adminId: string | null;
  providerRef?: string | null;
  /** Credit this amount instead of the one asked (an operator matched a payment of another amount). */
  creditPaise?: number;
  /**
   * A payment arrived for a request the server itself closed (the player cancelled it, or its
   * window ended): credit it all the same. The ledger's (kind, ref_id) still pays it once.
   */
  reopen?: boolean;
  /** Why, for the player (fund_requests.note). */
  note?: string;
  /** No push to the player (they did it themselves). */
  silent?: boolean;
}

/**
 * The one place a fund request is decided. Success credits exactly once (ledger kind 'fund', ref =
 * fund request id, and the request must still be pending under its row lock, or rejected and
 * `reopen`); a second success or a success after a failure changes nothing. Answers what happened.
 */
export async function decideFund(
  tx: Queryable,
  fundId: string,
  outcome: 'success' | 'rejected',
  by: FundDecision,
): Promise<'credited' | 'rejected' | 'unchanged'> {
  const fund = await findFund(tx, fundId, true);
  if (!fund) throw notFound('Fund request');
  const reopening = by.reopen === true && outcome === 'success' && fund.status === 'rejected';
  if (fund.status !== 'pending' && !reopening) return 'unchanged';
  const order = fund.order_id ? await findOrder(tx, fund.order_id, true) : null;
  const amountPaise = outcome === 'success' && by.creditPaise ? by.creditPaise : fund.amount_paise;
  if (amountPaise !== fund.amount_paise) await setFundAmount(tx, fund.id, amountPaise);
  await setFundStatus(tx, fund.id, outcome, by.adminId, by.note ?? null);
  if (order && (order.status === 'PENDING' || reopening)) {
    await setOrderStatus(tx, order.id, outcome === 'success' ? 'SUCCESS' : 'FAILED', by.providerRef ?? null);
  }
  const points = paiseToPoints(amountPaise);
  if (outcome === 'success') {
    await creditOnce(tx, {
      userId: fund.user_id,
      amountPaise,
      kind: 'fund',
      refId: fund.id,
      description: ledgerText.fundsAdded(fund.order_id),
      createdBy: by.adminId,
    });
  }
  if (by.silent) return outcome === 'success' ? 'credited' : 'rejected';
  await enqueuePush(tx, {
    userId: fund.user_id,
    title: outcome === 'success' ? 'Funds added successfully' : 'Fund request rejected',
    body:
      outcome === 'success'
        ? `${formatRupees(points)} was added to your wallet.`
        : `Your fund request of ${formatRupees(points)} was rejected.`,
    link: '/payment',
    topic: 'funds',
    dedupeKey: `fund:${fund.id}${reopening ? ':paid' : ''}`,
  });
  return outcome === 'success' ? 'credited' : 'rejected';
}

/** Sandbox Pay/Fail buttons and signed webhooks land here with an order id. */
export async function settleOrder(
  tx: Queryable,
  orderId: string,
  outcome: 'SUCCESS' | 'FAILED',
  providerRef: string | null = null,
  more: Omit<FundDecision, 'adminId' | 'providerRef'> = {},
): Promise<'credited' | 'rejected' | 'unchanged'> {
  const order = await findOrder(tx, orderId);
  if (!order) throw notFound('Order');
  return decideFund(tx, order.fund_request_id, outcome === 'SUCCESS' ? 'success' : 'rejected', {
    ...more,
    adminId: null,
    providerRef,
  });
}

/** Operator approve/reject of a manual request, presented; deciding an already decided one is 409. */
export async function operatorDecideFund(
  db: Db,
  fundId: string,
  outcome: 'success' | 'rejected',
  adminId: string,
) {
  const fund = await db.transaction(async (tx) => {
    const result = await decideFund(tx, fundId, outcome, { adminId });
    if (result === 'unchanged') throw conflict('This fund request was already decided');
    return (await findFund(tx, fundId)) as FundRow;
  });
  return presentFund(fund);
}

/** A page of fund requests, newest first (a player's own, or the operators' by status), presented. */
export async function listFundRequests(
  q: Queryable,
  filter: { userId?: string; status?: string },
  limit: number,
  offset: number,
) {
  const { rows, total } = await listFunds(q, filter, limit, offset);
  return { rows: rows.map(presentFund), total };
}

/** One fund request, presented; 404 when there is none. */
export async function fundRequest(q: Queryable, id: string) {
  const fund = await findFund(q, id);
  if (!fund) throw notFound('Fund request');
  return presentFund(fund);
}
