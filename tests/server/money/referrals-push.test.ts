import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushPayload } from '../../../server/services/push/queue';
import { type PushSender, sendQueuedPushes } from '../../../server/services/push/worker';
import { createPlayer, latestOtp, nextPhone } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { balanceOf } from './helpers/money-fixtures';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

describe('referrals', () => {
  it('pays 5 points to both players once, when the new player verifies', async () => {
    const referrer = await createPlayer(t);
    const code = (
      await t.db.query<{ referral_code: string }>('SELECT referral_code FROM users WHERE id = $1', [
        referrer.id,
      ])
    ).rows[0]?.referral_code;
    const phone = nextPhone();
    const reg = await t.request('POST', '/api/v1/user/register', {
      body: { name: 'Ravi', phone, password: 'secret123', referralCode: code, adult: true },
    });
    expect(reg.status).toBe(200);
    const pending = await t.request('GET', '/api/v1/referrals', { token: referrer.token });
    expect(pending.body.data).toEqual([
      {
        _id: expect.any(String),
        referee: { name: 'Ravi' },
        status: 'pending',
        completedAt: null,
        createdAt: expect.any(String),
      },
    ]);
    expect(await balanceOf(t, referrer.id)).toBe(0);
    const otp = await latestOtp(t, phone);
    const ok = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp, phone, purpose: 'registration' },
    });
    expect(ok.status).toBe(200);
    const done = await t.request('GET', '/api/v1/referrals', { token: referrer.token });
    expect(done.body.data[0]).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
    expect(await balanceOf(t, referrer.id)).toBe(5);
    const referee = (await t.db.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [phone]))
      .rows[0]?.id as string;
    expect(await balanceOf(t, referee)).toBe(5);
    const me = await t.request('GET', '/api/v1/user/user-details', { token: referrer.token });
    expect(me.body.data).toMatchObject({ referralPoint: 5, referralCount: 1 });
    expect((await t.request('GET', '/api/v1/referrals')).status).toBe(401);
  });
});

describe('push outbox', () => {
  it('builds the docs/api.md payload', () => {
    expect(pushPayload({ title: 'T', body: 'B', link: '/wallet', image: null })).toEqual({
      notification: { title: 'T', body: 'B' },
      data: { link: '/wallet' },
    });
    expect(pushPayload({ title: 'T', body: 'B', image: 'i.png', icon: 'x.png' })).toEqual({
      notification: { title: 'T', body: 'B', image: 'i.png' },
      data: { icon: 'x.png' },
    });
  });

  it('keeps messages queued without a sender and sends them once with one', async () => {
    const p = await createPlayer(t);
    await t.db.query(`INSERT INTO device_tokens (user_id, token) VALUES ($1, 'tok-1')`, [p.id]);
    await t.db.query(
      `INSERT INTO push_outbox (user_id, title, body, link) VALUES ($1, 'Withdrawal approved', 'Paid', '/withdrawal')`,
      [p.id],
    );
    expect(await sendQueuedPushes(t.db, null)).toBe(0);
    const sent: { tokens: string[]; payload: unknown }[] = [];
    const sender: PushSender = async (tokens, payload) => {
      sent.push({ tokens, payload });
      return { dead: [] };
    };
    expect(await sendQueuedPushes(t.db, sender)).toBeGreaterThan(0);
    expect(sent).toContainEqual({
      tokens: ['tok-1'],
      payload: {
        notification: { title: 'Withdrawal approved', body: 'Paid' },
        data: { link: '/withdrawal' },
      },
    });
    const before = sent.length;
    await sendQueuedPushes(t.db, sender);
    expect(sent.length).toBe(before);
    const left = await t.db.query(`SELECT 1 FROM push_outbox WHERE status = 'pending'`);
    expect(left.rows).toHaveLength(0);
  });
});
