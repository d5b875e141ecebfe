import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, type PlayerFixture } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';
import { assertInvariants } from '../server/money/helpers/invariants';
import { balanceOf } from '../server/money/helpers/money-fixtures';

/**
 * "Anyone can mark any payment as paid": with a real provider the sandbox checkout and its Pay/Fail
 * buttons must not exist. Attacked as found: 100 unauthenticated Pay/Fail presses at once on a
 * real order, then the order, the fund request and the wallet are checked unchanged.
 */
describe.each(['upi', 'cashfree'])('PAYMENT_PROVIDER=%s', (provider) => {
  let t: TestContext;
  let p: PlayerFixture;

  beforeAll(async () => {
    t = await createTestContext({
      env: { PAYMENT_PROVIDER: provider, PAYMENT_WEBHOOK_SECRET: 'whsec-0123456789abcdef' },
    });
    p = await createPlayer(t);
  });
  afterAll(async () => {
    await assertInvariants(t.db);
    await t.close();
  });

  it('answers 404 to the checkout page and to 100 parallel Pay/Fail presses, changing nothing', async () => {
    const created = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 5000 } });
    expect(created.status).toBe(201);
    const { orderId, fundId } = created.body.data;
    const before = await balanceOf(t, p.id);

    expect((await t.request('GET', `/api/payment/checkout/${orderId}`)).status).toBe(404);
    const presses = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.request('POST', `/api/payment/checkout/${orderId}/${i % 2 === 0 ? 'pay' : 'fail'}`),
      ),
    );
    expect(new Set(presses.map((r) => r.status))).toEqual(new Set([404]));

    expect(await balanceOf(t, p.id)).toBe(before);
    const order = await t.db.query<{ status: string }>(
      'SELECT status FROM payment_orders WHERE order_id = $1',
      [orderId],
    );
    expect(order.rows[0]?.status).toBe('PENDING');
    const fund = await t.db.query<{ status: string }>('SELECT status FROM fund_requests WHERE id = $1', [
      fundId,
    ]);
    expect(fund.rows[0]?.status).toBe('pending');
    const credits = await t.db.query(`SELECT 1 FROM ledger WHERE kind = 'fund'`);
    expect(credits.rows).toHaveLength(0);
  });
});
