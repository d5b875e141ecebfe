/**
 * PAYMENT_PROVIDER=cashfree against a local stand-in of the Cashfree API: every delivery order the
 * stand-in can produce (webhook on time, late, twice, never, wrong amount, wrong signature, stale,
 * gateway down or slow on create, order expired) ends with the wallet credited exactly once or not
 * at all, and no order stays pending.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runReconciliation } from '../../../server/services/payments/orders';
import { marketDayOf } from '../../../src/domain/market-time';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from '../money/helpers/invariants';
import { balanceOf } from '../money/helpers/money-fixtures';
import { CashfreeStandin } from './helpers/cashfree-standin';

const APP_ID = 'TEST-app-id-123';
const SECRET = 'TEST-cashfree-secret-key-456';

let t: TestContext;
let gw: CashfreeStandin;
let p: PlayerFixture;
let admin: { token: string };
let offsetMs = 0;

function advance(ms: number) {
  t.clock.advance(ms);
  offsetMs += ms;
}

async function fund(amount: number, player = p) {
  const res = await t.request('POST', '/api/v1/user/fund', { token: player.token, body: { amount } });
  return res;
}

async function orderRow(orderId: string) {
  const r = await t.db.query<{
    status: string;
    fund_status: string;
    needs_review: boolean;
    next_check_at: Date | null;
  }>(
    `SELECT o.status, f.status AS fund_status, o.needs_review, o.next_check_at
       FROM payment_orders o JOIN fund_requests f ON f.id = o.fund_request_id WHERE o.order_id = $1`,
    [orderId],
  );
  return r.rows[0];
}

/**
 * The market days this file's orders were made on, by the database clock that stamped them. The
 * test's clock is fixed at the file's start and advanced by hand (over an hour below), so late in
 * the evening its "today" is often another day than the orders': the report is asked per day.
 */
async function orderDays(orderId?: string): Promise<string[]> {
  const r = await t.db.query<{ day: string }>(
    `SELECT DISTINCT (created_at AT TIME ZONE $1)::date::text AS day FROM payment_orders
      WHERE $2::text IS NULL OR order_id = $2 ORDER BY day`,
    [t.env.MARKET_TZ, orderId ?? null],
  );
  return r.rows.map((row) => row.day);
}

async function report(day: string) {
  return t.request('GET', `/api/v1/admin/payments/reconciliation?date=${day}`, { token: admin.token });
}

async function credits(orderId: string) {
  const r = await t.db.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM ledger l JOIN payment_orders o ON l.ref_id = o.fund_request_id::text
      WHERE l.kind = 'fund' AND o.order_id = $1`,
    [orderId],
  );
  return Number(r.rows[0]?.n);
}

beforeAll(async () => {
  gw = new CashfreeStandin(APP_ID, SECRET, async (_url, raw, headers) => {
    const res = await t.app.request('/api/payment/webhook', { method: 'POST', headers, body: raw });
    return { status: res.status };
  });
  await gw.start();
  gw.now = () => Date.now() + offsetMs;
  t = await createTestContext({
    env: {
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_APP_ID: APP_ID,
      CASHFREE_SECRET_KEY: SECRET,
      CASHFREE_BASE_URL: gw.baseUrl,
      PUBLIC_URL: 'https://matka.example',
      PAYMENT_HTTP_TIMEOUT_MS: '300',
      LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: '1000',
    },
  });
  p = await createPlayer(t);
  admin = await createAdmin(t);
});
afterEach(() => {
  gw.switches = { create: 'ok', fetch: 'ok' };
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
  await gw.stop();
});

describe('creating an order', () => {
  it('opens the gateway order as documented and answers our own checkout page', async () => {
    const res = await fund(1000);
    expect(res.status).toBe(201);
    const { orderId, paymentUrl } = res.body.data;
    expect(paymentUrl).toBe(`https://matka.example/api/payment/checkout/${orderId}`);
    const call = gw.calls.find((c) => c.method === 'POST');
    expect(call?.headers).toMatchObject({
      'x-client-id': APP_ID,
      'x-client-secret': SECRET,
      'x-api-version': '2025-01-01',
    });
    const order = gw.orders.get(orderId);
    expect(order).toMatchObject({
      order_amount: 1000,
      order_currency: 'INR',
      customer_details: { customer_id: p.id, customer_phone: p.phone },
      order_meta: {
        return_url: 'https://matka.example/payment/return?order_id={order_id}',
        notify_url: 'https://matka.example/api/payment/webhook',
      },
    });

    const page = await t.request('GET', `/api/payment/checkout/${orderId}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`data-session="${order?.payment_session_id}"`);
    expect(page.body).toContain('https://sdk.cashfree.com/js/v3/cashfree.js');
    expect(page.body).not.toContain('/pay"');
    expect(page.headers.get('content-security-policy')).toContain(
      "script-src 'self' https://sdk.cashfree.com",
    );
    // The sandbox buttons do not exist with a real gateway.
    expect((await t.request('POST', `/api/payment/checkout/${orderId}/pay`)).status).toBe(404);
  });

  it.each([
    ['answers 500', 500],
    ['answers 502', 502],
    ['never answers', 'hang' as const],
  ])('a gateway that %s costs a clear 503 and writes nothing', async (_label, mode) => {
    gw.switches.create = mode;
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM payment_orders');
    const started = Date.now();
    const res = await fund(500);
    expect(res.status).toBe(503);
    expect(res.body.message).toMatch(/No money was taken/);
    expect(Date.now() - started).toBeLessThan(3000);
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM payment_orders');
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('webhooks', () => {
  it('a signed success webhook credits exactly once, however many times it is delivered', async () => {
    const { orderId } = (await fund(2000)).body.data;
    const before = await balanceOf(t, p.id);
    gw.markPaid(orderId);
    const hook = gw.webhook(orderId);
    const answers = await Promise.all(Array.from({ length: 20 }, () => hook.send()));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(await balanceOf(t, p.id)).toBe(before + 2000);
    expect(await credits(orderId)).toBe(1);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'SUCCESS',
      fund_status: 'success',
      next_check_at: null,
    });
    const status = await t.request('GET', `/api/payment/orders/${orderId}/status`, { token: p.token });
    expect(status.body.order.orderStatus).toBe('SUCCESS');
  });

  it('a failed attempt is noted, and a later paid attempt on the same order credits once', async () => {
    const { orderId } = (await fund(300)).body.data;
    const before = await balanceOf(t, p.id);
    expect((await gw.webhook(orderId, { status: 'FAILED' }).send()).status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ status: 'PENDING', fund_status: 'pending' });
    gw.markPaid(orderId);
    await gw.webhook(orderId).send();
    expect(await balanceOf(t, p.id)).toBe(before + 300);
  });

  it.each([
    ['a wrong signature', { wrongSignature: true }],
    ['a stale timestamp', { ageMs: 10 * 60_000 }],
  ])('refuses %s with 401 and credits nothing', async (_label, options) => {
    const { orderId } = (await fund(700)).body.data;
    const before = await balanceOf(t, p.id);
    const res = await gw.webhook(orderId, options).send();
    expect(res.status).toBe(401);
    expect(await balanceOf(t, p.id)).toBe(before);
    expect(await orderRow(orderId)).toMatchObject({ status: 'PENDING' });
  });

  it('a tampered body under a valid signature is refused', async () => {
    const { orderId } = (await fund(400)).body.data;
    const hook = gw.webhook(orderId);
    const res = await t.app.request('/api/payment/webhook', {
      method: 'POST',
      headers: hook.headers,
      body: hook.raw.replace('"payment_amount":400.00', '"payment_amount":40000.00'),
    });
    expect(res.status).toBe(401);
  });

  it.each([
    ['a different amount', { amount: 1 }],
    ['a different currency', { currency: 'USD' }],
  ])(
    'a paid webhook with %s is not credited and shows in the reconciliation report',
    async (_label, options) => {
      const { orderId } = (await fund(900)).body.data;
      const before = await balanceOf(t, p.id);
      const res = await gw.webhook(orderId, options).send();
      expect(res.status).toBe(200);
      expect(await balanceOf(t, p.id)).toBe(before);
      expect(await orderRow(orderId)).toMatchObject({
        status: 'PENDING',
        needs_review: true,
        next_check_at: null,
      });
      const [day] = await orderDays(orderId);
      const shown = await report(day as string);
      expect(shown.status).toBe(200);
      expect(shown.body.data.mismatches).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ orderId, reason: expect.stringMatching(/different amount/) }),
        ]),
      );
      const listed = await t.request('GET', '/api/v1/admin/funds?status=pending', { token: admin.token });
      expect(listed.body.data.find((f: { orderId: string }) => f.orderId === orderId)).toMatchObject({
        provider: 'cashfree',
        needsReview: true,
      });
    },
  );
});

describe('reconciliation without a webhook', () => {
  it('the status page asks the gateway: a late webhook finds the order already credited', async () => {
    const { orderId } = (await fund(1500)).body.data;
    const before = await balanceOf(t, p.id);
    gw.markPaid(orderId);
    const status = await t.request('GET', `/api/payment/orders/${orderId}/status`, { token: p.token });
    expect(status.body.order.orderStatus).toBe('SUCCESS');
    expect(await balanceOf(t, p.id)).toBe(before + 1500);
    const late = await gw.webhook(orderId).send();
    expect(late.status).toBe(200);
    expect(await credits(orderId)).toBe(1);
    expect(await balanceOf(t, p.id)).toBe(before + 1500);
  });

  it('a gateway that fails while the status page asks leaves the order pending and the page answering', async () => {
    const { orderId } = (await fund(250)).body.data;
    gw.switches.fetch = 500;
    const status = await t.request('GET', `/api/payment/orders/${orderId}/status`, { token: p.token });
    expect(status.status).toBe(200);
    expect(status.body.order.orderStatus).toBe('PENDING');
  });

  it('the job credits a paid order whose webhook never came, fails an expired one, and backs off on errors', async () => {
    const paid = (await fund(600)).body.data.orderId;
    const expired = (await fund(800)).body.data.orderId;
    const flaky = (await fund(350)).body.data.orderId;
    const before = await balanceOf(t, p.id);
    gw.markPaid(paid);
    gw.expire(expired);

    // Not yet due: the job leaves fresh orders alone.
    await runReconciliation(t.deps);
    expect(await orderRow(paid)).toMatchObject({ status: 'PENDING' });

    gw.switches.fetch = 503;
    advance(4 * 60_000);
    await runReconciliation(t.deps);
    expect(await orderRow(paid)).toMatchObject({ status: 'PENDING' });
    const backedOff = (await orderRow(flaky))?.next_check_at as Date;
    expect(backedOff.getTime()).toBeGreaterThan((await t.clock.now()).getTime());

    gw.switches.fetch = 'ok';
    advance(2 * 60_000);
    await runReconciliation(t.deps);
    expect(await orderRow(paid)).toMatchObject({ status: 'SUCCESS', fund_status: 'success' });
    expect(await orderRow(expired)).toMatchObject({
      status: 'FAILED',
      fund_status: 'rejected',
      next_check_at: null,
    });
    expect(await orderRow(flaky)).toMatchObject({ status: 'PENDING' });
    expect(await balanceOf(t, p.id)).toBe(before + 600);

    // The fund history tells the truth: the expired order's request is rejected.
    const history = await t.request('GET', '/api/v1/user/fund-by-user?limit=50', { token: p.token });
    expect(history.body.data.find((f: { orderId: string }) => f.orderId === expired)).toMatchObject({
      status: 'rejected',
    });

    // Running again (or on another process) changes nothing.
    advance(60 * 60_000);
    gw.expire(flaky);
    await runReconciliation(t.deps);
    await runReconciliation(t.deps);
    expect(await credits(paid)).toBe(1);
    expect(await orderRow(flaky)).toMatchObject({ status: 'FAILED' });
  });

  it('the report totals what was credited beside what the gateway reports', async () => {
    const totals = { paid: 0, paidAmount: 0, credited: 0 };
    for (const day of await orderDays()) {
      const shown = await report(day);
      expect(shown.status).toBe(200);
      expect(shown.body.data.date).toBe(day);
      const cashfree = shown.body.data.providers.find((x: { provider: string }) => x.provider === 'cashfree');
      totals.paid += cashfree?.states.SUCCESS?.count ?? 0;
      totals.paidAmount += cashfree?.states.SUCCESS?.amount ?? 0;
      totals.credited += cashfree?.credited ?? 0;
    }
    expect(totals.paid).toBeGreaterThanOrEqual(4);
    expect(totals.credited).toBe(totals.paidAmount);
    // Without ?date= the report is for today on the server's clock, in the market's time zone.
    const today = await t.request('GET', '/api/v1/admin/payments/reconciliation', { token: admin.token });
    expect(today.status).toBe(200);
    expect(today.body.data.date).toBe(marketDayOf(await t.clock.now(), t.env.MARKET_TZ));
    const player = await t.request('GET', '/api/v1/admin/payments/reconciliation', { token: p.token });
    expect(player.status).toBe(403);
    const bad = await t.request('GET', '/api/v1/admin/payments/reconciliation?date=2026-02-30', {
      token: admin.token,
    });
    expect(bad.status).toBe(400);
  });
});
