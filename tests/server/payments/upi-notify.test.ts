/**
 * Automatic UPI deposits (issue 35): each order's exact amount and reference, the notify endpoint
 * (three body shapes, the secret, the sender allow-list, the size cap, the rate limit, no secret in
 * the logs), the matching rules (amount in the window, reference, a UTR typed before or after the
 * message, duplicates, second payments, amounts that differ), the operators' inbox and its match,
 * the forwarder's health, and cancelling an unpaid order (issue 39), with what counts toward the
 * deposit limit. The races across two processes are in pg-only/upi-notify-processes.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../../server/env';
import { runReconciliation } from '../../../server/services/payments/orders';
import { forwarderHealth } from '../../../server/services/payments/upi-notify';
import { runWatchdogPass } from '../../../server/services/watchdog/run';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { type AnyBody, createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from '../money/helpers/invariants';
import { balanceOf } from '../money/helpers/money-fixtures';

const SECRET = 'notify-secret-0123456789abcdef';
const ENV = {
  PAYMENT_PROVIDER: 'upi',
  UPI_VPA: 'matka.shop@okaxis',
  UPI_PAYEE_NAME: 'Matka Shop',
  UPI_AUTO_MATCH: 'true',
  PAYMENT_NOTIFY_SECRET: SECRET,
  UPI_NOTIFY_SENDERS: 'HDFCBK,SBIUPI,PhonePe',
  UPI_MATCH_MINUTES: '15',
  LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: '1000',
};
const NOW = new Date('2026-11-21T05:30:00Z');
const MINUTE = 60_000;

let t: TestContext;
let admin: { token: string; id: string };
let utrSeq = 510_000_000_000;
function nextUtr(): string {
  utrSeq += 13;
  return String(utrSeq);
}

const hdfc = (amount: number, utr: string) =>
  `Rs. ${amount.toFixed(2)} credited to HDFC Bank A/c XX1234 on 21-11-26 from VPA rahul@okaxis (UPI ${utr})`;

function notify(
  body: unknown,
  opts: { secret?: string; raw?: string; headers?: Record<string, string>; query?: string } = {},
) {
  const path = `/api/payment/notify/${opts.secret ?? SECRET}${opts.query ?? ''}`;
  return t.request('POST', path, { body, raw: opts.raw, headers: opts.headers });
}
const forward = (text: string, from = 'AD-HDFCBK', extra: Record<string, unknown> = {}) =>
  notify({ from, text, ...extra });

async function order(p: PlayerFixture, amount: number) {
  const res = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount } });
  expect(res.status).toBe(201);
  return res.body.data as {
    fundId: string;
    orderId: string;
    payAmount: number;
    reference: string;
    paymentUrl: string;
  };
}
const status = async (p: PlayerFixture, orderId: string) =>
  (await t.request('GET', `/api/payment/orders/${orderId}/status`, { token: p.token })).body.order as AnyBody;
const notificationCount = async () =>
  Number(
    (await t.db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM payment_notifications')).rows[0]?.n,
  );

beforeAll(async () => {
  t = await createTestContext({
    now: NOW,
    env: ENV,
  });
  admin = await createAdmin(t);
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

describe('an order with an exact amount', () => {
  it('asks for the amount plus 1-99 paise, with a short reference in the UPI note, shown large on the checkout', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 500);
    expect(o.payAmount).toBeGreaterThan(500);
    expect(o.payAmount).toBeLessThan(501);
    expect(Math.round(o.payAmount * 100) % 100).toBeGreaterThan(0);
    expect(o.reference).toMatch(/^M[A-HJ-NP-Z2-9]{7}$/);
    const page = await t.request('GET', `/api/payment/checkout/${o.orderId}`);
    const html = String(page.body).replaceAll('&#38;', '&');
    expect(html).toContain(`am=${o.payAmount.toFixed(2)}&tn=${o.reference}&cu=INR`);
    expect(html).toContain('Pay exactly this amount');
    expect(html).toContain(`&#8377;${o.payAmount.toFixed(2)}`);
    expect(html).toContain('id="copy-amount"');
    expect(html).toContain('I have paid');
    // The app names its language: the same page in Hindi.
    const hindi = await t.request('GET', `/api/payment/checkout/${o.orderId}?lang=hi`);
    expect(String(hindi.body)).toContain('ठीक इतनी ही रक़म भेजें');
    expect(String(hindi.body)).toContain('lang="hi');
    const s = await status(p, o.orderId);
    expect(s).toMatchObject({
      orderStatus: 'PENDING',
      orderAmount: o.payAmount,
      payAmount: o.payAmount,
      reference: o.reference,
      waiting: true,
      cancellable: true,
      payBy: new Date(NOW.getTime() + 15 * MINUTE).toISOString(),
    });
  });

  // Exact amounts held by many players, and the popular amount paid by UTR: upi-pay-amounts.test.ts.
});

describe('POST /api/payment/notify/{secret}', () => {
  it('a wrong secret is 404 and stores nothing; the secret never reaches a log line', async () => {
    expect((await forward('Your KYC is due for update. -HDFCBK')).status).toBe(200);
    const before = await notificationCount();
    for (const secret of ['wrong-secret-0123456789abcdef', `${SECRET}x`, 'x', '']) {
      expect((await notify({ from: 'AD-HDFCBK', text: hdfc(10, nextUtr()) }, { secret })).status).toBe(404);
    }
    expect(await notificationCount()).toBe(before);
    const logs = t.logLines.join('\n');
    expect(logs).not.toContain(SECRET);
    expect(logs).toContain('/api/payment/notify/[secret]');
  });

  it('takes the "SMS to URL forwarder" body: a credit of an open order\'s exact amount credits it once', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 1200);
    const utr = nextUtr();
    const sent = (await t.clock.now()).getTime() + 60_000;
    t.clock.advance(2 * MINUTE);
    const res = await forward(hdfc(o.payAmount, utr), 'AD-HDFCBK', {
      sentStamp: sent,
      receivedStamp: String(sent + 1000),
      sim: 'sim1',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'matched' });
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
    expect(await status(p, o.orderId)).toMatchObject({ orderStatus: 'SUCCESS', utr, waiting: false });
    const history = await t.request('GET', '/api/v1/user/fund-by-user', { token: p.token });
    expect(history.body.data[0]).toMatchObject({ status: 'success', amount: o.payAmount });
    // Delivered again (the forwarder retries): a duplicate, nothing more.
    const again = await forward(hdfc(o.payAmount, utr), 'AD-HDFCBK', { sentStamp: sent });
    expect(again.body.data.outcome).toBe('duplicate');
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
  });

  it('takes the "SMS Gateway for Android" sms:received webhook and acknowledges its other events', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 300);
    const res = await notify({
      deviceId: 'ffffffffceb0b1db0000018e937c815b',
      event: 'sms:received',
      id: 'Ey6ECgOkVVFjz3CL48B8C',
      payload: {
        messageId: 'abc123',
        message: `Dear UPI user A/C X1234 credited by Rs${o.payAmount.toFixed(2)} on date 21Nov26 trf from RAHUL Refno ${nextUtr()}. -SBI`,
        phoneNumber: 'VM-SBIUPI',
        simNumber: 1,
        // The phone's local time with its zone, as the app sends it.
        receivedAt: new Date((await t.clock.now()).getTime() + 19_800_000)
          .toISOString()
          .replace('Z', '+05:30'),
      },
      webhookId: 'hook-1',
    });
    expect(res.body.data.outcome).toBe('matched');
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
    const ping = await notify({ event: 'system:ping', payload: { health: {} } });
    expect(ping.status).toBe(200);
    expect(ping.body.data).toBeNull();
  });

  it('takes text/plain with the sender in ?from=, and the reference alone names the order', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 250);
    const res = await notify(undefined, {
      raw: `Received ₹${o.payAmount.toFixed(2)} from Rahul Kumar for ${o.reference}`,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      query: '?from=PhonePe',
    });
    expect(res.body.data.outcome).toBe('matched');
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
    const stored = await t.request('GET', `/api/v1/admin/payment-notifications/${res.body.data._id}`, {
      token: admin.token,
    });
    expect(stored.body.data).toMatchObject({ from: 'PhonePe', outcome: 'matched', orderId: o.orderId });
  });

  it('ignores senders outside UPI_NOTIFY_SENDERS, and debits, OTPs and collect requests even of an exact amount', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 400);
    const amount = o.payAmount.toFixed(2);
    const cases: [string | undefined, string, string][] = [
      ['AD-FAKEBK', hdfc(o.payAmount, nextUtr()), 'sender'],
      [undefined, hdfc(o.payAmount, nextUtr()), 'sender'],
      [
        'AD-HDFCBK',
        `Sent Rs.${amount} From HDFC Bank A/C *1234 To SHOP On 21/11/26 Ref ${nextUtr()}`,
        'debit',
      ],
      ['AD-HDFCBK', `482910 is your OTP for UPI transaction of Rs ${amount}. Do not share it`, 'otp'],
      ['PhonePe', `You have received a payment request of ₹${amount} from RAHUL`, 'collect-request'],
    ];
    for (const [from, text, reason] of cases) {
      const res = await notify(from ? { from, text } : { text });
      expect(res.body.data.outcome).toBe('ignored');
      const row = await t.request('GET', `/api/v1/admin/payment-notifications/${res.body.data._id}`, {
        token: admin.token,
      });
      expect(row.body.data.reason).toBe(reason);
    }
    expect(await balanceOf(t, p.id)).toBe(0);
    expect((await status(p, o.orderId)).orderStatus).toBe('PENDING');
  });

  it('money that names no order is unmatched: another amount, a NEFT credit, an unreadable one', async () => {
    for (const text of [
      hdfc(123.45, nextUtr()),
      'INR 600.10 credited to A/c XX1234 on 21-11-26 by NEFT from RAHUL. Bal INR 10,500.37 -HDFCBK',
      'A/c XX1234: new entry of INR 500.37 on 21-11-26 UPI/401234567822 HDFCBK',
    ]) {
      expect((await forward(text)).body.data.outcome).toBe('unmatched');
    }
  });

  it('refuses a body above UPI_NOTIFY_MAX_BYTES (413) and one that is no message (400), storing nothing', async () => {
    const before = await notificationCount();
    expect((await forward('x'.repeat(9000))).status).toBe(413);
    expect(
      (await notify(undefined, { raw: '{"from": ', headers: { 'content-type': 'application/json' } })).status,
    ).toBe(400);
    expect((await notify({ from: 'AD-HDFCBK' })).status).toBe(400);
    expect((await notify([1, 2])).status).toBe(400);
    expect(await notificationCount()).toBe(before);
  });
});

describe('exactly once, whatever arrives first', () => {
  it('the same message 20 times at once credits once', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 900);
    const text = hdfc(o.payAmount, nextUtr());
    const answers = await Promise.all(Array.from({ length: 20 }, () => forward(text)));
    const outcomes = answers.map((a) => a.body.data.outcome);
    expect(outcomes.filter((x) => x === 'matched')).toHaveLength(1);
    expect(outcomes.filter((x) => x === 'duplicate')).toHaveLength(19);
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
  });

  it('a player who typed the UTR first is credited when the message comes, even after the window', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 700);
    const utr = nextUtr();
    expect(
      (await t.request('POST', `/api/payment/orders/${o.orderId}/utr`, { token: p.token, body: { utr } }))
        .status,
    ).toBe(200);
    expect(await status(p, o.orderId)).toMatchObject({ waiting: true, cancellable: false });
    t.clock.advance(40 * MINUTE);
    await runReconciliation(t.deps, 100);
    expect((await status(p, o.orderId)).orderStatus).toBe('PENDING');
    expect((await forward(hdfc(o.payAmount, utr))).body.data.outcome).toBe('matched');
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
  });

  it('a message that came first credits the order the moment its player types the UTR', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 650);
    t.clock.advance(20 * MINUTE);
    const utr = nextUtr();
    const msg = await forward(hdfc(o.payAmount, utr));
    expect(msg.body.data.outcome).toBe('unmatched');
    const typed = await t.request('POST', `/api/payment/orders/${o.orderId}/utr`, {
      token: p.token,
      body: { utr },
    });
    expect(typed.status).toBe(200);
    expect((await status(p, o.orderId)).orderStatus).toBe('SUCCESS');
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
    const row = await t.request('GET', `/api/v1/admin/payment-notifications/${msg.body.data._id}`, {
      token: admin.token,
    });
    expect(row.body.data).toMatchObject({ outcome: 'matched', orderId: o.orderId });
  });

  it('a UTR an operator already approved (typed by the player) comes back as a duplicate', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 820);
    const utr = nextUtr();
    await t.request('POST', `/api/payment/orders/${o.orderId}/utr`, { token: p.token, body: { utr } });
    expect(
      (await t.request('POST', `/api/v1/admin/funds/${o.fundId}/approve`, { token: admin.token, body: {} }))
        .status,
    ).toBe(200);
    expect((await forward(hdfc(o.payAmount, utr))).body.data.outcome).toBe('duplicate');
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
  });

  it('a second payment for a paid order, or one naming two orders, or of another amount, waits for a person', async () => {
    const p = await createPlayer(t);
    const a = await order(p, 310);
    expect((await forward(hdfc(a.payAmount, nextUtr()))).body.data.outcome).toBe('matched');
    const second = await forward(hdfc(a.payAmount, nextUtr()));
    expect(second.body.data.outcome).toBe('unmatched');
    // Without a UTR the same payment cannot be told from a repeat: nothing more either way.
    expect(
      (await forward(`Rahul Kumar paid you ₹${a.payAmount.toFixed(2)}`, 'PhonePe')).body.data.outcome,
    ).toBe('duplicate');
    // The amount names one order, the UTR (typed by another player) another.
    const b = await order(p, 320);
    const other = await createPlayer(t);
    const c = await order(other, 330);
    const utr = nextUtr();
    await t.request('POST', `/api/payment/orders/${c.orderId}/utr`, { token: other.token, body: { utr } });
    expect((await forward(hdfc(b.payAmount, utr))).body.data.outcome).toBe('unmatched');
    // The UTR names an order but the amount is not its own.
    const d = await order(p, 340);
    const utrD = nextUtr();
    await t.request('POST', `/api/payment/orders/${d.orderId}/utr`, { token: p.token, body: { utr: utrD } });
    const short = await forward(hdfc(340, utrD));
    expect(short.body.data.outcome).toBe('unmatched');
    const row = await t.request('GET', `/api/v1/admin/payment-notifications/${short.body.data._id}`, {
      token: admin.token,
    });
    expect(row.body.data).toMatchObject({ reason: 'amount-differs', orderId: d.orderId });
    expect(await balanceOf(t, p.id)).toBe(a.payAmount);
    expect(await balanceOf(t, other.id)).toBe(0);
  });

  it("a delayed message is placed at the phone's stamp: paid inside the window, credited after the order expired", async () => {
    const p = await createPlayer(t);
    const o = await order(p, 480);
    const paidAt = await t.clock.now();
    t.clock.advance(30 * MINUTE);
    await runReconciliation(t.deps, 100);
    expect((await status(p, o.orderId)).orderStatus).toBe('FAILED');
    const res = await forward(hdfc(o.payAmount, nextUtr()), 'AD-HDFCBK', {
      sentStamp: paidAt.getTime() + 5 * MINUTE,
    });
    expect(res.body.data.outcome).toBe('matched');
    expect((await status(p, o.orderId)).orderStatus).toBe('SUCCESS');
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
  });
});

describe("the operators' Payments inbox", () => {
  it('lists messages newest first, by outcome', async () => {
    const all = await t.request('GET', '/api/v1/admin/payment-notifications?limit=100', {
      token: admin.token,
    });
    expect(all.status).toBe(200);
    const times = all.body.data.map((n: AnyBody) => n.receivedAt);
    expect([...times].sort().reverse()).toEqual(times);
    const unmatched = await t.request(
      'GET',
      '/api/v1/admin/payment-notifications?outcome=unmatched&limit=100',
      {
        token: admin.token,
      },
    );
    expect(unmatched.body.data.length).toBeGreaterThan(0);
    expect(unmatched.body.data.every((n: AnyBody) => n.outcome === 'unmatched')).toBe(true);
    expect(
      (await t.request('GET', '/api/v1/admin/payment-notifications?outcome=x', { token: admin.token }))
        .status,
    ).toBe(400);
    const p = await createPlayer(t);
    expect((await t.request('GET', '/api/v1/admin/payment-notifications', { token: p.token })).status).toBe(
      403,
    );
  });

  it("an owner matches an unmatched message of a request's exact amount: credited at once, once, audited", async () => {
    const p = await createPlayer(t);
    const o = await order(p, 1000);
    t.clock.advance(20 * MINUTE);
    const utr = nextUtr();
    // Paid after its window: no order is open for it, an operator decides (four eyes: upi-inbox-four-eyes.test.ts).
    const msg = await forward(hdfc(o.payAmount, utr));
    expect(msg.body.data.outcome).toBe('unmatched');
    const id = msg.body.data._id;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.request('POST', `/api/v1/admin/payment-notifications/${id}/match`, {
          token: admin.token,
          body: { fundId: o.fundId },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(9);
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
    expect(await status(p, o.orderId)).toMatchObject({ orderStatus: 'SUCCESS', utr });
    const row = await t.request('GET', `/api/v1/admin/payment-notifications/${id}`, { token: admin.token });
    expect(row.body.data).toMatchObject({
      outcome: 'matched',
      reason: 'operator',
      fundId: o.fundId,
      matchedBy: admin.id,
    });
    const audit = await t.db.query<{ status: number; admin_id: string }>(
      `SELECT status, admin_id FROM audit_log WHERE path = $1 ORDER BY id`,
      [`/api/v1/admin/payment-notifications/${id}/match`],
    );
    expect(audit.rows.filter((r) => r.status === 200)).toHaveLength(1);
    // The request is credited: another message cannot pay it again.
    const more = await forward(hdfc(55.5, nextUtr()));
    const again = await t.request('POST', `/api/v1/admin/payment-notifications/${more.body.data._id}/match`, {
      token: admin.token,
      body: { fundId: o.fundId },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This fund request was already credited');
  });

  it('refuses to match an ignored or duplicate message, an unknown request, and a UTR another order holds', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 260);
    const ignored = await forward(`Sent Rs.260.00 From HDFC Bank A/C *1234 To SHOP Ref ${nextUtr()}`);
    const match = (id: string, fundId: string) =>
      t.request('POST', `/api/v1/admin/payment-notifications/${id}/match`, {
        token: admin.token,
        body: { fundId },
      });
    expect((await match(ignored.body.data._id, o.fundId)).status).toBe(409);
    const lone = await forward(hdfc(260.5, nextUtr()));
    expect((await match(lone.body.data._id, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await match('not-a-uuid', o.fundId)).status).toBe(404);
    expect((await match(lone.body.data._id, 'nope')).status).toBe(400);
    const other = await createPlayer(t);
    const held = await order(other, 261);
    const utr = nextUtr();
    await t.request('POST', `/api/payment/orders/${held.orderId}/utr`, { token: other.token, body: { utr } });
    t.clock.advance(20 * MINUTE);
    const msg = await forward(hdfc(999.99, utr));
    expect(msg.body.data.outcome).toBe('unmatched');
    const taken = await match(msg.body.data._id, o.fundId);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('This UTR number was already used for another payment');
    expect(await balanceOf(t, p.id)).toBe(0);
  });

  it('the forwarder is quiet when orders wait and nothing came for UPI_NOTIFY_QUIET_MINUTES', async () => {
    const health = async () =>
      (await t.request('GET', '/api/v1/admin/payment-notifications/health', { token: admin.token })).body
        .data;
    t.clock.advance(60 * MINUTE);
    expect(await health()).toMatchObject({ openOrders: 0, quiet: false });
    const p = await createPlayer(t);
    await order(p, 150);
    const quiet = await health();
    expect(quiet).toMatchObject({ openOrders: 1, quiet: true });
    expect(new Date(quiet.lastReceivedAt).getTime()).toBeLessThan(
      (await t.clock.now()).getTime() - 30 * MINUTE,
    );
    // The watchdog finds it too (one finding, a warning), and clears it once a message comes.
    const watchdog = async () => {
      await runWatchdogPass(t.deps, { force: true });
      const w = await t.request('GET', '/api/v1/admin/watchdog', { token: admin.token });
      return (w.body.data.findings as Array<{ kind: string; severity: string; detail: string }>).filter(
        (f) => f.kind === 'forwarder-quiet',
      );
    };
    const found = await watchdog();
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ severity: 'warning' });
    expect(found[0]?.detail).toMatch(/No payment message forwarded since .* while 1 UPI order waits/);
    await forward('Your KYC is due for update. -HDFCBK');
    expect(await health()).toMatchObject({ openOrders: 1, quiet: false });
    expect(await watchdog()).toEqual([]);
    // The service the watchdog calls answers the same.
    expect(await forwarderHealth(t.db, t.env, await t.clock.now())).toMatchObject({
      openOrders: 1,
      quiet: false,
    });
  });
});

describe('cancelling an unpaid order (issue 39)', () => {
  it('fails it with "Cancelled by you", once, for its own player only', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 200);
    const other = await createPlayer(t);
    const cancel = (who: PlayerFixture) =>
      t.request('POST', `/api/payment/orders/${o.orderId}/cancel`, { token: who.token });
    expect((await cancel(other)).status).toBe(404);
    const done = await cancel(p);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      orderStatus: 'FAILED',
      cancellable: false,
      reason: 'Cancelled by you',
    });
    expect((await cancel(p)).status).toBe(200);
    const history = await t.request('GET', '/api/v1/user/fund-by-user', { token: p.token });
    expect(history.body.data[0]).toMatchObject({ status: 'rejected', reason: 'Cancelled by you' });
    const hindi = await t.request('POST', `/api/payment/orders/${o.orderId}/cancel`, {
      token: p.token,
      headers: { 'accept-language': 'hi' },
    });
    expect(hindi.body.message).toBe('ऑर्डर रद्द हो गया');
  });

  it('refuses an order with a UTR or already paid, and an unknown one', async () => {
    const p = await createPlayer(t);
    const withUtr = await order(p, 210);
    await t.request('POST', `/api/payment/orders/${withUtr.orderId}/utr`, {
      token: p.token,
      body: { utr: nextUtr() },
    });
    const refused = await t.request('POST', `/api/payment/orders/${withUtr.orderId}/cancel`, {
      token: p.token,
    });
    expect(refused.status).toBe(409);
    const paid = await order(p, 220);
    await forward(hdfc(paid.payAmount, nextUtr()));
    expect(
      (await t.request('POST', `/api/payment/orders/${paid.orderId}/cancel`, { token: p.token })).status,
    ).toBe(409);
    expect((await t.request('POST', '/api/payment/orders/NOPE/cancel', { token: p.token })).status).toBe(404);
  });

  it('a payment that arrives for a cancelled order is still credited', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 230);
    await t.request('POST', `/api/payment/orders/${o.orderId}/cancel`, { token: p.token });
    expect((await forward(hdfc(o.payAmount, nextUtr()))).body.data.outcome).toBe('matched');
    expect(await status(p, o.orderId)).toMatchObject({ orderStatus: 'SUCCESS' });
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
  });

  it('a cancelled order, and one whose window ended, stop counting toward the deposit limit', async () => {
    const p = await createPlayer(t);
    expect(
      (await t.request('PUT', '/api/v1/user/limits', { token: p.token, body: { depositDay: 3000 } })).status,
    ).toBe(200);
    const usage = async () =>
      (await t.request('GET', '/api/v1/user/limits', { token: p.token })).body.data.usage
        .depositDay as number;
    const a = await order(p, 2000);
    expect(await usage()).toBe(a.payAmount);
    const refused = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 1500 } });
    expect(refused.status).toBe(422);
    await t.request('POST', `/api/payment/orders/${a.orderId}/cancel`, { token: p.token });
    expect(await usage()).toBe(0);
    const b = await order(p, 2000);
    expect(await usage()).toBe(b.payAmount);
    t.clock.advance(16 * MINUTE);
    expect(await usage()).toBe(0);
    const c = await order(p, 2500);
    // Money received counts: c is paid, at what was paid.
    await forward(hdfc(c.payAmount, nextUtr()));
    expect(await usage()).toBe(c.payAmount);
  });
});

describe('the per-address limit', () => {
  it('answers 429 past LIMIT_PAYMENT_NOTIFY_PER_ADDRESS_MINUTE, wrong secrets counted too, and stores nothing more', async () => {
    const small = await createTestContext({
      now: NOW,
      env: { ...ENV, LIMIT_PAYMENT_NOTIFY_PER_ADDRESS_MINUTE: '3' },
    });
    try {
      const post = (secret: string) =>
        small.request('POST', `/api/payment/notify/${secret}`, {
          body: { from: 'AD-HDFCBK', text: 'Your KYC is due for update. -HDFCBK' },
        });
      expect((await post(SECRET)).status).toBe(200);
      expect((await post('wrong-secret-0123456789abcdef')).status).toBe(404);
      expect((await post(SECRET)).status).toBe(200);
      const limited = await post(SECRET);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
      expect((await small.db.query('SELECT 1 FROM payment_notifications')).rows).toHaveLength(2);
      // A new minute, a new count.
      small.clock.advance(60_000);
      expect((await post(SECRET)).status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('the settings', () => {
  it('refuse UPI_AUTO_MATCH without PAYMENT_NOTIFY_SECRET, with another provider, or with a secret unfit for a URL', () => {
    const upi = { PAYMENT_PROVIDER: 'upi', UPI_VPA: 'matka.shop@okaxis', UPI_PAYEE_NAME: 'Matka Shop' };
    expect(() => loadEnv({ ...upi, UPI_AUTO_MATCH: 'true' })).toThrow(
      /PAYMENT_NOTIFY_SECRET: required with UPI_AUTO_MATCH/,
    );
    expect(() => loadEnv({ UPI_AUTO_MATCH: 'true', PAYMENT_NOTIFY_SECRET: SECRET })).toThrow(
      /UPI_AUTO_MATCH: needs PAYMENT_PROVIDER=upi/,
    );
    expect(() => loadEnv({ ...upi, UPI_AUTO_MATCH: 'true', PAYMENT_NOTIFY_SECRET: 'short' })).toThrow(
      EnvError,
    );
    expect(() =>
      loadEnv({ ...upi, UPI_AUTO_MATCH: 'true', PAYMENT_NOTIFY_SECRET: 'has/a/slash-0123456789' }),
    ).toThrow(EnvError);
    const env = loadEnv({
      ...upi,
      UPI_AUTO_MATCH: 'true',
      PAYMENT_NOTIFY_SECRET: SECRET,
      UPI_NOTIFY_SENDERS: ' HDFCBK, sbiupi ',
    });
    expect(env.UPI_NOTIFY_SENDERS).toEqual(['hdfcbk', 'sbiupi']);
    expect(env.UPI_MATCH_MINUTES).toBe(15);
  });
});
