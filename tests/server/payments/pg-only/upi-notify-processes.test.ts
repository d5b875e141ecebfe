/**
 * Automatic UPI deposits raced across two server processes on one PostgreSQL (issue 35), each the
 * compiled server as `npm start` runs it: the same bank message delivered 50 times at once (25 to
 * each) credits once; a message and the player typing its UTR at the same moment credit once;
 * an owner's match waiting for a second owner, approved ten times on both processes, credits
 * once; an order an owner rejected on one process is not credited by a message on the other; 20
 * players' parallel orders of one amount never share an exact amount, and one player's 20 make one
 * order; 20 parallel orders never pass one deposit limit together.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, LIFTED_LIMITS, newPlayer, SECOND_OWNER } from '../../../../scripts/bench/helpers.mjs';
import { freshPostgres, type ServerProcess, startCompiledServer } from '../../../ops/helpers/server-process';

const SECRET = 'two-processes-notify-secret-0123';
const ADMIN = { username: 'upi-two-owner', password: 'upi-two-owner-pass' };
let db: { url: string; drop: () => Promise<void> };
let a: ServerProcess;
let b: ServerProcess;
let callA: ReturnType<typeof client>;
let callB: ReturnType<typeof client>;
let admin: string;
let sql: pg.Client;
let phoneSeq = 9_812_400_000;
let utrSeq = 620_000_000_000;
const nextUtr = () => {
  utrSeq += 17;
  return String(utrSeq);
};

const ENV = {
  NODE_ENV: 'development',
  DEMO_SEED: 'false',
  ADMIN_USERNAME: ADMIN.username,
  ADMIN_PASSWORD: ADMIN.password,
  PAYMENT_PROVIDER: 'upi',
  UPI_VPA: 'matka.shop@okaxis',
  UPI_PAYEE_NAME: 'Matka Shop',
  UPI_AUTO_MATCH: 'true',
  PAYMENT_NOTIFY_SECRET: SECRET,
  LIMIT_PAYMENT_NOTIFY_PER_ADDRESS_MINUTE: '100000',
  ...LIFTED_LIMITS,
};

const sms = (amount: number, utr: string) =>
  `Rs. ${amount.toFixed(2)} credited to HDFC Bank A/c XX1234 on 21-11-26 from VPA rahul@okaxis (UPI ${utr})`;
const notify = (call: ReturnType<typeof client>, text: string) =>
  call('POST', `/api/payment/notify/${SECRET}`, { body: { from: 'AD-HDFCBK', text } });
const player = () => {
  phoneSeq += 1;
  return newPlayer(callA, admin, String(phoneSeq));
};
const order = async (call: ReturnType<typeof client>, token: string, amount: number) =>
  (await call('POST', '/api/v1/user/fund', { token, body: { amount } })).data as {
    fundId: string;
    orderId: string;
    payAmount: number;
  };

async function credits(userId: string): Promise<{ n: number; paise: number; balance: number }> {
  const r = await sql.query(
    `SELECT count(*)::int AS n, COALESCE(sum(amount_paise), 0)::int8 AS paise,
            (SELECT balance_paise FROM users WHERE id = $1)::int8 AS balance
       FROM ledger WHERE user_id = $1 AND kind = 'fund'`,
    [userId],
  );
  const row = r.rows[0];
  return { n: Number(row.n), paise: Number(row.paise), balance: Number(row.balance) };
}

beforeAll(async () => {
  db = await freshPostgres();
  a = await startCompiledServer({ ...ENV, DATABASE_URL: db.url });
  b = await startCompiledServer({ ...ENV, DATABASE_URL: db.url });
  callA = client(a.url);
  callB = client(b.url);
  admin = (await callA('POST', '/api/v1/admin/login', { body: ADMIN })).token;
  sql = new pg.Client({ connectionString: db.url });
  await sql.connect();
}, 120_000);
afterAll(async () => {
  await sql?.end();
  for (const s of [a, b]) if (s && s.proc.exitCode === null) s.proc.kill('SIGTERM');
  await Promise.all([a?.exited, b?.exited]);
  await db?.drop();
});

describe('automatic UPI deposits across two processes', () => {
  it('20 players ordering one amount in parallel, half on each process, get 20 different exact amounts', async () => {
    const crowd = await Promise.all(Array.from({ length: 20 }, () => player()));
    const orders = await Promise.all(crowd.map((p, i) => order(i % 2 ? callA : callB, p.token, 1500)));
    expect(new Set(orders.map((o) => o.payAmount)).size).toBe(20);
    for (const o of orders) expect(o.payAmount > 1500 && o.payAmount < 1501).toBe(true);
  });

  it("one player's 20 parallel orders of one amount, on both processes, open one order (issue 44)", async () => {
    const p = await player();
    const orders = await Promise.all(
      Array.from({ length: 20 }, (_, i) => order(i % 2 ? callA : callB, p.token, 1600)),
    );
    expect(new Set(orders.map((o) => o.orderId)).size).toBe(1);
    expect(new Set(orders.map((o) => o.payAmount)).size).toBe(1);
    const held = await sql.query(
      'SELECT count(*)::int AS n FROM upi_pay_amounts WHERE amount_paise BETWEEN 160001 AND 160099',
    );
    expect(held.rows[0].n).toBe(1);
  });

  it('the same message 50 times at once, 25 to each process, credits once', async () => {
    const p = await player();
    const o = await order(callA, p.token, 700);
    const text = sms(o.payAmount, nextUtr());
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => notify(i % 2 ? callA : callB, text)),
    );
    const outcomes = answers.map((x) => x.data.outcome);
    expect(outcomes.filter((x) => x === 'matched')).toHaveLength(1);
    expect(outcomes.filter((x) => x === 'duplicate')).toHaveLength(49);
    expect(await credits(p.id)).toEqual({
      n: 1,
      paise: Math.round(o.payAmount * 100),
      balance: Math.round(o.payAmount * 100),
    });
  });

  it('a message and its player typing the UTR at the same moment, on different processes, credit once (10 races)', async () => {
    const p = await player();
    let expected = 0;
    for (let i = 0; i < 10; i++) {
      const o = await order(callA, p.token, 100 + i);
      const utr = nextUtr();
      const [typed, message] = await Promise.all([
        callB('POST', `/api/payment/orders/${o.orderId}/utr`, {
          token: p.token,
          body: { utr },
          accept: [409],
        }),
        notify(i % 2 ? callA : callB, sms(o.payAmount, utr)),
      ]);
      expect([200, 409]).toContain(typed.status);
      expect(message.data.outcome).toBe('matched');
      expected += Math.round(o.payAmount * 100);
    }
    const c = await credits(p.id);
    expect(c).toEqual({ n: 10, paise: expected, balance: expected });
  });

  it('an order an owner rejected on one process is not credited by a message of its exact amount on the other (issue 44)', async () => {
    const p = await player();
    const o = await order(callA, p.token, 640);
    const rejected = await callA('POST', `/api/v1/admin/funds/${o.fundId}/reject`, {
      token: admin,
      body: { reason: 'Looks like a stolen card' },
    });
    expect(rejected.data.status).toBe('rejected');
    // The order's gateway status was never set (NULL): the case the reopen test used to miss.
    const state = await sql.query('SELECT status, gateway_status FROM payment_orders WHERE order_id = $1', [
      o.orderId,
    ]);
    expect(state.rows[0]).toEqual({ status: 'FAILED', gateway_status: null });
    const message = await notify(callB, sms(o.payAmount, nextUtr()));
    expect(message.data).toMatchObject({ outcome: 'unmatched' });
    const row = await sql.query('SELECT outcome, reason, order_id FROM payment_notifications WHERE id = $1', [
      message.data._id,
    ]);
    expect(row.rows[0]).toEqual({ outcome: 'unmatched', reason: 'order-closed', order_id: o.orderId });
    const fund = await callA('GET', `/api/v1/admin/funds/${o.fundId}`, { token: admin });
    expect(fund.data.status).toBe('rejected');
    expect(await credits(p.id)).toEqual({ n: 0, paise: 0, balance: 0 });
  });

  it("an owner's match of another amount waits; approvals on both processes credit it once", async () => {
    const p = await player();
    const o = await order(callA, p.token, 450);
    const message = await notify(callB, sms(449.5, nextUtr()));
    expect(message.data).toMatchObject({ outcome: 'unmatched', reason: 'no-order' });
    const asked = await callA('POST', `/api/v1/admin/payment-notifications/${message.data._id}/match`, {
      token: admin,
      body: { fundId: o.fundId },
      accept: [202],
    });
    expect(asked.status).toBe(202);
    const second = (await callB('POST', '/api/v1/admin/login', { body: SECOND_OWNER })).token;
    const approve = (call: ReturnType<typeof client>) =>
      call('POST', `/api/v1/admin/payment-notifications/${message.data._id}/approve`, {
        token: second,
        body: {},
        accept: [409],
      });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => approve(i % 2 ? callA : callB)));
    expect(answers.filter((x) => x.status === 200)).toHaveLength(1);
    expect(answers.filter((x) => x.status === 409)).toHaveLength(9);
    expect(await credits(p.id)).toEqual({ n: 1, paise: 44950, balance: 44950 });
  });

  it('20 parallel orders on both processes never pass one deposit limit together', async () => {
    const p = await player();
    await callA('PUT', '/api/v1/user/limits', { token: p.token, body: { depositDay: 1000 } });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? callA : callB)('POST', '/api/v1/user/fund', {
          token: p.token,
          body: { amount: 100 },
          accept: [422],
        }),
      ),
    );
    const placed = answers.filter((x) => x.status === 201);
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.length).toBeLessThanOrEqual(10);
    const usage = (await callA('GET', '/api/v1/user/limits', { token: p.token })).data.usage.depositDay;
    // The whole amounts fit the limit; the paise that identify each payment are what was paid.
    expect(placed.length * 100).toBeLessThanOrEqual(1000);
    expect(usage).toBeLessThan(1001);
  });
});
