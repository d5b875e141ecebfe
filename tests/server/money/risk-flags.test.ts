/**
 * Risk flags from scripted behaviour: several registrations from one device and from one IPv6
 * /64, a referral pair on one address (the bonus waits for an operator), a burst of bids, and a
 * withdrawal soon after a deposit with little play. Each flag carries its evidence; none of them
 * refuses anything; clearing one is an audited operator write.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginWithOtp } from '../helpers/auth-flow';
import { createAdmin, createPlayer, latestOtp, nextPhone } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

type Flag = {
  _id: string;
  kind: string;
  userIds: string[];
  players: Array<{ _id: string; name: string; phone: string }>;
  evidence: Record<string, unknown>;
  clearedAt: string | null;
  clearedBy: string | null;
  clearNote: string | null;
};

let t: TestContext;
let op: { id: string; token: string; username: string };
let game: string;

beforeAll(async () => {
  // 09:00 IST; TRUST_PROXY=1 lets each scripted client name its address in X-Forwarded-For.
  t = await createTestContext({ now: '2026-11-18T03:30:00Z', env: { TRUST_PROXY: '1' } });
  op = await createAdmin(t);
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

async function flags(query = '') {
  const res = await t.request('GET', `/api/v1/admin/risk-flags${query}`, { token: op.token });
  expect(res.status).toBe(200);
  return res.body.data as Flag[];
}

const from = (address: string, device?: string) => ({
  'x-forwarded-for': address,
  ...(device ? { 'x-device-id': device } : {}),
});

async function register(phone: string, headers: Record<string, string>, extra: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/api/v1/user/register', {
    body: { name: `Player ${phone.slice(-4)}`, phone, password: 'secret12', adult: true, ...extra },
    headers,
  });
  expect(res.status).toBe(200);
  // The answer names no account (issue 45: a registered phone answers alike): read it here.
  const row = await t.db.query<{ _id: string; referralCode: string }>(
    'SELECT id::text AS "_id", referral_code AS "referralCode" FROM users WHERE phone = $1',
    [phone],
  );
  return row.rows[0] as { _id: string; referralCode: string };
}

/** A signed-in token for a registered (unverified) player: password, then the login code. */
async function tokenFor(phone: string): Promise<string> {
  const res = await loginWithOtp(t, phone, 'secret12');
  expect(res.status).toBe(200);
  return res.body.token as string;
}

describe('several accounts from one origin within a day', () => {
  it('flags a third account from one device, with every account as evidence, blocking none', async () => {
    const device = 'install-7f3a9c2e-device';
    const phones = [nextPhone(), nextPhone()];
    await register(phones[0] as string, from('10.1.0.1', device));
    await register(phones[1] as string, from('10.1.0.2', device));
    expect((await flags()).filter((f) => f.kind === 'shared-device')).toEqual([]);
    const third = nextPhone();
    const user = await register(third, from('10.1.0.3', device));
    const [flag] = (await flags()).filter((f) => f.kind === 'shared-device');
    expect(flag?.evidence).toMatchObject({ device, window: '24 hours' });
    const accounts = flag?.evidence.accounts as Array<{ phone: string; registeredAt: string }>;
    expect(accounts.map((a) => a.phone)).toEqual([...phones, third]);
    expect(flag?.userIds).toContain(user._id);
    // A fourth grows the same open flag; nobody was refused.
    await register(nextPhone(), from('10.1.0.4', device));
    const grown = (await flags()).filter((f) => f.kind === 'shared-device');
    expect(grown).toHaveLength(1);
    expect(grown[0]?.evidence.accounts).toHaveLength(4);
    const verify = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp: await latestOtp(t, third), phone: third, purpose: 'registration' },
    });
    expect(verify.status).toBe(200);
  });

  it('flags three accounts from one IPv6 /64, whatever their last 64 bits', async () => {
    for (const a of ['2001:db8:7:9::1', '2001:db8:7:9:abcd::2', '2001:db8:7:9:ffff:1:2:3']) {
      await register(nextPhone(), from(a));
    }
    await register(nextPhone(), from('2001:db8:7:a::1')); // another /64: not counted
    const [flag] = (await flags()).filter((f) => f.kind === 'shared-address');
    expect(flag?.evidence.address).toBe('2001:db8:7:9::/64');
    expect(flag?.evidence.accounts).toHaveLength(3);
  });
});

describe('a loopback address is not a network', () => {
  it('raises nothing for registrations through a proxy on this machine', async () => {
    for (const a of ['127.0.0.1', '127.0.0.1', '127.0.0.1', '::1', '::1', '::1'])
      await register(nextPhone(), from(a));
    const flagged = (await flags()).filter((f) => f.kind === 'shared-address');
    expect(flagged.map((f) => f.evidence.address)).toEqual(['2001:db8:7:9::/64']);
  });
});

describe('a referral pair on one address', () => {
  it('holds the bonus for an operator, who pays it once with an audited clear', async () => {
    const referrerPhone = nextPhone();
    const referrer = await register(referrerPhone, from('192.0.2.77'));
    const pairPhone = nextPhone();
    await register(pairPhone, from('192.0.2.77'), { referralCode: referrer.referralCode });
    const otp = await latestOtp(t, pairPhone);
    const v = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp, phone: pairPhone, purpose: 'registration' },
    });
    expect(v.status).toBe(200);
    const pair = await t.db.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [pairPhone]);
    const pairId = pair.rows[0]?.id as string;
    expect(await balanceOf(t, pairId)).toBe(0);
    const before = await balanceOf(t, referrer._id);
    const [flag] = (await flags(`?userId=${pairId}`)).filter((f) => f.kind === 'referral-shared');
    expect(flag?.evidence).toMatchObject({
      address: '192.0.2.77',
      device: null,
      bonusHeld: true,
      referrer: { phone: referrerPhone },
      referee: { phone: pairPhone },
    });
    // The referrer sees the referral as still pending.
    const mine = await t.request('GET', '/api/v1/referrals', { token: await tokenFor(referrerPhone) });
    expect(mine.body.data[0]).toMatchObject({ status: 'pending', completedAt: null });

    const clear = (body: unknown) =>
      t.request('POST', `/api/v1/admin/risk-flags/${flag?._id}/clear`, { token: op.token, body });
    const noDecision = await clear({ note: 'Brothers, checked by phone' });
    expect(noDecision.status).toBe(422);
    expect(noDecision.body.message).toBe('Pay or refuse the held referral bonus');
    expect((await clear({ referral: 'pay' })).status).toBe(400);
    const paid = await clear({ note: 'Brothers, checked by phone', referral: 'pay' });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ clearNote: 'Brothers, checked by phone', clearedBy: op.username });
    expect(await balanceOf(t, referrer._id)).toBe(before + 5);
    expect(await balanceOf(t, pairId)).toBe(5);
    expect((await clear({ note: 'again', referral: 'pay' })).status).toBe(409);
    expect(await balanceOf(t, referrer._id)).toBe(before + 5);
    expect((await flags()).map((f) => f._id)).not.toContain(flag?._id);
    expect((await flags('?status=cleared')).map((f) => f._id)).toContain(flag?._id);
    const audit = await t.request('GET', '/api/v1/admin/audit-log?route=risk-flags', { token: op.token });
    const rows = (audit.body.data as Array<{ status: number; request: unknown; after: Flag | null }>).filter(
      (r) => r.status === 200,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.request).toEqual({ note: 'Brothers, checked by phone', referral: 'pay' });
    expect(rows[0]?.after?.clearedAt).toBeTruthy();
  });

  it('a refused bonus is never paid', async () => {
    const referrer = await register(nextPhone(), from('198.51.100.9', 'shared-phone-0001'));
    const phone = nextPhone();
    await register(phone, from('203.0.113.5', 'shared-phone-0001'), { referralCode: referrer.referralCode });
    const otp = await latestOtp(t, phone);
    await t.request('POST', '/api/v1/user/verify-otp', { body: { otp, phone, purpose: 'registration' } });
    const [flag] = (await flags(`?userId=${referrer._id}`)).filter((f) => f.kind === 'referral-shared');
    expect(flag?.evidence).toMatchObject({ device: 'shared-phone-0001', address: null });
    const res = await t.request('POST', `/api/v1/admin/risk-flags/${flag?._id}/clear`, {
      token: op.token,
      body: { note: 'Same phone, one person', referral: 'refuse' },
    });
    expect(res.status).toBe(200);
    expect(await balanceOf(t, referrer._id)).toBe(0);
    const status = await t.db.query('SELECT status FROM referrals WHERE referrer_id = $1', [referrer._id]);
    expect(status.rows[0]).toEqual({ status: 'refused' });
  });

  it('a referral from elsewhere is paid at once and raises nothing', async () => {
    const referrer = await register(nextPhone(), from('198.51.100.30', 'device-aaaa-0001'));
    const phone = nextPhone();
    await register(phone, from('198.51.100.31', 'device-bbbb-0002'), { referralCode: referrer.referralCode });
    const otp = await latestOtp(t, phone);
    await t.request('POST', '/api/v1/user/verify-otp', { body: { otp, phone, purpose: 'registration' } });
    expect(await balanceOf(t, referrer._id)).toBe(5);
    expect(await flags(`?userId=${referrer._id}`)).toEqual([]);
  });
});

describe('more than 30 bids a minute', () => {
  const bid = (token: string, digit: string) =>
    t.request('POST', '/api/v1/user/main/bids', {
      token,
      body: { bids: [{ game, gameType: 'single-digit', amount: 1, session: 'Open', openDigit: digit }] },
    });

  it('flags a burst of 31 submissions, not 30, and every bid stands', async () => {
    const busy = await createPlayer(t, { balance: 100 });
    const calm = await createPlayer(t, { balance: 100 });
    for (let i = 0; i < 31; i++) expect((await bid(busy.token, String(i % 10))).status).toBe(201);
    for (let i = 0; i < 30; i++) expect((await bid(calm.token, String(i % 10))).status).toBe(201);
    const burst = (await flags()).filter((f) => f.kind === 'bid-burst');
    expect(burst.map((f) => f.userIds)).toEqual([[busy.id]]);
    expect(burst[0]?.evidence).toMatchObject({ submissions: 31, bids: 31, stake: 31, limit: 30 });
    expect(await balanceOf(t, busy.id)).toBe(69);
    // Read again: the same burst is not flagged twice, and a cleared one stays cleared.
    expect((await flags()).filter((f) => f.kind === 'bid-burst')).toHaveLength(1);
    await t.request('POST', `/api/v1/admin/risk-flags/${burst[0]?._id}/clear`, {
      token: op.token,
      body: { note: 'Fast thumbs' },
    });
    expect((await flags()).filter((f) => f.kind === 'bid-burst')).toEqual([]);
  });
});

/** A player who deposits 500 and asks for 400 back at once: a quick-withdrawal flag naming them. */
async function quick(method: 'phonepe' | 'gpay' | 'paytm') {
  const p = await createPlayer(t, { name: 'Quick Quentin' });
  await t.request('POST', '/api/v1/user/withdrawal/methods', {
    token: p.token,
    body: { method, phoneNumber: '9302101538' },
  });
  const fund = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 500 } });
  await t.request('POST', `/api/payment/checkout/${fund.body.data.orderId}/pay`);
  const w = await t.request('POST', '/api/v1/user/withdrawal', {
    token: p.token,
    body: { amount: 400, method },
  });
  expect(w.status).toBe(201);
  const [flag] = await flags(`?userId=${p.id}`);
  expect(flag?.kind).toBe('quick-withdrawal');
  // The console names the player the flag is about.
  expect(flag?.players).toEqual([{ _id: p.id, name: 'Quick Quentin', phone: p.phone }]);
  return { p, id: w.body.data._id as string, flag: flag as Flag };
}

describe('a withdrawal soon after a deposit with little play', () => {
  it('flags it with the deposit, the stakes and the minutes between; the withdrawal stands', async () => {
    const p = await createPlayer(t);
    await t.request('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'phonepe', phoneNumber: '9302101538' },
    });
    const fund = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 1000 } });
    await t.request('POST', `/api/payment/checkout/${fund.body.data.orderId}/pay`);
    expect(await balanceOf(t, p.id)).toBe(1000);
    const w = await t.request('POST', '/api/v1/user/withdrawal', {
      token: p.token,
      body: { amount: 900, method: 'phonepe' },
    });
    expect(w.status).toBe(201);
    const [flag] = (await flags(`?userId=${p.id}`)).filter((f) => f.kind === 'quick-withdrawal');
    expect(flag?.evidence).toMatchObject({
      withdrawalId: w.body.data._id,
      withdrawal: 900,
      deposits: 1000,
      staked: 0,
      minutesAfterDeposit: 0,
    });
  });

  it('names the player; clears itself when the player cancels or an operator rejects it', async () => {
    const cancelled = await quick('phonepe');
    const cancel = await t.request('POST', `/api/v1/user/withdrawal/${cancelled.id}/cancel`, {
      token: cancelled.p.token,
    });
    expect(cancel.status).toBe(200);
    expect(await flags(`?userId=${cancelled.p.id}`)).toEqual([]);
    const [gone] = await flags(`?status=cleared&userId=${cancelled.p.id}`);
    expect(gone).toMatchObject({ _id: cancelled.flag._id, clearedBy: null });
    expect(gone?.clearNote).toMatch(/cancelled the withdrawal/);

    const rejected = await quick('gpay');
    const reject = await t.request('POST', `/api/v1/admin/withdrawals/${rejected.id}/reject`, {
      token: op.token,
      body: { reason: 'Play first' },
    });
    expect(reject.status).toBe(200);
    expect(await flags(`?userId=${rejected.p.id}`)).toEqual([]);
    const [refused] = await flags(`?status=cleared&userId=${rejected.p.id}`);
    expect(refused?.clearNote).toMatch(/rejected and refunded/);
  });

  it('keeps the flag of an approved withdrawal open', async () => {
    const approved = await quick('paytm');
    const approve = await t.request('POST', `/api/v1/admin/withdrawals/${approved.id}/approve`, {
      token: op.token,
    });
    expect(approve.status).toBe(200);
    expect((await flags(`?userId=${approved.p.id}`)).map((f) => f.kind)).toEqual(['quick-withdrawal']);
  });

  it('does not flag a player who played at least half of the deposit', async () => {
    const p = await createPlayer(t);
    await t.request('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'gpay', phoneNumber: '9302101538' },
    });
    const fund = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 100 } });
    await t.request('POST', `/api/payment/checkout/${fund.body.data.orderId}/pay`);
    await t.request('POST', '/api/v1/user/main/bids', {
      token: p.token,
      body: { bids: [{ game, gameType: 'single-digit', amount: 50, session: 'Open', openDigit: '4' }] },
    });
    await t.request('POST', '/api/v1/user/withdrawal', {
      token: p.token,
      body: { amount: 40, method: 'gpay' },
    });
    expect(await flags(`?userId=${p.id}`)).toEqual([]);
  });
});

describe('the Risk API refuses what it should', () => {
  it('answers 403 to players, 404 to unknown flags and 400 to bad filters', async () => {
    const p = await createPlayer(t);
    expect((await t.request('GET', '/api/v1/admin/risk-flags', { token: p.token })).status).toBe(403);
    expect(
      (await t.request('GET', '/api/v1/admin/risk-flags?status=maybe', { token: op.token })).status,
    ).toBe(400);
    expect((await t.request('GET', '/api/v1/admin/risk-flags?userId=42', { token: op.token })).status).toBe(
      400,
    );
    const nobody = '/api/v1/admin/risk-flags/00000000-0000-0000-0000-000000000000/clear';
    expect((await t.request('POST', nobody, { token: op.token, body: { note: 'x' } })).status).toBe(404);
    expect(
      (
        await t.request('POST', '/api/v1/admin/risk-flags/xyz/clear', {
          token: op.token,
          body: { note: 'x' },
        })
      ).status,
    ).toBe(404);
  });
});
