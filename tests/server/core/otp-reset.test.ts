import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upsertAdmin } from '../../../server/services/operators/sign-in';
import { loginWithOtp } from '../helpers/auth-flow';
import { clearOtpCooldown, createAdmin, createPlayer, latestOtp, nextPhone } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestContext();
  admin = await createAdmin(t);
});
afterAll(() => t.close());

describe('OTP rules', () => {
  it('counts wrong codes and locks after 5', async () => {
    const phone = nextPhone();
    await t.request('POST', '/api/v1/user/register', {
      body: { name: 'D', phone, password: 'secret12', adult: true },
    });
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
    await t.request('POST', '/api/v1/user/register', {
      body: { name: 'E', phone, password: 'secret12', adult: true },
    });
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
    await t.request('POST', '/api/v1/user/register', {
      body: { name: 'F', phone, password: 'secret12', adult: true },
    });
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

  it('answers forget-password and resend alike for a player and an unknown phone', async () => {
    const p = await createPlayer(t);
    const unknown = nextPhone();
    const both = async (path: string) => {
      const known = await t.request('POST', `/api/v1/user/${path}`, { body: { phone: p.phone } });
      const other = await t.request('POST', `/api/v1/user/${path}`, { body: { phone: unknown } });
      expect([other.status, other.body.message], path).toEqual([known.status, known.body.message]);
      return known.status;
    };
    expect(await both('forget-password')).toBe(200);
    // A resend right after: the cooldown of the send attempt applies whether a code went out or not.
    expect(await both('resend-otp')).toBe(429);
    expect(await both('forget-password')).toBe(429);
    await clearOtpCooldown(t, p.phone);
    await clearOtpCooldown(t, unknown);
    expect(await both('resend-otp')).toBe(200);
    expect(await both('resend-otp')).toBe(429);
    const sent = await t.db.query<{ phone: string }>('SELECT phone FROM sms_outbox WHERE phone = ANY($1)', [
      [p.phone, unknown],
    ]);
    expect(sent.rows.map((r) => r.phone)).toEqual([p.phone, p.phone]);
  });

  it('resets the password with a verified OTP and revokes old tokens', async () => {
    const p = await createPlayer(t);
    const noGrant = await t.request('POST', '/api/v1/user/reset-password', {
      body: {
        phone: p.phone,
        newPassword: 'newpass1',
        confirmPassword: 'newpass1',
        resetToken: 'x'.repeat(43),
      },
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
    const { resetToken } = ver.body.data;
    const mismatch = await t.request('POST', '/api/v1/user/reset-password', {
      body: { phone: p.phone, newPassword: 'newpass1', confirmPassword: 'other11', resetToken },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors.confirmPassword).toBe('Passwords do not match');
    const reset = await t.request('POST', '/api/v1/user/reset-password', {
      body: { phone: p.phone, newPassword: 'newpass1', confirmPassword: 'newpass1', resetToken },
    });
    expect(reset.status).toBe(200);
    expect((await t.request('GET', '/api/v1/user/user-details', { token: p.token })).status).toBe(401);
    await clearOtpCooldown(t, p.phone);
    expect((await loginWithOtp(t, p.phone, 'newpass1')).status).toBe(200);
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

  it('operator login locks after 5 wrong passwords; a password reset by bootstrap revokes old tokens', async () => {
    const a = await createAdmin(t, 'ops-lock');
    for (let i = 0; i < 5; i++) {
      const r = await t.request('POST', '/api/v1/admin/login', {
        body: { username: 'ops-lock', password: 'wrong' },
      });
      expect(r.status).toBe(401);
    }
    const locked = await t.request('POST', '/api/v1/admin/login', {
      body: { username: 'ops-lock', password: a.password },
    });
    expect(locked.status).toBe(429);
    const bystander = await createAdmin(t, 'ops-bystander');
    expect(await upsertAdmin(t.db, 'ops-lock', 'another-pass-1')).toBe('updated');
    expect((await t.request('GET', '/api/v1/user/users-counts', { token: a.token })).status).toBe(401);
    // Only that operator's sessions end.
    expect((await t.request('GET', '/api/v1/user/users-counts', { token: bystander.token })).status).toBe(
      200,
    );
    expect(await upsertAdmin(t.db, 'ops-new', 'another-pass-1')).toBe('created');
  });

  it('bootstrapping an operator with its current password changes nothing and keeps its sessions', async () => {
    const a = await createAdmin(t, 'ops-same');
    expect(await upsertAdmin(t.db, 'ops-same', a.password)).toBe('unchanged');
    expect((await t.request('GET', '/api/v1/user/users-counts', { token: a.token })).status).toBe(200);
  });

  it('a start-up bootstrap never brings back an operator an owner switched off (issue 19)', async () => {
    const off = await createAdmin(t, 'ops-off', 'owner');
    const keeper = await createAdmin(t, 'ops-keeper', 'owner');
    const switched = await t.request('PATCH', `/api/v1/admin/operators/${off.id}`, {
      token: keeper.token,
      body: { isActive: false },
    });
    expect(switched.status).toBe(200);
    for (const password of [off.password, 'a-brand-new-pass-1']) {
      expect(await upsertAdmin(t.db, 'ops-off', password)).toBe('switched-off');
      const row = await t.db.query<{ is_active: boolean }>(
        'SELECT is_active FROM admins WHERE username = $1',
        ['ops-off'],
      );
      expect(row.rows[0]?.is_active).toBe(false);
      const login = await t.request('POST', '/api/v1/admin/login', {
        body: { username: 'ops-off', password },
      });
      expect(login.status).toBe(401);
    }
    // The shell's create-admin is the way back, and says so.
    expect(await upsertAdmin(t.db, 'ops-off', off.password, { reactivate: true })).toBe('reactivated');
    const back = await t.request('POST', '/api/v1/admin/login', {
      body: { username: 'ops-off', password: off.password },
    });
    expect(back.status).toBe(200);
  });
});
