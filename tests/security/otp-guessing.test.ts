import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, latestOtp, nextPhone } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

/**
 * "OTP tries are counted after reading them": a 4-digit code must not fall to a parallel guesser.
 * 100 guesses arrive at once for one code; at most 5 are evaluated (4 say "Invalid OTP", the rest
 * "Too many wrong attempts"), and afterwards even the right code is refused. On PostgreSQL the
 * guesses really run in parallel on 10 connections.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const wrongCodes = (right: string, n: number) =>
  Array.from({ length: 10_000 }, (_, i) => String(i).padStart(4, '0'))
    .filter((c) => c !== right)
    .slice(0, n);

async function attemptsOf(phone: string, purpose: string): Promise<number> {
  const r = await t.db.query<{ attempts: number }>(
    'SELECT attempts FROM otps WHERE phone = $1 AND purpose = $2 ORDER BY created_at DESC LIMIT 1',
    [phone, purpose],
  );
  return r.rows[0]?.attempts ?? -1;
}

describe('parallel OTP guessing', () => {
  it('evaluates at most 5 of 100 wrong registration codes sent at once, then refuses the right one', async () => {
    const phone = nextPhone();
    await t.request('POST', '/api/v1/user/register', {
      body: { name: 'G', phone, password: 'secret12', adult: true },
    });
    const right = await latestOtp(t, phone);
    const answers = await Promise.all(
      wrongCodes(right, 100).map((otp) =>
        t.request('POST', '/api/v1/user/verify-otp', { body: { otp, phone, purpose: 'registration' } }),
      ),
    );
    const invalid = answers.filter((a) => a.status === 400 && a.body.message === 'Invalid OTP').length;
    const locked = answers.filter((a) => a.status === 429).length;
    expect(invalid).toBe(4);
    expect(locked).toBe(96);
    expect(await attemptsOf(phone, 'registration')).toBe(5);
    const late = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp: right, phone, purpose: 'registration' },
    });
    expect(late.status).toBe(429);
    const user = await t.db.query<{ is_verified: boolean }>(
      'SELECT is_verified FROM users WHERE phone = $1',
      [phone],
    );
    expect(user.rows[0]?.is_verified).toBe(false);
  });

  it('forget-password cannot be turned into a takeover: 100 guesses with the right code among them', async () => {
    const p = await createPlayer(t);
    await t.request('POST', '/api/v1/user/forget-password', { body: { phone: p.phone } });
    const right = await latestOtp(t, p.phone);
    // The right code sits at the end of the burst: at most 5 tries are ever evaluated, and the
    // guesser's 99 wrong ones come first, so it must never be one of them.
    const burst = [...wrongCodes(right, 99), right];
    const answers = await Promise.all(
      burst.map((otp) =>
        t.request('POST', '/api/v1/user/verify-otp', { body: { otp, phone: p.phone, purpose: 'password' } }),
      ),
    );
    const evaluated = answers.filter((a) => a.status !== 429).length;
    expect(evaluated).toBeLessThanOrEqual(5);
    expect(await attemptsOf(p.phone, 'password')).toBeLessThanOrEqual(5);
    const granted = answers.filter((a) => a.status === 200).length;
    const grants = await t.db.query('SELECT 1 FROM password_reset_grants WHERE phone = $1', [p.phone]);
    expect(grants.rows.length).toBe(granted);
    if (granted === 0) {
      const reset = await t.request('POST', '/api/v1/user/reset-password', {
        body: {
          phone: p.phone,
          newPassword: 'taken-over',
          confirmPassword: 'taken-over',
          resetToken: 'x'.repeat(43),
        },
      });
      expect(reset.status).toBe(403);
    }
    for (const a of answers) expect([200, 400, 429]).toContain(a.status);
  });

  it('a right code among the first five tries still works (the limit counts wrong tries only)', async () => {
    const phone = nextPhone();
    await t.request('POST', '/api/v1/user/register', {
      body: { name: 'H', phone, password: 'secret12', adult: true },
    });
    const right = await latestOtp(t, phone);
    for (const otp of wrongCodes(right, 4)) {
      await t.request('POST', '/api/v1/user/verify-otp', { body: { otp, phone, purpose: 'registration' } });
    }
    const ok = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp: right, phone, purpose: 'registration' },
    });
    expect(ok.status).toBe(200);
    const again = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp: right, phone, purpose: 'registration' },
    });
    expect(again.status).toBe(400);
  });
});
