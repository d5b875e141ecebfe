/**
 * Which orders a bank message may credit by itself (issue 44, finding 1), over every combination of
 * the fund request's status and who decided it, the order's status and its gateway status (NULL
 * included): only an order still waiting (request and order both pending), or one the server itself
 * closed because its player cancelled it or its window ended, is credited. An order an operator
 * rejected, and any other closed one, is `unmatched` with `order-closed`; a paid one is never paid
 * twice. Runs on PGlite and, with TEST_DB=pg, on PostgreSQL (the decision is one SQL function).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from '../money/helpers/invariants';
import { balanceOf } from '../money/helpers/money-fixtures';
import { upiAutoEnv } from './helpers/upi-env';

const SECRET = 'closed-orders-secret-0123456789';
const ENV = upiAutoEnv(SECRET, {
  LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: '1000',
  LIMIT_PAYMENT_NOTIFY_PER_ADDRESS_MINUTE: '100000',
});

const FUND = ['pending', 'success', 'rejected'] as const;
/** Who decided the request: an operator, or the server (a cancel, a window's end, a gateway). */
const DECIDED_BY = ['operator', 'server'] as const;
const ORDER = ['PENDING', 'SUCCESS', 'FAILED'] as const;
const GATEWAY = [
  null,
  'CANCELLED',
  'EXPIRED',
  'WAITING',
  'UTR_SUBMITTED',
  'PAID',
  'NOT_FOUND',
  'TERMINATED',
  'UNKNOWN',
] as const;

type Case = {
  fund: (typeof FUND)[number];
  by: (typeof DECIDED_BY)[number];
  order: (typeof ORDER)[number];
  gateway: (typeof GATEWAY)[number];
};

/** What a message of the order's exact amount (and a UTR the order has never seen) must do. */
function expected(c: Case): { outcome: string; reason: string | null } {
  if (c.fund === 'success' || c.order === 'SUCCESS')
    return { outcome: 'unmatched', reason: 'order-already-paid' };
  if (c.fund === 'pending' && c.order === 'PENDING') return { outcome: 'matched', reason: 'amount' };
  const closedByServer =
    c.fund === 'rejected' &&
    c.by === 'server' &&
    c.order === 'FAILED' &&
    (c.gateway === 'CANCELLED' || c.gateway === 'EXPIRED');
  return closedByServer
    ? { outcome: 'matched', reason: 'amount' }
    : { outcome: 'unmatched', reason: 'order-closed' };
}

const cases: Case[] = FUND.flatMap((fund) =>
  (fund === 'pending' ? (['server'] as const) : DECIDED_BY).flatMap((by) =>
    ORDER.flatMap((order) => GATEWAY.map((gateway) => ({ fund, by, order, gateway }))),
  ),
);

let t: TestContext;
let operator: { id: string };
let utr = 730_000_000_000;

beforeAll(async () => {
  t = await createTestContext({ now: new Date('2026-11-21T05:30:00Z'), env: ENV });
  operator = await createAdmin(t);
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

describe('a message credits only an order still waiting, or one its player cancelled or whose window ended', () => {
  it(`holds over all ${cases.length} combinations of fund status, decider, order status and gateway status`, async () => {
    expect(cases.length).toBe(3 * 9 + 2 * 2 * 3 * 9);
    const p = await createPlayer(t);
    const seen: string[] = [];
    let credited = 0;
    for (const [i, c] of cases.entries()) {
      const res = await t.request('POST', '/api/v1/user/fund', {
        token: p.token,
        body: { amount: 1000 + i },
      });
      expect(res.status).toBe(201);
      const o = res.body.data as { fundId: string; orderId: string; payAmount: number };
      const paise = Math.round(o.payAmount * 100);
      // The state under test, written as the server's own paths leave it.
      await t.db.query('UPDATE payment_orders SET status = $2, gateway_status = $3 WHERE order_id = $1', [
        o.orderId,
        c.order,
        c.gateway,
      ]);
      await t.db.query(
        `UPDATE fund_requests SET status = $2, decided_by = $3, decided_at = CASE WHEN $2 = 'pending' THEN NULL ELSE now() END
          WHERE id = $1`,
        [o.fundId, c.fund, c.fund !== 'pending' && c.by === 'operator' ? operator.id : null],
      );
      if (c.fund === 'success') {
        // A credited request has its credit (the money invariants hold throughout).
        await t.db.query(
          `WITH b AS (UPDATE users SET balance_paise = balance_paise + $2 WHERE id = $1 RETURNING balance_paise)
           INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, balance_after_paise)
           SELECT $1, $2, 'fund', $3, 'test credit', b.balance_paise FROM b`,
          [p.id, paise, o.fundId],
        );
        credited += paise;
      }
      const before = await balanceOf(t, p.id);
      utr += 7;
      const msg = await t.request('POST', `/api/payment/notify/${SECRET}`, {
        body: {
          from: 'AD-HDFCBK',
          text: `Rs. ${o.payAmount.toFixed(2)} credited to HDFC Bank A/c XX1234 on 21-11-26 from VPA rahul@okaxis (UPI ${utr})`,
        },
      });
      const row = await t.db.query<{ outcome: string; reason: string | null }>(
        'SELECT outcome, reason FROM payment_notifications WHERE id = $1',
        [msg.body.data._id],
      );
      const want = expected(c);
      const got = { outcome: row.rows[0]?.outcome, reason: row.rows[0]?.reason ?? null };
      if (got.outcome !== want.outcome || got.reason !== want.reason) {
        seen.push(`${JSON.stringify(c)}: ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`);
      }
      const moved = Math.round(((await balanceOf(t, p.id)) - before) * 100);
      if (moved !== (want.outcome === 'matched' ? paise : 0))
        seen.push(`${JSON.stringify(c)}: credited ${moved} paise`);
      if (want.outcome === 'matched') credited += paise;
    }
    expect(seen).toEqual([]);
    expect(Math.round((await balanceOf(t, p.id)) * 100)).toBe(credited);
  });
});
