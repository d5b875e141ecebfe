import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOtpCooldown, createPlayer, latestOtp } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

// Issue 19: the password-reset grant was keyed by phone only, so anyone polling
// POST /user/reset-password for a phone set its password the moment its owner verified the reset
// code (57 tries in 8 s drew no 429). The grant now belongs to whoever verified the code: a
// one-time resetToken answered by verify-otp; the endpoint is limited like login attempts.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ env: { LIMIT_LOGINS_PER_ADDRESS_15MIN: '1000000' } });
});
afterAll(() => t.close());

async function verifyReset(phone: string) {
  await clearOtpCooldown(t, phone);
  expect((await t.request('POST', '/api/v1/user/forget-password', { body: { phone } })).status).toBe(200);
  const otp = await latestOtp(t, phone);
  const ver = await t.request('POST', '/api/v1/user/verify-otp', {
    body: { otp, phone, purpose: 'password' },
  });
  expect(ver.status).toBe(200);
  return ver;
}

const reset = (phone: string, resetToken: string | undefined, password = 'attacker1') =>
  t.request('POST', '/api/v1/user/reset-password', {
    body: { phone, newPassword: password, confirmPassword: password, ...(resetToken ? { resetToken } : {}) },
  });

describe('the reset grant belongs to whoever verified the code', () => {
  it('an attacker who knows only the phone cannot take the grant its owner just earned', async () => {
    const victim = await createPlayer(t);
    const ver = await verifyReset(victim.phone);
    const token = ver.body.data.resetToken as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The attacker polls without the token, and with guessed ones.
    const bare = await reset(victim.phone, undefined);
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toHaveProperty('resetToken');
    const guessed = await reset(victim.phone, 'A'.repeat(43));
    expect(guessed.status).toBe(403);
    expect(guessed.body.message).toBe('Please verify the OTP before resetting your password');
    const login = async (password: string) =>
      (await t.request('POST', '/api/v1/user/login', { body: { phone: victim.phone, password } })).status;
    expect(await login('attacker1')).toBe(401);
    // The owner, holding the token, sets the password; the token works once.
    expect((await reset(victim.phone, token, 'mine-now-1')).status).toBe(200);
    expect((await reset(victim.phone, token, 'again-123')).status).toBe(403);
    await clearOtpCooldown(t, victim.phone);
    expect(await login('mine-now-1')).toBe(200);
  });

  it("a token is bound to its phone: one player's token does not reset another's password", async () => {
    const a = await createPlayer(t);
    const b = await createPlayer(t);
    const tokenA = (await verifyReset(a.phone)).body.data.resetToken;
    await verifyReset(b.phone);
    expect((await reset(b.phone, tokenA)).status).toBe(403);
    expect((await reset(a.phone, tokenA, 'mine-now-2')).status).toBe(200);
  });

  it('polling the endpoint is limited like login attempts: 5 wrong tries per phone, then 429', async () => {
    const victim = await createPlayer(t);
    await verifyReset(victim.phone);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push((await reset(victim.phone, `guess-${i}-${'x'.repeat(40)}`)).status);
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
  });

  it('parallel guesses evaluate at most 5', async () => {
    const victim = await createPlayer(t);
    await verifyReset(victim.phone);
    const all = await Promise.all(
      Array.from({ length: 20 }, (_, i) => reset(victim.phone, `parallel-${i}-${'y'.repeat(40)}`)),
    );
    expect(all.filter((r) => r.status === 403).length).toBeLessThanOrEqual(5);
    expect(all.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(15);
  });

  it('one address polling many phones meets the per-address login limit', async () => {
    const tight = await createTestContext({ env: { LIMIT_LOGINS_PER_ADDRESS_15MIN: '3' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const p = await createPlayer(tight);
        const res = await tight.request('POST', '/api/v1/user/reset-password', {
          body: {
            phone: p.phone,
            newPassword: 'attacker1',
            confirmPassword: 'attacker1',
            resetToken: 'z'.repeat(43),
          },
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([403, 403, 403, 429, 429]);
    } finally {
      await tight.close();
    }
  });
});
