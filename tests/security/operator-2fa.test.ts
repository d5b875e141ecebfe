import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../server/services/operators/totp';
import { createAdmin, createPlayer } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';

// Issue 19: two-factor sign-in for operators (docs/api.md "Operator accounts"): setup with a QR code
// and a typed code, ten recovery codes shown once, sign-in asks for the code after the password,
// wrong codes counted atomically, a code never accepted twice, ADMIN_REQUIRE_2FA.

let t: TestContext;
const START = Date.parse('2026-11-21T06:30:00Z');

beforeAll(async () => {
  t = await createTestContext({ now: new Date(START) });
});
afterAll(() => t.close());

const now = async () => Math.floor((await t.clock.now()).getTime() / 1000);
const codeFor = async (secret: string, offsetSeconds = 0) =>
  totp(base32Decode(secret), (await now()) + offsetSeconds);
const password = 'admin-pass-123';

async function signIn(username: string) {
  return t.request('POST', '/api/v1/admin/login', { body: { username, password } });
}

/** An operator with two-factor sign-in on: answers its secret and recovery codes. */
async function withTwoFactor(username: string, role: 'owner' | 'staff' = 'staff') {
  const op = await createAdmin(t, username, role);
  const setup = await t.request('POST', '/api/v1/admin/2fa/setup', { token: op.token });
  expect(setup.status, JSON.stringify(setup.body)).toBe(200);
  const { secret } = setup.body.data;
  const on = await t.request('POST', '/api/v1/admin/2fa/enable', {
    token: op.token,
    body: { code: await codeFor(secret) },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  // The enabling code's step is used: move on to the next one.
  t.clock.advance(30_000);
  return { ...op, secret: secret as string, recoveryCodes: on.body.data.recoveryCodes as string[] };
}

describe('setting it up', () => {
  it('setup answers a base32 secret, its otpauth URL and a QR code; a code puts it in force', async () => {
    const op = await createAdmin(t, 'tf-setup', 'staff');
    const setup = await t.request('POST', '/api/v1/admin/2fa/setup', { token: op.token });
    expect(setup.status).toBe(200);
    const { secret, otpauthUrl, qrSvg } = setup.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(
      `otpauth://totp/Matka%3Atf-setup?secret=${secret}&issuer=Matka&algorithm=SHA1&digits=6&period=30`,
    );
    expect(qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    // Not in force yet: the password alone still signs in.
    expect((await signIn('tf-setup')).body.token).toBeTruthy();
    const wrong = await t.request('POST', '/api/v1/admin/2fa/enable', {
      token: op.token,
      body: { code: '000000' },
    });
    expect(wrong.status).toBe(400);
    const on = await t.request('POST', '/api/v1/admin/2fa/enable', {
      token: op.token,
      body: { code: await codeFor(secret) },
    });
    expect(on.status).toBe(200);
    const codes = on.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Shown once: enabling again is refused, and the codes are stored only as hashes.
    expect(
      (
        await t.request('POST', '/api/v1/admin/2fa/enable', {
          token: op.token,
          body: { code: await codeFor(secret) },
        })
      ).status,
    ).toBe(409);
    const stored = await t.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM admin_recovery_codes WHERE admin_id = $1',
      [op.id],
    );
    expect(stored.rows).toHaveLength(10);
    expect(JSON.stringify(stored.rows)).not.toContain(codes[0]);
    const sealed = await t.db.query<{ totp_secret: string }>('SELECT totp_secret FROM admins WHERE id = $1', [
      op.id,
    ]);
    expect(sealed.rows[0]?.totp_secret).not.toContain(secret);
    const me = await t.request('GET', '/api/v1/admin/me', { token: op.token });
    expect(me.body.data).toMatchObject({ twoFactor: true, mustSetUpTwoFactor: false });
  });

  it('the audit log keeps neither the secret, the QR code, the codes nor the recovery codes', async () => {
    const op = await withTwoFactor('tf-audit');
    const rows = await t.db.query<{ request: unknown; before: unknown; after: unknown }>(
      "SELECT request, before, after FROM audit_log WHERE admin_id = $1 AND route LIKE '%/2fa/%'",
      [op.id],
    );
    expect(rows.rows.length).toBe(2);
    const text = JSON.stringify(rows.rows);
    expect(text).not.toContain(op.secret);
    expect(text).not.toContain(op.recoveryCodes[0]);
    expect(text).not.toContain('<svg');
  });
});

describe('signing in', () => {
  it('the password answers a challenge and no token; the code answers the token', async () => {
    const op = await withTwoFactor('tf-login');
    const first = await signIn('tf-login');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: true, twoFactorRequired: true });
    expect(first.body.token).toBeUndefined();
    const second = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge: first.body.challenge, code: await codeFor(op.secret) },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const me = await t.request('GET', '/api/v1/admin/me', { token: second.body.token });
    expect(me.body.data).toMatchObject({ username: 'tf-login', twoFactor: true });
    // The challenge is used up.
    const again = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge: first.body.challenge, code: await codeFor(op.secret, 30) },
    });
    expect(again.status).toBe(401);
  });

  it('a code accepted once is refused again, even within its window and with a new challenge', async () => {
    const op = await withTwoFactor('tf-replay');
    const code = await codeFor(op.secret);
    const a = await signIn('tf-replay');
    expect(
      (await t.request('POST', '/api/v1/admin/login/2fa', { body: { challenge: a.body.challenge, code } }))
        .status,
    ).toBe(200);
    const b = await signIn('tf-replay');
    const replay = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge: b.body.challenge, code },
    });
    expect(replay.status).toBe(401);
    // The previous step's code is older than the one accepted: refused too.
    const older = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge: b.body.challenge, code: await codeFor(op.secret, -30) },
    });
    expect(older.status).toBe(401);
    t.clock.advance(30_000);
    const next = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge: b.body.challenge, code: await codeFor(op.secret) },
    });
    expect(next.status).toBe(200);
  });

  it('five wrong codes spend the challenge: even the right code then answers 429', async () => {
    const op = await withTwoFactor('tf-wrong');
    const { challenge } = (await signIn('tf-wrong')).body;
    for (let i = 0; i < 5; i++) {
      const r = await t.request('POST', '/api/v1/admin/login/2fa', { body: { challenge, code: '000000' } });
      expect(r.status).toBe(401);
    }
    const right = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge, code: await codeFor(op.secret) },
    });
    expect(right.status).toBe(429);
  });

  it('a challenge lives 5 minutes', async () => {
    const op = await withTwoFactor('tf-expiry');
    const { challenge } = (await signIn('tf-expiry')).body;
    await t.db.query(
      "UPDATE admin_login_challenges SET expires_at = now() - interval '1 second' WHERE admin_id = $1",
      [op.id],
    );
    const late = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge, code: await codeFor(op.secret) },
    });
    expect(late.status).toBe(401);
    expect(late.body.message).toBe('The sign-in has expired. Please sign in again.');
  });

  it('each recovery code signs in once', async () => {
    const op = await withTwoFactor('tf-recovery');
    const [code] = op.recoveryCodes;
    const a = await signIn('tf-recovery');
    const used = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge: a.body.challenge, recoveryCode: (code as string).toUpperCase() },
    });
    expect(used.status).toBe(200);
    const b = await signIn('tf-recovery');
    const again = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge: b.body.challenge, recoveryCode: code },
    });
    expect(again.status).toBe(401);
    const both = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge: b.body.challenge, recoveryCode: op.recoveryCodes[1], code: '123456' },
    });
    expect(both.status).toBe(400);
  });

  it('turning it off needs a current code; two owners may turn it off for another operator', async () => {
    const op = await withTwoFactor('tf-off');
    expect(
      (await t.request('POST', '/api/v1/admin/2fa/disable', { token: op.token, body: { code: '000000' } }))
        .status,
    ).toBe(400);
    expect(
      (
        await t.request('POST', '/api/v1/admin/2fa/disable', {
          token: op.token,
          body: { code: await codeFor(op.secret) },
        })
      ).status,
    ).toBe(200);
    expect((await signIn('tf-off')).body.token).toBeTruthy();

    const lost = await withTwoFactor('tf-lost-phone');
    const owner = await createAdmin(t, 'tf-owner', 'owner');
    const second = await createAdmin(t, 'tf-owner-2', 'owner');
    const staffTry = await t.request('PATCH', `/api/v1/admin/operators/${lost.id}`, {
      token: op.token,
      body: { twoFactor: false },
    });
    expect(staffTry.status).toBe(403);
    // A reset of another operator's second factor waits for a second owner (nobody alone).
    const asked = await t.request('PATCH', `/api/v1/admin/operators/${lost.id}`, {
      token: owner.token,
      body: { twoFactor: false },
    });
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe('Waiting for a second owner');
    expect((await signIn('tf-lost-phone')).body.twoFactorRequired).toBe(true);
    const patched = await t.request('POST', `/api/v1/admin/operators/${lost.id}/approve`, {
      token: second.token,
    });
    expect(patched.status).toBe(200);
    expect(patched.body.data.twoFactor).toBe(false);
    expect(
      (
        await t.request('PATCH', `/api/v1/admin/operators/${lost.id}`, {
          token: owner.token,
          body: { twoFactor: true },
        })
      ).status,
    ).toBe(400);
    expect((await signIn('tf-lost-phone')).body.token).toBeTruthy();
  });
});

describe('ADMIN_REQUIRE_2FA (on in production)', () => {
  it('an operator without a second factor reaches only /admin/me and /admin/2fa/*', async () => {
    const strict = await createTestContext({
      now: new Date(START),
      env: {
        NODE_ENV: 'production',
        MONEY_MODE: 'real',
        OTP_SECRET: 'a-long-enough-secret',
        SMS_PROVIDER: 'outbox',
        PAYMENT_PROVIDER: 'upi',
        UPI_VPA: 'shop@okaxis',
        UPI_PAYEE_NAME: 'Shop',
      },
    });
    try {
      expect(strict.env.ADMIN_REQUIRE_2FA).toBe(true);
      const op = await createAdmin(strict, 'strict-owner', 'owner');
      const player = await createPlayer(strict);
      const me = await strict.request('GET', '/api/v1/admin/me', { token: op.token });
      expect(me.status).toBe(200);
      expect(me.body.data).toMatchObject({ twoFactor: false, mustSetUpTwoFactor: true });
      for (const [method, path, body] of [
        ['GET', '/api/v1/admin/users', undefined],
        ['GET', '/api/v1/admin/funds', undefined],
        ['GET', '/api/v1/admin/audit-log', undefined],
        [
          'POST',
          `/api/v1/admin/users/${player.id}/wallet`,
          { type: 'credit', amount: 100, description: 'x' },
        ],
        ['GET', '/api/v1/user/users-counts', undefined],
      ] as const) {
        const r = await strict.request(method, path, { token: op.token, body });
        expect(r.status, `${method} ${path}`).toBe(403);
        expect(r.body.message).toBe('Set up two-factor sign-in first');
      }
      const setup = await strict.request('POST', '/api/v1/admin/2fa/setup', { token: op.token });
      expect(setup.status).toBe(200);
      const key = base32Decode(setup.body.data.secret);
      const nowS = Math.floor((await strict.clock.now()).getTime() / 1000);
      const on = await strict.request('POST', '/api/v1/admin/2fa/enable', {
        token: op.token,
        body: { code: totp(key, nowS) },
      });
      expect(on.status).toBe(200);
      expect((await strict.request('GET', '/api/v1/admin/users', { token: op.token })).status).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
