import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../../server/services/operators/totp';
import { createAdmin } from '../../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../../server/helpers/test-app';

// Issue 19 on PostgreSQL, where requests really run at once: parallel wrong codes evaluate at most
// five per challenge, and one code raced on many challenges signs in exactly once.

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: new Date('2026-11-21T06:30:00Z') });
});
afterAll(() => t.close());

const nowS = async () => Math.floor((await t.clock.now()).getTime() / 1000);

async function operatorWithTwoFactor(username: string) {
  const op = await createAdmin(t, username, 'staff');
  const setup = await t.request('POST', '/api/v1/admin/2fa/setup', { token: op.token });
  const key = base32Decode(setup.body.data.secret);
  const on = await t.request('POST', '/api/v1/admin/2fa/enable', {
    token: op.token,
    body: { code: totp(key, await nowS()) },
  });
  expect(on.status).toBe(200);
  t.clock.advance(30_000);
  return { ...op, key };
}

const signIn = (username: string) =>
  t.request('POST', '/api/v1/admin/login', { body: { username, password: 'admin-pass-123' } });

describe('second factor under a race', () => {
  it('40 wrong codes at once on one challenge: at most 5 evaluated, the rest 429', async () => {
    const op = await operatorWithTwoFactor('race-wrong');
    const { challenge } = (await signIn('race-wrong')).body;
    const wrong = (i: number) => String((Number(totp(op.key, 0)) + 1 + i) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        t.request('POST', '/api/v1/admin/login/2fa', { body: { challenge, code: wrong(i) } }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 429).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 200)).toEqual([]);
    const row = await t.db.query<{ attempts: number }>(
      'SELECT attempts FROM admin_login_challenges WHERE admin_id = $1',
      [op.id],
    );
    expect(row.rows[0]?.attempts).toBe(5);
  });

  it('one right code sent on 10 challenges at once signs in exactly once', async () => {
    const op = await operatorWithTwoFactor('race-replay');
    // Sign-ins one after another: the password lockout takes a slot per attempt in flight.
    const challenges = [];
    for (let i = 0; i < 10; i++) challenges.push(await signIn('race-replay'));
    const code = totp(op.key, await nowS());
    const answers = await Promise.all(
      challenges.map((c) =>
        t.request('POST', '/api/v1/admin/login/2fa', { body: { challenge: c.body.challenge, code } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, ...Array(9).fill(401)]);
  });

  it('one recovery code sent on 10 challenges at once signs in exactly once', async () => {
    const op = await createAdmin(t, 'race-recovery', 'staff');
    const setup = await t.request('POST', '/api/v1/admin/2fa/setup', { token: op.token });
    const key = base32Decode(setup.body.data.secret);
    const on = await t.request('POST', '/api/v1/admin/2fa/enable', {
      token: op.token,
      body: { code: totp(key, await nowS()) },
    });
    const recoveryCode = on.body.data.recoveryCodes[3];
    const challenges = [];
    for (let i = 0; i < 10; i++) challenges.push(await signIn('race-recovery'));
    const answers = await Promise.all(
      challenges.map((c) =>
        t.request('POST', '/api/v1/admin/login/2fa', { body: { challenge: c.body.challenge, recoveryCode } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });
});
