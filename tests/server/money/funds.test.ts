import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '../../../server/services/payments/signature';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { balanceOf, moneySnapshot } from './helpers/money-fixtures';

const SECRET = 'test-webhook-secret';
let t: TestContext;
let p: PlayerFixture;
let op: { token: string };

beforeAll(async () => {
  t = await createTestContext({ env: { PAYMENT_WEBHOOK_SECRET: SECRET } });
  p = await createPlayer(t);
  op = await createAdmin(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(async () => {
  await t.close();
});

async function newFund(amount: unknown = 500, token = p.token) {
  return t.request('POST', '/api/v1/user/fund', { token, body: { amount } });
}

describe('sandbox payment host', () => {
  it('creates a fund request with an order and a checkout page', async () => {
    const res = await newFund(500);
    expect(res.status).toBe(201);
    const { fundId, orderId, paymentUrl } = res.body.data;
    expect(fundId).toMatch(/^[0-9a-f-]{36}$/);
    expect(paymentUrl).toBe(`/api/payment/checkout/${orderId}`);
    const page = await t.request('GET', paymentUrl);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`action="/api/payment/checkout/${orderId}/pay"`);
    expect(page.body).toContain(`action="/api/payment/checkout/${orderId}/fail"`);
    const status = await t.request('GET', `/api/payment/orders/${orderId}/status`, { token: p.token });
    expect(status.body).toEqual({
      status: true,
      message: 'Success',
      order: {
        orderId,
        orderAmount: 500,
        orderStatus: 'PENDING',
        createdAt: expect.any(String),
        // Payable until its window ends; the player may cancel it; nothing settles it by itself.
        payBy: expect.any(String),
        cancellable: true,
        waiting: false,
      },
    });
  });

  it('Pay credits once, however often it is pressed', async () => {
    const { orderId } = (await newFund(1000)).body.data;
    const before = await balanceOf(t, p.id);
    for (let i = 0; i < 3; i++) {
      const res = await t.request('POST', `/api/payment/checkout/${orderId}/pay`);
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe(`/payment/return?order_id=${orderId}`);
    }
    expect(await balanceOf(t, p.id)).toBe(before + 1000);
    const status = await t.request('GET', `/api/payment/orders/${orderId}/status`, { token: p.token });
    expect(status.body.order.orderStatus).toBe('SUCCESS');
    const failAfter = await t.request('POST', `/api/payment/checkout/${orderId}/fail`);
    expect(failAfter.status).toBe(303);
    expect(await balanceOf(t, p.id)).toBe(before + 1000);
    const history = await t.request('GET', '/api/v1/user/fund-by-user', { token: p.token });
    expect(history.body.data[0]).toMatchObject({ balance: 1000, status: 'success' });
  });

  it('Fail rejects the fund request and credits nothing', async () => {
    const { orderId } = (await newFund(700)).body.data;
    const before = await balanceOf(t, p.id);
    await t.request('POST', `/api/payment/checkout/${orderId}/fail`);
    await t.request('POST', `/api/payment/checkout/${orderId}/pay`);
    expect(await balanceOf(t, p.id)).toBe(before);
    const status = await t.request('GET', `/api/payment/orders/${orderId}/status`, { token: p.token });
    expect(status.body.order.orderStatus).toBe('FAILED');
  });

  it("answers 404 for another player's order and unknown orders", async () => {
    const { orderId } = (await newFund(100)).body.data;
    const other = await createPlayer(t);
    expect(
      (await t.request('GET', `/api/payment/orders/${orderId}/status`, { token: other.token })).status,
    ).toBe(404);
    expect((await t.request('GET', '/api/payment/orders/NOPE123/status', { token: p.token })).status).toBe(
      404,
    );
    expect((await t.request('GET', `/api/payment/orders/${orderId}/status`)).status).toBe(401);
    expect((await t.request('POST', '/api/payment/checkout/NOPE123/pay')).status).toBe(404);
  });

  it.each([
    ['zero', 0, 'Please enter a valid amount'],
    ['negative', -5, 'Please enter a valid amount'],
    ['fractional', 10.5, 'Amount must be a whole number of points'],
    ['huge', 1_000_001, 'Amount is too large'],
    ['text', 'lots', 'Please enter a valid amount'],
    ['digit text', '500', 'Please enter a valid amount'],
  ])('refuses a %s amount with 400 and writes nothing', async (_n, amount, message) => {
    const before = await moneySnapshot(t);
    const res = await newFund(amount);
    expect(res.status).toBe(400);
    expect(res.body.errors.amount).toBe(message);
    expect(await moneySnapshot(t)).toEqual(before);
  });
});

describe('signed webhook', () => {
  async function hook(event: Record<string, unknown>, sign = true) {
    const raw = JSON.stringify(event);
    return t.request('POST', '/api/payment/webhook', {
      raw,
      headers: sign ? { 'x-signature': signWebhookBody(raw, SECRET) } : { 'x-signature': '00'.repeat(32) },
    });
  }

  it('credits on a signed success once, de-duplicated by event id', async () => {
    const { orderId } = (await newFund(300)).body.data;
    const before = await balanceOf(t, p.id);
    expect((await hook({ eventId: 'evt-1', orderId, status: 'SUCCESS' }, false)).status).toBe(401);
    expect(await balanceOf(t, p.id)).toBe(before);
    const first = await hook({ eventId: 'evt-1', orderId, status: 'SUCCESS' });
    expect(first.body.data.outcome).toBe('credited');
    const again = await hook({ eventId: 'evt-1', orderId, status: 'SUCCESS' });
    expect(again.body.data.outcome).toBe('duplicate');
    const other = await hook({ eventId: 'evt-2', orderId, status: 'SUCCESS' });
    expect(other.body.data.outcome).toBe('unchanged');
    expect(await balanceOf(t, p.id)).toBe(before + 300);
    expect((await hook({ eventId: 'evt-3', orderId, status: 'MAYBE' })).status).toBe(400);
  });

  it('answers 503 without PAYMENT_WEBHOOK_SECRET, even to a body signed with some key', async () => {
    const bare = await createTestContext();
    try {
      const raw = JSON.stringify({ eventId: 'evt-x', orderId: 'ORDER123', status: 'SUCCESS' });
      const res = await bare.request('POST', '/api/payment/webhook', {
        raw,
        headers: { 'x-signature': signWebhookBody(raw, '') },
      });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: false, message: 'Webhook is not configured' });
    } finally {
      await bare.close();
    }
  });
});

describe('operator review', () => {
  it('approves a pending request once and rejects another', async () => {
    const a = (await newFund(200)).body.data.fundId;
    const b = (await newFund(250)).body.data.fundId;
    const before = await balanceOf(t, p.id);
    const list = await t.request('GET', '/api/v1/admin/funds?status=pending', { token: op.token });
    expect(list.body.data.map((f: { _id: string }) => f._id)).toEqual(expect.arrayContaining([a, b]));
    expect((await t.request('POST', `/api/v1/admin/funds/${a}/approve`, { token: op.token })).status).toBe(
      200,
    );
    expect((await t.request('POST', `/api/v1/admin/funds/${a}/approve`, { token: op.token })).status).toBe(
      409,
    );
    expect(
      (
        await t.request('POST', `/api/v1/admin/funds/${b}/reject`, {
          token: op.token,
          body: { reason: 'Test' },
        })
      ).status,
    ).toBe(200);
    expect((await t.request('POST', `/api/v1/admin/funds/${b}/approve`, { token: op.token })).status).toBe(
      409,
    );
    expect(await balanceOf(t, p.id)).toBe(before + 200);
    expect((await t.request('POST', `/api/v1/admin/funds/${a}/approve`, { token: p.token })).status).toBe(
      403,
    );
    expect((await t.request('POST', '/api/v1/admin/funds/x/approve', { token: op.token })).status).toBe(404);
    const push = await t.db.query(`SELECT title FROM push_outbox WHERE user_id = $1 ORDER BY created_at`, [
      p.id,
    ]);
    expect(push.rows.map((r) => (r as { title: string }).title)).toContain('Fund request rejected');
  });
});
