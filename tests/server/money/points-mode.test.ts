/**
 * MONEY_MODE=points (issue 20, docs/api.md "Responsible play"): free to play. No deposits or
 * withdrawals, a daily grant of POINTS_DAILY_GRANT on the first verified login of a market day
 * (once, ledger kind 'grant'), the public config says so, and production refuses to start until
 * the operator chooses a mode.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../../server/env';
import { loginWithOtp, registerAndVerify } from '../helpers/auth-flow';
import { clearOtpCooldown, createPlayer, nextPhone } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { balanceOf } from './helpers/money-fixtures';

const NINE_IST = '2026-11-18T03:30:00Z';
const NO_CASH = 'Deposits and withdrawals are off: points have no cash value';
let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({ now: NINE_IST, env: { MONEY_MODE: 'points', POINTS_DAILY_GRANT: '500' } });
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

describe('points mode', () => {
  it('says so in the public config', async () => {
    const res = await t.request('GET', '/api/v1/config');
    expect(res.body.data).toEqual({ marketTz: 'Asia/Kolkata', moneyMode: 'points' });
  });

  it('refuses every deposit and withdrawal with 403, writing nothing', async () => {
    const p = await createPlayer(t, { balance: 1000 });
    const fund = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount: 100 } });
    expect(fund.status).toBe(403);
    expect(fund.body.message).toBe(NO_CASH);
    const w = await t.request('POST', '/api/v1/user/withdrawal', {
      token: p.token,
      body: { amount: 100, method: 'gpay' },
    });
    expect(w.status).toBe(403);
    expect(w.body.message).toBe(NO_CASH);
    expect((await t.db.query('SELECT 1 FROM fund_requests')).rows).toEqual([]);
    expect((await t.db.query('SELECT 1 FROM withdrawals')).rows).toEqual([]);
    expect(await balanceOf(t, p.id)).toBe(1000);
  });

  it('grants the daily points on the first sign-in of a market day, once', async () => {
    const phone = nextPhone();
    // Registration signs the new player in (issue 39): that is the day's first sign-in.
    await registerAndVerify(t, phone);
    const id = (await t.db.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [phone])).rows[0]
      ?.id as string;
    expect(await balanceOf(t, id)).toBe(500);
    await clearOtpCooldown(t, phone);
    const first = await loginWithOtp(t, phone, 'secret12');
    expect(first.status).toBe(200);
    expect(first.body.data.balance).toBe(500);
    await clearOtpCooldown(t, phone);
    const again = await loginWithOtp(t, phone, 'secret12');
    expect(again.status).toBe(200);
    expect(await balanceOf(t, id)).toBe(500);
    t.clock.set('2026-11-18T18:31:00Z'); // 00:01 the next day in IST
    await clearOtpCooldown(t, phone);
    await loginWithOtp(t, phone, 'secret12');
    expect(await balanceOf(t, id)).toBe(1000);
    const grants = await t.db.query<{ ref_id: string; amount_paise: number }>(
      `SELECT ref_id, amount_paise FROM ledger WHERE user_id = $1 AND kind = 'grant' ORDER BY ref_id`,
      [id],
    );
    expect(grants.rows).toEqual([
      { ref_id: `${id}:2026-11-18`, amount_paise: 50000 },
      { ref_id: `${id}:2026-11-19`, amount_paise: 50000 },
    ]);
  });
});

describe('real mode (the default outside production)', () => {
  it('grants nothing and says real', async () => {
    const real = await createTestContext({ now: NINE_IST });
    try {
      expect((await real.request('GET', '/api/v1/config')).body.data.moneyMode).toBe('real');
      const phone = nextPhone();
      await registerAndVerify(real, phone);
      const login = await loginWithOtp(real, phone, 'secret12');
      expect(login.body.data.balance).toBe(0);
    } finally {
      await real.close();
    }
  });
});

describe('production chooses a mode', () => {
  const safe = { NODE_ENV: 'production', OTP_SECRET: 'a-long-enough-secret', SMS_PROVIDER: 'outbox' };
  it('refuses to start without MONEY_MODE, naming it', () => {
    expect(() =>
      loadEnv({ ...safe, PAYMENT_PROVIDER: 'upi', UPI_VPA: 'shop@okaxis', UPI_PAYEE_NAME: 'S' }),
    ).toThrow(EnvError);
    expect(() =>
      loadEnv({ ...safe, PAYMENT_PROVIDER: 'upi', UPI_VPA: 'shop@okaxis', UPI_PAYEE_NAME: 'S' }),
    ).toThrow('MONEY_MODE');
    expect(() => loadEnv({ ...safe, MONEY_MODE: 'free' })).toThrow('MONEY_MODE must be real or points');
  });
  it('runs points mode without a payment provider', () => {
    expect(loadEnv({ ...safe, MONEY_MODE: 'points' }).MONEY_MODE).toBe('points');
    expect(() => loadEnv({ ...safe, MONEY_MODE: 'real' })).toThrow('PAYMENT_PROVIDER');
  });
});
