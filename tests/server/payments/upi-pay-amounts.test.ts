/**
 * Exact pay amounts cannot be squatted (issue 44: 20 accounts with the default limits held all 99
 * exact amounts of a popular amount for 15 minutes, and every other player's order of it was
 * refused). A player holds one open order per amount: asking again answers that order. When all
 * 99 exact amounts of an amount are held (by 99 players), the next order is not refused: it asks
 * for the amount as chosen and sends its player to the UTR form with a clear message (English,
 * Hindi, Marathi); the UTR finds it, its amount never does.
 */

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '../../../server/db/repositories/users';
import { hashPassword } from '../../../server/services/auth/passwords';
import { issuePlayerToken } from '../../../server/services/auth/tokens';
import { createPlayer, nextPhone, type PlayerFixture } from '../helpers/fixtures';
import { type AnyBody, createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from '../money/helpers/invariants';
import { balanceOf } from '../money/helpers/money-fixtures';
import { upiAutoEnv } from './helpers/upi-env';

const SECRET = 'pay-amounts-notify-secret-0123456789';
const MINUTE = 60_000;
let t: TestContext;
let utrSeq = 560_000_000_000;
const nextUtr = () => {
  utrSeq += 7;
  return String(utrSeq);
};

beforeAll(async () => {
  // The default limits: LIMIT_PENDING_FUND_ORDERS_PER_PLAYER is 5.
  t = await createTestContext({ now: new Date('2026-11-21T05:30:00Z'), env: upiAutoEnv(SECRET) });
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

/** `n` players at once, sharing one password hash (a hash each would cost most of this file's time). */
async function players(n: number): Promise<PlayerFixture[]> {
  const hash = await hashPassword('secret123');
  const made: PlayerFixture[] = [];
  for (let i = 0; i < n; i++) {
    const phone = nextPhone();
    const id = await insertUser(t.db, {
      name: 'Squatter',
      phone,
      passwordHash: hash,
      referralCode: randomBytes(4).toString('hex').toUpperCase(),
      isVerified: true,
    });
    made.push({ id, phone, password: 'secret123', token: await issuePlayerToken(t.db, id) });
  }
  return made;
}

const ask = (p: PlayerFixture, amount: number, lang?: string) =>
  t.request('POST', '/api/v1/user/fund', {
    token: p.token,
    body: { amount },
    ...(lang ? { headers: { 'accept-language': lang } } : {}),
  });
const funds = async (p: PlayerFixture) =>
  (await t.request('GET', '/api/v1/user/fund-by-user', { token: p.token })).body.data as AnyBody[];
const forward = async (text: string) =>
  (await t.request('POST', `/api/payment/notify/${SECRET}`, { body: { from: 'AD-HDFCBK', text } })).body.data;
const hdfc = (amount: number, utr: string) =>
  `Rs. ${amount.toFixed(2)} credited to HDFC Bank A/c XX1234 on 21-11-26 from VPA rahul@okaxis (UPI ${utr})`;

describe('one open order per player per amount', () => {
  it('asking again for an amount whose order still waits answers that order; nothing new is held', async () => {
    const p = await createPlayer(t);
    const first = await ask(p, 600);
    expect(first.status).toBe(201);
    const again = await ask(p, 600);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('You already have a payment of this amount waiting: here it is again.');
    expect(again.body.data).toEqual(first.body.data);
    expect(await funds(p)).toHaveLength(1);
    const hindi = await ask(p, 600, 'hi');
    expect(hindi.body.message).toBe('इस रक़म का आपका एक पेमेंट पहले से बाक़ी है: वही फिर से खोला है।');
    // Another amount is another order.
    const other = await ask(p, 601);
    expect(other.status).toBe(201);
    expect(other.body.data.orderId).not.toBe(first.body.data.orderId);
    // Once the player sent a UTR, the amount is a new deposit.
    await t.request('POST', `/api/payment/orders/${first.body.data.orderId}/utr`, {
      token: p.token,
      body: { utr: nextUtr() },
    });
    const afterUtr = await ask(p, 600);
    expect(afterUtr.status).toBe(201);
    // Cancelled, or its window ended: a new one too.
    await t.request('POST', `/api/payment/orders/${afterUtr.body.data.orderId}/cancel`, { token: p.token });
    const afterCancel = await ask(p, 600);
    expect(afterCancel.status).toBe(201);
    t.clock.advance(16 * MINUTE);
    const afterWindow = await ask(p, 600);
    expect(afterWindow.status).toBe(201);
    expect(new Set([first, afterUtr, afterCancel, afterWindow].map((a) => a.body.data.orderId)).size).toBe(4);
  });

  it('20 accounts with the default limits hold 20 exact amounts of a popular amount, not all 99', async () => {
    const squatters = await players(20);
    const held = new Set<number>();
    for (const p of squatters) {
      for (let k = 0; k < 5; k++) {
        const res = await ask(p, 777);
        expect([200, 201]).toContain(res.status);
        held.add(res.body.data.payAmount);
      }
    }
    expect(held.size).toBe(20);
    const honest = await ask(await createPlayer(t), 777);
    expect(honest.status).toBe(201);
    expect(honest.body.data.payAmount).toBeGreaterThan(777);
    expect(held.has(honest.body.data.payAmount)).toBe(false);
  });
});

describe('a popular amount with every exact amount held', () => {
  it('sends the next player to the UTR form with a clear message, in their language', async () => {
    const holders = await players(99);
    const exact = new Set<number>();
    for (const p of holders) exact.add((await ask(p, 888)).body.data.payAmount);
    expect(exact.size).toBe(99);
    const late = await createPlayer(t);
    const res = await ask(late, 888);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(
      'Many players are paying this amount right now. Pay it as usual, then enter the 12-digit UTR number from your UPI app on the payment page.',
    );
    expect(res.body.data).toMatchObject({ byUtr: true });
    expect(res.body.data.payAmount).toBeUndefined();
    expect(res.body.data.reference).toBeUndefined();
    const { orderId } = res.body.data;
    // Asking again answers the same order.
    const again = await ask(late, 888, 'mr');
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ orderId, byUtr: true });
    expect(again.body.message).toBe('या रकमेचे तुमचे एक पेमेंट आधीच बाकी आहे: तेच पुन्हा उघडले आहे.');
    for (const [lang, words] of [
      ['en', 'so your payment cannot be recognised by its amount alone'],
      ['hi', 'इसलिए सिर्फ़ रक़म से आपका पेमेंट पहचाना नहीं जा सकता'],
      ['mr', 'म्हणून फक्त रकमेवरून तुमचे पेमेंट ओळखता येत नाही'],
    ] as const) {
      const page = String((await t.request('GET', `/api/payment/checkout/${orderId}?lang=${lang}`)).body);
      expect(page).toContain('id="by-utr"');
      expect(page).toContain(words);
      expect(page).toContain('id="utr-form"');
      expect(page).not.toContain('id="exact-amount"');
    }
    const hindi = await ask(await createPlayer(t), 888, 'hi');
    expect(hindi.body.message).toBe(
      'अभी बहुत सारे खिलाड़ी यही रक़म भेज रहे हैं। पेमेंट हमेशा की तरह करें, फिर पेमेंट पेज पर अपने UPI ऐप से 12 अंकों का UTR नंबर डालें।',
    );
  });

  it('such an order is found by its UTR, never by its amount alone', async () => {
    const p = await createPlayer(t);
    const res = await ask(p, 888);
    expect(res.body.data.byUtr).toBe(true);
    // A payment of 888.00 names no order by itself (another player may have paid it).
    expect(await forward(hdfc(888, nextUtr()))).toMatchObject({ outcome: 'unmatched', reason: 'no-order' });
    expect(await balanceOf(t, p.id)).toBe(0);
    const utr = nextUtr();
    const typed = await t.request('POST', `/api/payment/orders/${res.body.data.orderId}/utr`, {
      token: p.token,
      body: { utr },
    });
    expect(typed.status).toBe(200);
    expect(await forward(hdfc(888, utr))).toMatchObject({ outcome: 'matched', reason: 'utr' });
    expect(await balanceOf(t, p.id)).toBe(888);
  });
});
