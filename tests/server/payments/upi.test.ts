/**
 * PAYMENT_PROVIDER=upi: the checkout page's upi:// intent and QR, the player's UTR (own pending
 * order, 12 digits, one UTR per order ever), the operator's approval crediting exactly once, and
 * expiry of orders nobody paid.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runReconciliation } from '../../../server/services/payments/orders';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from '../money/helpers/invariants';
import { balanceOf } from '../money/helpers/money-fixtures';

let t: TestContext;
let p: PlayerFixture;
let other: PlayerFixture;
let admin: { token: string };
let utrSeq = 100_000_000_000;
function nextUtr(): string {
  utrSeq += 7;
  return String(utrSeq);
}

async function fund(amount: number, player = p): Promise<{ orderId: string; fundId: string }> {
  const res = await t.request('POST', '/api/v1/user/fund', { token: player.token, body: { amount } });
  expect(res.status).toBe(201);
  return res.body.data;
}
const submit = (orderId: string, utr: unknown, token = p.token) =>
  t.request('POST', `/api/payment/orders/${orderId}/utr`, { token, body: { utr } });

beforeAll(async () => {
  t = await createTestContext({
    env: {
      PAYMENT_PROVIDER: 'upi',
      UPI_VPA: 'matka.shop@okaxis',
      UPI_PAYEE_NAME: 'Matka Shop',
      LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: '1000',
    },
  });
  p = await createPlayer(t);
  other = await createPlayer(t);
  admin = await createAdmin(t);
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

describe('the UPI checkout page', () => {
  it('shows the upi://pay intent, its QR code and the UTR form, under its own CSP', async () => {
    const { orderId } = await fund(500);
    const page = await t.request('GET', `/api/payment/checkout/${orderId}`);
    expect(page.status).toBe(200);
    const intent = `upi://pay?pa=matka.shop%40okaxis&pn=Matka%20Shop&am=500.00&tn=${orderId}&cu=INR`;
    expect(String(page.body).replaceAll('&#38;', '&')).toContain(`href="${intent}"`);
    expect(page.body).toMatch(/<svg[^>]*viewBox/);
    expect(page.body).toContain('id="utr-form"');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const script = await t.app.request('/api/payment/checkout.js');
    expect(script.headers.get('content-type')).toContain('javascript');
    // No sandbox buttons and no generic webhook with UPI.
    expect((await t.request('POST', `/api/payment/checkout/${orderId}/pay`)).status).toBe(404);
    expect((await t.request('POST', '/api/payment/webhook', { body: {} })).status).toBe(404);
  });

  it('without UPI_AUTO_MATCH: the amount as asked, the order id in the note, no notify endpoint', async () => {
    const res = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 250 } });
    expect(res.body.data.payAmount).toBeUndefined();
    expect(res.body.data.reference).toBeUndefined();
    const status = await t.request('GET', `/api/payment/orders/${res.body.data.orderId}/status`, {
      token: p.token,
    });
    expect(status.body.order).toMatchObject({ orderAmount: 250, waiting: false, cancellable: true });
    const page = await t.request('GET', `/api/payment/checkout/${res.body.data.orderId}`);
    expect(String(page.body)).not.toContain('Pay exactly this amount');
    const notify = await t.request('POST', '/api/payment/notify/any-secret-0123456789', {
      body: { from: 'HDFCBK', text: 'Rs. 250.00 credited to A/c XX1 (UPI 401234567890)' },
    });
    expect(notify.status).toBe(404);
    expect((await t.db.query('SELECT 1 FROM payment_notifications')).rows).toHaveLength(0);
  });
});

describe('the UTR', () => {
  it.each([
    ['11 digits', '12345678901'],
    ['letters', '12345678901A'],
    ['a number', 123456789012],
    ['13 digits', '1234567890123'],
  ])('refuses %s with 400', async (_label, utr) => {
    const { orderId } = await fund(100);
    const res = await submit(orderId, utr);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter the 12-digit UTR number of your payment');
  });

  it("answers 404 for another player's order and 401 without a token", async () => {
    const { orderId } = await fund(100);
    expect((await submit(orderId, nextUtr(), other.token)).status).toBe(404);
    expect(
      (await t.request('POST', `/api/payment/orders/${orderId}/utr`, { body: { utr: nextUtr() } })).status,
    ).toBe(401);
  });

  it('records the UTR once; the same UTR on another order is 409; a resubmission is harmless', async () => {
    const a = await fund(100);
    const b = await fund(100);
    const utr = nextUtr();
    const first = await submit(a.orderId, utr);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ orderId: a.orderId, utr });
    expect((await submit(a.orderId, utr)).status).toBe(200);
    const reused = await submit(b.orderId, utr, p.token);
    expect(reused.status).toBe(409);
    expect(reused.body.message).toBe('This UTR number was already used for another payment');
    expect((await submit(a.orderId, nextUtr())).status).toBe(409);
    const status = await t.request('GET', `/api/payment/orders/${a.orderId}/status`, { token: p.token });
    expect(status.body.order).toMatchObject({ orderStatus: 'PENDING', utr });
  });

  it('one UTR sent for 20 orders at once lands on exactly one', async () => {
    const orders = await Promise.all(Array.from({ length: 20 }, () => fund(50)));
    const utr = nextUtr();
    const answers = await Promise.all(orders.map((o) => submit(o.orderId, utr)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const r = await t.db.query('SELECT 1 FROM payment_orders WHERE utr = $1', [utr]);
    expect(r.rows).toHaveLength(1);
  });
});

describe('the operator and expiry', () => {
  it('sees the pending order with its UTR and approves it: credited exactly once under 10 parallel approvals', async () => {
    const { orderId, fundId } = await fund(1200);
    const utr = nextUtr();
    await submit(orderId, utr);
    const pending = await t.request('GET', '/api/v1/admin/funds?status=pending&limit=100', {
      token: admin.token,
    });
    expect(pending.body.data.find((f: { _id: string }) => f._id === fundId)).toMatchObject({
      orderId,
      utr,
      provider: 'upi',
      amount: 1200,
    });
    const before = await balanceOf(t, p.id);
    const approvals = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request('POST', `/api/v1/admin/funds/${fundId}/approve`, { token: admin.token }),
      ),
    );
    expect(approvals.filter((a) => a.status === 200)).toHaveLength(1);
    expect(approvals.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await balanceOf(t, p.id)).toBe(before + 1200);
    const status = await t.request('GET', `/api/payment/orders/${orderId}/status`, { token: p.token });
    expect(status.body.order.orderStatus).toBe('SUCCESS');
    const page = await t.request('GET', `/api/payment/checkout/${orderId}`);
    expect(page.body).toContain('already paid');
  });

  it('an order without a UTR expires after UPI_ORDER_TTL_HOURS; one with a UTR waits for the operator', async () => {
    const unpaid = await fund(300);
    const claimed = await fund(400);
    await submit(claimed.orderId, nextUtr());
    t.clock.advance(23 * 3_600_000);
    await runReconciliation(t.deps);
    const still = await t.db.query<{ status: string }>(
      'SELECT status FROM payment_orders WHERE order_id = $1',
      [unpaid.orderId],
    );
    expect(still.rows[0]?.status).toBe('PENDING');
    t.clock.advance(2 * 3_600_000);
    for (let i = 0; i < 5; i++) await runReconciliation(t.deps, 200);
    const rows = await t.db.query<{ order_id: string; status: string; fund_status: string }>(
      `SELECT o.order_id, o.status, f.status AS fund_status FROM payment_orders o
         JOIN fund_requests f ON f.id = o.fund_request_id WHERE o.order_id = ANY($1)`,
      [[unpaid.orderId, claimed.orderId]],
    );
    const byId = Object.fromEntries(rows.rows.map((r) => [r.order_id, r]));
    expect(byId[unpaid.orderId]).toMatchObject({ status: 'FAILED', fund_status: 'rejected' });
    expect(byId[claimed.orderId]).toMatchObject({ status: 'PENDING', fund_status: 'pending' });
    // A UTR for an expired order is refused.
    expect((await submit(unpaid.orderId, nextUtr())).status).toBe(409);
  });
});
