import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, type PlayerFixture } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';
import { assertInvariants } from '../server/money/helpers/invariants';
import { balanceOf } from '../server/money/helpers/money-fixtures';
import { CashfreeStandin } from '../server/payments/helpers/cashfree-standin';

/**
 * "Anyone can mark any payment as paid": with a real provider the sandbox checkout and its Pay/Fail
 * buttons must not exist. Attacked as found: 100 unauthenticated Pay/Fail presses at once on a
 * real order, then the order, the fund request and the wallet are checked unchanged.
 */
describe.each(['upi', 'cashfree'])('PAYMENT_PROVIDER=%s', (provider) => {
  let t: TestContext;
  let p: PlayerFixture;
  const gateway = new CashfreeStandin('app-id', 'secret-key');

  beforeAll(async () => {
    await gateway.start();
    const providerEnv: Record<string, string> =
      provider === 'cashfree'
        ? { CASHFREE_APP_ID: 'app-id', CASHFREE_SECRET_KEY: 'secret-key', CASHFREE_BASE_URL: gateway.baseUrl }
        : { UPI_VPA: 'shop@okaxis', UPI_PAYEE_NAME: 'Shop' };
    t = await createTestContext({
      env: {
        PAYMENT_PROVIDER: provider,
        PAYMENT_WEBHOOK_SECRET: 'whsec-0123456789abcdef',
        PUBLIC_URL: 'https://matka.example',
        ...providerEnv,
      },
    });
    p = await createPlayer(t);
  });
  afterAll(async () => {
    await assertInvariants(t.db);
    await t.close();
    await gateway.stop();
  });

  it('shows the real checkout without Pay/Fail and answers 404 to 100 parallel presses, changing nothing', async () => {
    const created = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 5000 } });
    expect(created.status).toBe(201);
    const { orderId, fundId } = created.body.data;
    const before = await balanceOf(t, p.id);

    const page = await t.request('GET', `/api/payment/checkout/${orderId}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toMatch(/\/(pay|fail)"/);
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
