/**
 * Two server processes on one PostgreSQL database (two apps, each with its own connection pool, as
 * two `npm start` processes would be), a Cashfree stand-in delivering to both: duplicate webhooks,
 * the status page and the reconciliation job racing on every process credit each paid order once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../../server/app';
import { createPgDb } from '../../../../server/db/pg';
import type { Db } from '../../../../server/db/types';
import { createLogger } from '../../../../server/logger';
import { runReconciliation } from '../../../../server/services/payments/orders';
import { createPlayer, type PlayerFixture } from '../../helpers/fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';
import { assertInvariants } from '../../money/helpers/invariants';
import { balanceOf } from '../../money/helpers/money-fixtures';
import { CashfreeStandin } from '../helpers/cashfree-standin';

const ENV = {
  PAYMENT_PROVIDER: 'cashfree',
  CASHFREE_APP_ID: 'app-two',
  CASHFREE_SECRET_KEY: 'secret-two-processes',
  PUBLIC_URL: 'https://matka.example',
  LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: '1000',
};

let t: TestContext;
let second: { db: Db; app: ReturnType<typeof createApp>; deps: TestContext['deps'] };
let gw: CashfreeStandin;
let p: PlayerFixture;
let turn = 0;

beforeAll(async () => {
  // Webhooks alternate between the two processes, like a load balancer in front of them.
  gw = new CashfreeStandin(ENV.CASHFREE_APP_ID, ENV.CASHFREE_SECRET_KEY, async (_url, raw, headers) => {
    turn += 1;
    const app = turn % 2 === 0 ? t.app : second.app;
    const res = await app.request('/api/payment/webhook', { method: 'POST', headers, body: raw });
    return { status: res.status };
  });
  await gw.start();
  t = await createTestContext({ env: { ...ENV, CASHFREE_BASE_URL: gw.baseUrl } });
  const name = (await t.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db as string;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  const db = await createPgDb(url.toString(), { max: 10 });
  const deps = { ...t.deps, db, logger: createLogger('silent') };
  second = { db, app: createApp(deps), deps };
  p = await createPlayer(t);
});
afterAll(async () => {
  await assertInvariants(t.db);
  await second.db.close();
  await t.close();
  await gw.stop();
});

async function paidOrders(n: number, amount: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount } });
    expect(res.status).toBe(201);
    ids.push(res.body.data.orderId);
    gw.markPaid(res.body.data.orderId);
  }
  return ids;
}

async function creditCount(orderIds: string[]) {
  const r = await t.db.query<{ n: number }>(
    `SELECT count(*)::int8 AS n FROM ledger l JOIN payment_orders o ON l.ref_id = o.fund_request_id::text
      WHERE l.kind = 'fund' AND o.order_id = ANY($1)`,
    [orderIds],
  );
  return Number(r.rows[0]?.n);
}

describe('two processes, one database', () => {
  it('the same webhook delivered 10 times to each process credits once', async () => {
    const [orderId] = await paidOrders(1, 5000);
    const before = await balanceOf(t, p.id);
    const hook = gw.webhook(orderId as string);
    const answers = await Promise.all(Array.from({ length: 20 }, () => hook.send()));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200]));
    expect(await balanceOf(t, p.id)).toBe(before + 5000);
    expect(await creditCount([orderId as string])).toBe(1);
  });

  it("webhooks, status pages and both processes' jobs racing over 15 paid orders credit each exactly once", async () => {
    const ids = await paidOrders(15, 100);
    const before = await balanceOf(t, p.id);
    t.clock.advance(10 * 60_000);
    gw.now = () => Date.now() + 10 * 60_000;
    const results = await Promise.all([
      runReconciliation(t.deps, 100),
      runReconciliation(second.deps, 100),
      ...ids.map((id) => gw.webhook(id).send()),
      ...ids.map((id) =>
        second.app.request(`/api/payment/orders/${id}/status`, {
          headers: { authorization: `Bearer ${p.token}` },
        }),
      ),
      runReconciliation(second.deps, 100),
    ]);
    // Every webhook and status page answered 200: no deadlock, no 5xx under the race.
    const statuses = results
      .filter((r): r is Response | { status: number } => !Array.isArray(r))
      .map((r) => r.status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(await creditCount(ids)).toBe(15);
    expect(await balanceOf(t, p.id)).toBe(before + 1500);
    const pending = await t.db.query(
      `SELECT 1 FROM payment_orders WHERE order_id = ANY($1) AND status <> 'SUCCESS'`,
      [ids],
    );
    expect(pending.rows).toHaveLength(0);
  });
});
