import { expect } from 'vitest';
import { statementRows, type Txn, toCsv } from '../../../fixtures/bank-statements/make';
import { createAdmin, createPlayer, type PlayerFixture } from '../../helpers/fixtures';
import { type AnyBody, createTestContext, type TestContext } from '../../helpers/test-app';

// Automatic UPI deposits and bank statements for the reconciliation tests: an order, the bank's
// message that credits it, and a statement built as the bank exports it (tests/fixtures).

export const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const UPI_ENV = {
  PAYMENT_PROVIDER: 'upi',
  UPI_VPA: 'matka.shop@okaxis',
  UPI_PAYEE_NAME: 'Matka Shop',
  UPI_AUTO_MATCH: 'true',
  PAYMENT_NOTIFY_SECRET: 'statement-secret-0123456789',
  UPI_NOTIFY_SENDERS: 'HDFCBK',
  LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: '1000',
};

/**
 * The reconciliation tests' server, at 3:10 PM in Mumbai on 24 Nov 2026 (the watchdog's interval a
 * minute), with an owner and two players, Rahul and Asha, holding `balance` each.
 */
export async function reconciliationScene(balance?: number) {
  const t = await createTestContext({
    now: new Date('2026-11-24T09:40:00Z'),
    env: { ...UPI_ENV, WATCHDOG_INTERVAL_MS: '60000' },
  });
  const owner = await createAdmin(t);
  const rahul = await createPlayer(t, { phone: '9876500001', name: 'Rahul Kumar', balance });
  const asha = await createPlayer(t, { phone: '9876500002', name: 'Asha Rao', balance });
  return { t, owner, rahul, asha };
}

/** POSTs a statement file as an owner's browser would. */
export async function upload(t: TestContext, token: string, body: string | Uint8Array, type = 'text/csv') {
  const res = await t.app.request('/api/v1/admin/bank-statements', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': type },
    body: body as BodyInit,
  });
  return { status: res.status, body: (await res.json()) as AnyBody };
}

/** An HDFC statement of these lines (preamble, header, totals), as CSV. */
export function hdfcCsv(txns: Txn[], from: string, to: string, opening = 10_000_000): string {
  return toCsv(statementRows('hdfc', txns, { opening, from, to }));
}

/** A UPI order of `amount` rupees: its exact pay amount (paise) and ids. */
export async function order(t: TestContext, p: PlayerFixture, amount: number) {
  const res = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount } });
  expect(res.status).toBe(201);
  const d = res.body.data as { fundId: string; orderId: string; payAmount: number };
  return { ...d, payPaise: Math.round(d.payAmount * 100) };
}

/** The bank's credit SMS for a payment, forwarded by the payee's phone; answers its outcome. */
export async function bankMessage(t: TestContext, paise: number, utr: string) {
  const text = `Rs. ${(paise / 100).toFixed(2)} credited to HDFC Bank A/c XX1234 from VPA rahul@okaxis (UPI ${utr})`;
  const res = await t.request('POST', `/api/payment/notify/${UPI_ENV.PAYMENT_NOTIFY_SECRET}`, {
    body: { from: 'AD-HDFCBK', text },
  });
  expect(res.status).toBe(200);
  return res.body.data as { _id: string; outcome: string };
}

/** An order paid and credited by its bank message at the clock's now; answers the order. */
export async function creditedByMessage(t: TestContext, p: PlayerFixture, amount: number, utr: string) {
  const o = await order(t, p, amount);
  expect((await bankMessage(t, o.payPaise, utr)).outcome).toBe('matched');
  return o;
}

/** The UPI line of a payment in a statement. */
export const upiIn = (date: string, amount: number, utr: string, name = 'Rahul Kumar'): Txn => ({
  date,
  kind: 'upi-in',
  amount,
  name,
  vpa: `${name.split(' ')[0]?.toLowerCase()}@okaxis`,
  utr,
});

/** The UPI line of a payout from the account (a withdrawal paid, or anything else the account pays). */
export const upiOut = (date: string, amount: number, utr: string, name = 'Rahul Kumar'): Txn => ({
  ...upiIn(date, amount, utr, name),
  kind: 'upi-out',
});

export async function exceptions(t: TestContext, token: string, status: 'open' | 'resolved' = 'open') {
  const res = await t.request('GET', `/api/v1/admin/reconciliation/exceptions?status=${status}&limit=100`, {
    token,
  });
  expect(res.status).toBe(200);
  return res.body.data as Array<{
    _id: string;
    kind: string;
    amount: number;
    utr?: string;
    fundId?: string;
    withdrawalId?: string;
    notificationId?: string;
    statementRowId?: string;
    detail: string;
    day: string;
    status: string;
    closedBy?: string;
    note?: string;
  }>;
}
