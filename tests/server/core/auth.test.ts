import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginWithOtp, registerAndVerify } from '../helpers/auth-flow';
import { clearOtpCooldown, createAdmin, createPlayer, latestOtp, nextPhone } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestContext();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

describe('registration and login through the SMS outbox', () => {
  it('registers, verifies, logs in with an OTP and reads the player', async () => {
    const phone = nextPhone();
    const reg = await t.request('POST', '/api/v1/user/register', {
      body: {
        name: 'Asha',
        phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`,
        password: 'secret12',
        adult: true,
      },
    });
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ status: true, message: 'OTP sent successfully' });
    // The answer names no account (issue 45): a registered phone's answer is the same.
    expect(reg.body.data).toEqual({ name: 'Asha', phone });

    const outbox = await t.request('GET', `/api/v1/admin/sms-outbox?phone=${phone}`, { token: admin.token });
    expect(outbox.status).toBe(200);
    expect(outbox.body.data[0]).toMatchObject({ phone, purpose: 'registration' });
    const otp = /^(\d{4})/.exec(outbox.body.data[0].text)?.[1];

    const ver = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp, phone, purpose: 'registration' },
    });
    expect(ver.status).toBe(200);
    expect(ver.body.data.isVerified).toBe(true);
    // The registration's code signs the new player in (issue 39): no second code at once.
    expect(ver.body.message).toBe('Registration successful!');
    expect(ver.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const mine = await t.request('GET', '/api/v1/user/user-details', { token: ver.body.token });
    expect(mine.body.data.phone).toBe(phone);

    const login = await loginWithOtp(t, phone, 'secret12');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ status: true, data: { phone } });
    expect(login.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.request('GET', '/api/v1/user/user-details', { token: login.body.token });
    expect(me.body.data.phone).toBe(phone);
  });

  it('stores codes only as an HMAC and never logs passwords or tokens', async () => {
    const phone = nextPhone();
    await registerAndVerify(t, phone);
    const rows = await t.db.query<{ code_hmac: string }>('SELECT code_hmac FROM otps WHERE phone = $1', [
      phone,
    ]);
    expect(rows.rows[0]?.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    const login = await loginWithOtp(t, phone, 'secret12');
    const logs = t.logLines.join('\n');
    expect(logs).not.toContain('secret12');
    expect(logs).not.toContain(login.body.token);
  });

  it('answers a second registration of a verified phone as a first one, and sends it no code', async () => {
    const phone = nextPhone();
    await registerAndVerify(t, phone);
    await clearOtpCooldown(t, phone);
    const again = await t.request('POST', '/api/v1/user/register', {
      body: { name: 'B', phone, password: 'secret12', adult: true },
    });
    // Registration does not tell who is registered (issue 45; tests/security/phone-privacy.test.ts).
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      status: true,
      message: 'OTP sent successfully',
      data: { name: 'B', phone },
    });
    await expect(latestOtp(t, phone)).rejects.toThrow(/no OTP SMS/);
  });

  it('answers a wrong password with 401 and the same message as an unknown phone', async () => {
    const p = await createPlayer(t);
    const wrong = await t.request('POST', '/api/v1/user/login', {
      body: { phone: p.phone, password: 'nope123' },
    });
    const unknown = await t.request('POST', '/api/v1/user/login', {
      body: { phone: nextPhone(), password: 'nope123' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(unknown.body.message);
  });

  it('locks login after 5 wrong passwords with 429', async () => {
    const p = await createPlayer(t);
    for (let i = 0; i < 5; i++) {
      const r = await t.request('POST', '/api/v1/user/login', {
        body: { phone: p.phone, password: 'wrong-pw' },
      });
      expect(r.status).toBe(401);
    }
    const locked = await t.request('POST', '/api/v1/user/login', {
      body: { phone: p.phone, password: p.password },
    });
    expect(locked.status).toBe(429);
  });

  it('refuses a blocked player at login and on every token call', async () => {
    const p = await createPlayer(t);
    const patch = await t.request('PATCH', `/api/v1/admin/users/${p.id}`, {
      token: admin.token,
      body: { isBlocked: true },
    });
    expect(patch.status).toBe(200);
    expect((await t.request('GET', '/api/v1/user/user-details', { token: p.token })).status).toBe(401);
    const login = await t.request('POST', '/api/v1/user/login', {
      body: { phone: p.phone, password: p.password },
    });
    expect(login.status).toBe(403);
  });

  it('pays the referral reward once when the referee verifies', async () => {
    const referrer = await createPlayer(t);
    const code = (await t.request('GET', '/api/v1/user/user-details', { token: referrer.token })).body.data
      .referralCode;
    const phone = nextPhone();
    const ver = await registerAndVerify(t, phone, { referralCode: code });
    expect(ver.body.data.balance).toBe(5);
    const me = await t.request('GET', '/api/v1/user/user-details', { token: referrer.token });
    expect(me.body.data).toMatchObject({ balance: 5, referralCount: 1, referralPoint: 5 });
  });

  it('rejects an unknown referral code with 400', async () => {
    const res = await t.request('POST', '/api/v1/user/register', {
      body: { name: 'C', phone: nextPhone(), password: 'secret12', referralCode: 'NOPE1234', adult: true },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.referralCode).toBe('Invalid referral code');
  });
});
