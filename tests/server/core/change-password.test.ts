import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issuePlayerToken } from '../../../server/services/auth/tokens';
import { loginWithOtp } from '../helpers/auth-flow';
import { clearOtpCooldown, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

// Issue 39: a signed-in player changes their password from Profile (POST /user/password).

let t: TestContext;
let p: PlayerFixture;
beforeAll(async () => {
  t = await createTestContext();
  p = await createPlayer(t, { password: 'old-secret' });
});
afterAll(() => t.close());

const change = (body: unknown, token = p.token, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/v1/user/password', { token, body, headers });

describe('changing the password from Profile', () => {
  it('refuses a wrong current password, in the language asked, and changes nothing', async () => {
    const res = await change(
      { currentPassword: 'not-it', newPassword: 'new-secret', confirmPassword: 'new-secret' },
      p.token,
      { 'Accept-Language': 'mr' },
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: false,
      message: 'सध्याचा पासवर्ड बरोबर नाही',
      errors: { currentPassword: 'सध्याचा पासवर्ड बरोबर नाही' },
    });
    expect((await loginWithOtp(t, p.phone, 'old-secret')).status).toBe(200);
  });

  it.each([
    [{ currentPassword: 'old-secret', newPassword: 'abc', confirmPassword: 'abc' }, 'newPassword'],
    [
      { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'other1' },
      'confirmPassword',
    ],
    [{ currentPassword: '', newPassword: 'new-secret', confirmPassword: 'new-secret' }, 'currentPassword'],
    [{ newPassword: 'new-secret', confirmPassword: 'new-secret' }, 'currentPassword'],
  ])('a bad form is a 400 naming the field (%o)', async (body, field) => {
    const res = await change(body);
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors)).toContain(field);
  });

  it('needs a player token', async () => {
    const body = { currentPassword: 'old-secret', newPassword: 'new-secret', confirmPassword: 'new-secret' };
    expect((await t.request('POST', '/api/v1/user/password', { body })).status).toBe(401);
  });

  it('sets the new password, keeps this session and ends every other one', async () => {
    const other = await issuePlayerToken(t.db, p.id);
    const res = await change({
      currentPassword: 'old-secret',
      newPassword: 'new-secret',
      confirmPassword: 'new-secret',
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password changed. Your other sessions have ended.');
    expect((await t.request('GET', '/api/v1/user/user-details', { token: p.token })).status).toBe(200);
    expect((await t.request('GET', '/api/v1/user/user-details', { token: other })).status).toBe(401);
    await clearOtpCooldown(t, p.phone);
    expect(
      (await t.request('POST', '/api/v1/user/login', { body: { phone: p.phone, password: 'old-secret' } }))
        .status,
    ).toBe(401);
    await clearOtpCooldown(t, p.phone);
    expect((await loginWithOtp(t, p.phone, 'new-secret')).status).toBe(200);
  });

  it('wrong current passwords count as wrong logins: the sixth in 15 minutes is 429', async () => {
    const q = await createPlayer(t, { password: 'q-secret' });
    const wrong = { currentPassword: 'guess', newPassword: 'new-secret', confirmPassword: 'new-secret' };
    const answers = await Promise.all(Array.from({ length: 8 }, () => change(wrong, q.token)));
    const codes = answers.map((a) => a.status).sort();
    expect(codes.filter((c) => c === 400)).toHaveLength(5);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    // Locked: even the right one waits, as at the login page.
    const right = await change({ ...wrong, currentPassword: 'q-secret' }, q.token);
    expect(right.status).toBe(429);
  });
});
