import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerAndVerify } from '../server/helpers/auth-flow';
import { createPlayer, latestOtp, nextPhone } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

/**
 * The resend cooldown is per phone AND purpose (docs/api.md "Auth"): the login code right after a
 * password reset, or right after registering, is sent at once; only a second code of the same
 * purpose within 30 s waits. The hourly cap stays per phone.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('OTP cooldown per purpose', () => {
  it('login right after a password reset sends the login code', async () => {
    const p = await createPlayer(t);
    expect(
      (await t.request('POST', '/api/v1/user/forget-password', { body: { phone: p.phone } })).status,
    ).toBe(200);
    const otp = await latestOtp(t, p.phone);
    const verified = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp, phone: p.phone, purpose: 'password' },
    });
    const reset = await t.request('POST', '/api/v1/user/reset-password', {
      body: {
        phone: p.phone,
        newPassword: 'brand-new1',
        confirmPassword: 'brand-new1',
        resetToken: verified.body.data.resetToken,
      },
    });
    expect(reset.status).toBe(200);
    const login = await t.request('POST', '/api/v1/user/login', {
      body: { phone: p.phone, password: 'brand-new1' },
    });
    expect(login.status).toBe(200);
    const again = await t.request('POST', '/api/v1/user/resend-otp', { body: { phone: p.phone } });
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^Please wait \d+ seconds before requesting another OTP$/);
  });

  it('login right after registering sends the login code', async () => {
    const phone = nextPhone();
    await registerAndVerify(t, phone);
    const login = await t.request('POST', '/api/v1/user/login', { body: { phone, password: 'secret12' } });
    expect(login.status).toBe(200);
    expect(login.body.message).toBe('OTP sent successfully');
  });

  it('the hourly cap of 5 codes stays per phone, whatever the purposes', async () => {
    const p = await createPlayer(t);
    const purposes = ['forget-password', 'login', 'forget-password', 'login', 'forget-password', 'login'];
    const statuses: number[] = [];
    for (const call of purposes) {
      await t.db.query(`DELETE FROM rate_limit_buckets WHERE key LIKE $1`, [`otp-cooldown:${p.phone}:%`]);
      const body = call === 'login' ? { phone: p.phone, password: p.password } : { phone: p.phone };
      statuses.push((await t.request('POST', `/api/v1/user/${call}`, { body })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
