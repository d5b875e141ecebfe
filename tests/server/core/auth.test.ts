import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOtpCooldown, createAdmin, createPlayer, latestOtp, nextPhone } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestContext();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

async function registerAndVerify(phone: string, extra: Record<string, unknown> = {}) {
  const reg = await t.request('POST', '/api/v1/user/register', {
    body: { name: 'Asha', phone, password: 'secret12', ...extra },
  });
  expect(reg.status).toBe(200);
  const otp = await latestOtp(t, phone);
  const ver = await t.request('POST', '/api/v1/user/verify-otp', {
    body: { otp, phone, purpose: 'registration' },
  });
  expect(ver.status).toBe(200);
  return ver;
}

async function loginWithOtp(phone: string, password: string) {
  const res = await t.request('POST', '/api/v1/user/login', { body: { phone, password } });
  expect(res.status).toBe(200);
  const otp = await latestOtp(t, phone);
  return t.request('POST', '/api/v1/user/verify-otp', { body: { otp, phone, purpose: 'login' } });
}

describe('registration and login through the SMS outbox', () => {
  it('registers, verifies, logs in with an OTP and reads the player', async () => {
    const phone = nextPhone();
    const reg = await t.request('POST', '/api/v1/user/register', {
      body: { name: 'Asha', phone: `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, password: 'secret12' },
    });
    expect(reg.status).toBe(200);
    expect(reg.body).toMatchObject({ status: true, message: 'OTP sent successfully' });
    expect(reg.body.data).toMatchObject({ phone, isVerified: false, balance: 0, globel_batting: true });

    const outbox = await t.request('GET', `/api/v1/admin/sms-outbox?phone=${phone}`, { token: admin.token });
    expect(outbox.status).toBe(200);
    expect(outbox.body.data[0]).toMatchObject({ phone, purpose: 'registration' });
    const otp = /^(\d{4})/.exec(outbox.body.data[0].text)?.[1];

    const ver = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp, phone, purpose: 'registration' },
    });
    expect(ver.status).toBe(200);
    expect(ver.body.data.isVerified).toBe(true);

    const login = await loginWithOtp(phone, 'secret12');
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ status: true, data: { phone } });
    expect(login.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const me = await t.request('GET', '/api/v1/user/user-details', { token: login.body.token });
    expect(me.body.data.phone).toBe(phone);
  });

  it('stores codes only as an HMAC and never logs passwords or tokens', async () => {
    const phone = nextPhone();
    await registerAndVerify(phone);
    const rows = await t.db.query<{ code_hmac: string }>('SELECT code_hmac FROM otps WHERE phone = $1', [
      phone,
    ]);
    expect(rows.rows[0]?.code_hmac).toMatch(/^[0-9a-f]{64}$/);
    const login = await loginWithOtp(phone, 'secret12');
    const logs = t.logLines.join('\n');
    expect(logs).not.toContain('secret12');
    expect(logs).not.toContain(login.body.token);
  });

  it('refuses a second registration of a verified phone with 409', async () => {
    const phone = nextPhone();
    await registerAndVerify(phone);
    const again = await t.request('POST', '/api/v1/user/register', {
      body: { name: 'B', phone, password: 'secret12' },
    });
    expect(again.status).toBe(409);
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
    const ver = await registerAndVerify(phone, { referralCode: code });
    expect(ver.body.data.balance).toBe(5);
    const me = await t.request('GET', '/api/v1/user/user-details', { token: referrer.token });
    expect(me.body.data).toMatchObject({ balance: 5, referralCount: 1, referralPoint: 5 });
  });

  it('rejects an unknown referral code with 400', async () => {
    const res = await t.request('POST', '/api/v1/user/register', {
      body: { name: 'C', phone: nextPhone(), password: 'secret12', referralCode: 'NOPE1234' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.referralCode).toBe('Invalid referral code');
  });
});

describe('OTP rules', () => {
  it('counts wrong codes and locks after 5', async () => {
    const phone = nextPhone();
    await t.request('POST', '/api/v1/user/register', { body: { name: 'D', phone, password: 'secret12' } });
    const real = await latestOtp(t, phone);
    const wrongCode = real === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i++) {
      const r = await t.request('POST', '/api/v1/user/verify-otp', {
        body: { otp: wrongCode, phone, purpose: 'registration' },
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe('Invalid OTP');
    }
    const fifth = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp: wrongCode, phone, purpose: 'registration' },
    });
    expect(fifth.status).toBe(429);
    const right = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp: real, phone, purpose: 'registration' },
    });
    expect(right.status).toBe(429);
  });

  it('refuses an expired code and a reused code', async () => {
    const phone = nextPhone();
    await t.request('POST', '/api/v1/user/register', { body: { name: 'E', phone, password: 'secret12' } });
    const otp = await latestOtp(t, phone);
    await t.db.query(`UPDATE otps SET expires_at = now() - interval '1 second' WHERE phone = $1`, [phone]);
    const expired = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp, phone, purpose: 'registration' },
    });
    expect(expired.status).toBe(400);
    await clearOtpCooldown(t, phone);
    expect((await t.request('POST', '/api/v1/user/resend-otp', { body: { phone } })).status).toBe(200);
    const fresh = await latestOtp(t, phone);
    expect(
      (
        await t.request('POST', '/api/v1/user/verify-otp', {
          body: { otp: fresh, phone, purpose: 'registration' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await t.request('POST', '/api/v1/user/verify-otp', {
          body: { otp: fresh, phone, purpose: 'registration' },
        })
      ).status,
    ).toBe(400);
  });

  it('allows one send per 30 s and 5 per hour', async () => {
    const phone = nextPhone();
    await t.request('POST', '/api/v1/user/register', { body: { name: 'F', phone, password: 'secret12' } });
    const soon = await t.request('POST', '/api/v1/user/resend-otp', { body: { phone } });
    expect(soon.status).toBe(429);
    expect(soon.headers.get('retry-after')).toMatch(/^\d+$/);
    for (let i = 0; i < 4; i++) {
      await clearOtpCooldown(t, phone);
      expect((await t.request('POST', '/api/v1/user/resend-otp', { body: { phone } })).status).toBe(200);
    }
    await clearOtpCooldown(t, phone);
    expect((await t.request('POST', '/api/v1/user/resend-otp', { body: { phone } })).status).toBe(429);
  });
});

describe('password reset and sessions', () => {
  it('answers forget-password alike for unknown phones and sends nothing', async () => {
    const phone = nextPhone();
    const res = await t.request('POST', '/api/v1/user/forget-password', { body: { phone } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('OTP sent successfully');
    const sms = await t.db.query('SELECT 1 FROM sms_outbox WHERE phone = $1', [phone]);
    expect(sms.rows).toHaveLength(0);
  });

  it('resets the password with a verified OTP and revokes old tokens', async () => {
    const p = await createPlayer(t);
    const noGrant = await t.request('POST', '/api/v1/user/reset-password', {
      body: { phone: p.phone, newPassword: 'newpass1', confirmPassword: 'newpass1' },
    });
    expect(noGrant.status).toBe(403);
    expect(
      (await t.request('POST', '/api/v1/user/forget-password', { body: { phone: p.phone } })).status,
    ).toBe(200);
    const otp = await latestOtp(t, p.phone);
    const ver = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp, phone: p.phone, purpose: 'password' },
    });
    expect(ver.status).toBe(200);
    const mismatch = await t.request('POST', '/api/v1/user/reset-password', {
      body: { phone: p.phone, newPassword: 'newpass1', confirmPassword: 'other11' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toBe('Passwords do not match');
    const reset = await t.request('POST', '/api/v1/user/reset-password', {
      body: { phone: p.phone, newPassword: 'newpass1', confirmPassword: 'newpass1' },
    });
    expect(reset.status).toBe(200);
    expect((await t.request('GET', '/api/v1/user/user-details', { token: p.token })).status).toBe(401);
    await clearOtpCooldown(t, p.phone);
    expect((await loginWithOtp(p.phone, 'newpass1')).status).toBe(200);
  });

  it('logout revokes the token; device-token is stored', async () => {
    const p = await createPlayer(t);
    const dt = await t.request('POST', '/api/v1/user/device-token', {
      token: p.token,
      body: { deviceToken: 'fcm-token-1' },
    });
    expect(dt.status).toBe(200);
    const row = await t.db.query<{ user_id: string }>('SELECT user_id FROM device_tokens WHERE token = $1', [
      'fcm-token-1',
    ]);
    expect(row.rows[0]?.user_id).toBe(p.id);
    expect((await t.request('POST', '/api/v1/user/logout', { token: p.token })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/user/user-details', { token: p.token })).status).toBe(401);
  });

  it('operator login answers a token; wrong password 401', async () => {
    const a = await createAdmin(t, 'ops-login');
    const ok = await t.request('POST', '/api/v1/admin/login', {
      body: { username: 'ops-login', password: a.password },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.token).toBeTruthy();
    const bad = await t.request('POST', '/api/v1/admin/login', {
      body: { username: 'ops-login', password: 'x' },
    });
    expect(bad.status).toBe(401);
  });

  it('maintenance answers 503 to login while reads keep working', async () => {
    await t.request('PUT', '/api/v1/admin/maintenance', {
      token: admin.token,
      body: { isActive: true, message: 'Back soon' },
    });
    const p = await createPlayer(t);
    const res = await t.request('POST', '/api/v1/user/login', {
      body: { phone: p.phone, password: p.password },
    });
    expect(res.status).toBe(503);
    expect(res.body.message).toBe('Back soon');
    expect((await t.request('GET', '/api/v1/status')).body.data.isActive).toBe(true);
    await t.request('PUT', '/api/v1/admin/maintenance', { token: admin.token, body: { isActive: false } });
  });
});
