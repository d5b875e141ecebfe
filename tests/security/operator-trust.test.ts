import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../server/services/operators/totp';
import { createAdmin, createPlayer } from '../server/helpers/fixtures';
import { awayFromWindowEdge } from '../server/helpers/rate-window';
import { createTestContext, type TestContext } from '../server/helpers/test-app';
import { balanceOf } from '../server/money/helpers/money-fixtures';

// Issue 34, operator trust round two: each hole an attacker found, reproduced as the attack, which
// the server now refuses. Races of the same holes run on PostgreSQL (pg-only/operator-trust-race).

const START = new Date('2026-11-21T06:30:00Z');
const PASSWORD = 'admin-pass-123';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: START });
});
afterAll(() => t.close());

type Op = Awaited<ReturnType<typeof createAdmin>>;
const signIn = (ctx: TestContext, username: string, password = PASSWORD, headers?: Record<string, string>) =>
  ctx.request('POST', '/api/v1/admin/login', { body: { username, password }, headers });
const nowS = async (ctx: TestContext) => Math.floor((await ctx.clock.now()).getTime() / 1000);

/** Sets up and turns on the second factor from a session; answers the key. */
async function turnOnTwoFactor(ctx: TestContext, token: string) {
  const setup = await ctx.request('POST', '/api/v1/admin/2fa/setup', { token });
  expect(setup.status).toBe(200);
  const key = base32Decode(setup.body.data.secret);
  const on = await ctx.request('POST', '/api/v1/admin/2fa/enable', {
    token,
    body: { code: totp(key, await nowS(ctx)) },
  });
  expect(on.status, JSON.stringify(on.body)).toBe(200);
  ctx.clock.advance(30_000);
  return key;
}

describe('1. nobody satisfies four eyes alone', () => {
  it('a lone owner makes a second owner: it waits, cannot sign in, and cannot approve a credit', async () => {
    const solo = await createTestContext({ now: START });
    try {
      const owner = await createAdmin(solo, 'lone-owner', 'owner');
      const made = await solo.request('POST', '/api/v1/admin/operators', {
        token: owner.token,
        body: { username: 'lone-puppet', password: 'puppet-pass-123', role: 'owner' },
      });
      expect(made.status).toBe(202);
      expect(made.body.message).toContain("add a second owner from the server's shell");
      expect((await signIn(solo, 'lone-puppet', 'puppet-pass-123')).status).toBe(401);
      // The owner cannot approve their own request either.
      const self = await solo.request('POST', `/api/v1/admin/operators/${made.body.data._id}/approve`, {
        token: owner.token,
      });
      expect(self.status).toBe(409);
      // So the 50,000 credit waits for a second owner that only the shell can make.
      const player = await createPlayer(solo);
      const credit = await solo.request('POST', `/api/v1/admin/users/${player.id}/wallet`, {
        token: owner.token,
        body: { type: 'credit', amount: 50_000, description: 'to myself' },
      });
      expect(credit.status).toBe(202);
      expect(await balanceOf(solo, player.id)).toBe(0);
      // Staff made by the lone owner cannot sign in either (a staff account is a second pair of eyes
      // on withdrawals).
      const staff = await solo.request('POST', '/api/v1/admin/operators', {
        token: owner.token,
        body: { username: 'lone-staff', password: 'puppet-pass-123', role: 'staff' },
      });
      expect(staff.status).toBe(202);
      expect((await signIn(solo, 'lone-staff', 'puppet-pass-123')).status).toBe(401);
    } finally {
      await solo.close();
    }
  });

  describe('with two owners', () => {
    let a: Op;
    let b: Op;
    let s: Op;
    beforeAll(async () => {
      a = await createAdmin(t, 'trust-owner-a', 'owner');
      b = await createAdmin(t, 'trust-owner-b', 'owner');
      s = await createAdmin(t, 'trust-staff', 'staff');
    });
    const patch = (token: string, id: string, body: unknown) =>
      t.request('PATCH', `/api/v1/admin/operators/${id}`, { token, body });
    const approve = (token: string, id: string) =>
      t.request('POST', `/api/v1/admin/operators/${id}/approve`, { token });

    it('a raise to owner waits; neither the requester, the subject nor staff approves; another owner does, once', async () => {
      const asked = await patch(a.token, s.id, { role: 'owner' });
      expect(asked.status).toBe(202);
      expect(asked.body).toEqual({
        status: true,
        message: 'Waiting for a second owner',
        data: { _id: s.id, approvals: 1 },
      });
      expect((await t.request('GET', '/api/v1/admin/me', { token: s.token })).body.data.role).toBe('staff');
      const list = await t.request('GET', '/api/v1/admin/operators', { token: b.token });
      expect(list.body.data.find((o: { _id: string }) => o._id === s.id).waiting).toMatchObject({
        kind: 'make-owner',
        requestedBy: 'trust-owner-a',
        approvals: [{ username: 'trust-owner-a' }],
      });
      expect((await patch(a.token, s.id, { twoFactor: false })).status).toBe(409);
      expect((await approve(s.token, s.id)).status).toBe(403);
      expect((await approve(a.token, s.id)).status).toBe(409);
      const done = await approve(b.token, s.id);
      expect(done.status).toBe(200);
      expect(done.body.data).toMatchObject({ role: 'owner', waiting: null });
      expect((await approve(b.token, s.id)).status).toBe(404);
      expect((await patch(b.token, s.id, { role: 'staff' })).status).toBe(200);
    });

    it('switching off is at once; switching back on waits for a second owner', async () => {
      expect((await patch(a.token, s.id, { isActive: false })).status).toBe(200);
      expect((await signIn(t, 'trust-staff')).status).toBe(401);
      expect((await patch(a.token, s.id, { isActive: true })).status).toBe(202);
      expect((await signIn(t, 'trust-staff')).status).toBe(401);
      expect((await approve(b.token, s.id)).status).toBe(200);
      expect((await signIn(t, 'trust-staff')).status).toBe(200);
    });

    it("another operator's password reset waits; then the new one works and old sessions end", async () => {
      const session = (await signIn(t, 'trust-staff')).body.token as string;
      const asked = await t.request('POST', `/api/v1/admin/operators/${s.id}/password`, {
        token: a.token,
        body: { newPassword: 'brand-new-pass-1' },
      });
      expect(asked.status).toBe(202);
      expect((await signIn(t, 'trust-staff')).status).toBe(200);
      expect((await signIn(t, 'trust-staff', 'brand-new-pass-1')).status).toBe(401);
      expect((await approve(b.token, s.id)).status).toBe(200);
      expect((await signIn(t, 'trust-staff')).status).toBe(401);
      expect((await signIn(t, 'trust-staff', 'brand-new-pass-1')).status).toBe(200);
      expect((await t.request('GET', '/api/v1/admin/funds', { token: session })).status).toBe(401);
      // Your own password goes through POST /admin/password (it asks for the current one).
      const own = await t.request('POST', `/api/v1/admin/operators/${a.id}/password`, {
        token: a.token,
        body: { newPassword: 'brand-new-pass-1' },
      });
      expect(own.status).toBe(403);
    });

    it('the subject of a change cannot approve it; any owner drops it; one change waits at a time', async () => {
      const asked = await t.request('POST', `/api/v1/admin/operators/${b.id}/password`, {
        token: a.token,
        body: { newPassword: 'taken-over-pass-1' },
      });
      expect(asked.status).toBe(202);
      expect((await approve(b.token, b.id)).status).toBe(409);
      expect(
        (
          await t.request('POST', `/api/v1/admin/operators/${b.id}/password`, {
            token: a.token,
            body: { newPassword: 'another-pass-123' },
          })
        ).status,
      ).toBe(409);
      expect(
        (await t.request('POST', `/api/v1/admin/operators/${b.id}/reject`, { token: b.token })).status,
      ).toBe(200);
      expect((await signIn(t, 'trust-owner-b')).status).toBe(200);
      expect((await approve(a.token, b.id)).status).toBe(404);
    });

    it('a patch that raises and changes something else at once is refused', async () => {
      const mixed = await patch(a.token, s.id, { role: 'owner', isActive: false });
      expect(mixed.status).toBe(400);
    });

    it('every request, approval and refusal is in the audit log', async () => {
      const log = await t.db.query<{ route: string; status: number }>(
        `SELECT route, status FROM audit_log WHERE path LIKE $1 AND method <> 'GET' ORDER BY id`,
        [`/api/v1/admin/operators/${s.id}%`],
      );
      const seen = log.rows.map((r) => `${r.route.replace('/api/v1/admin', '')} ${r.status}`);
      expect(seen).toEqual(
        expect.arrayContaining([
          '/operators/:id 202',
          '/operators/:id/approve 403',
          '/operators/:id/approve 409',
          '/operators/:id/approve 200',
          '/operators/:id/password 202',
        ]),
      );
    });
  });
});

describe('2. a session keeps the factor it was opened with (ADMIN_REQUIRE_2FA)', () => {
  it("a stolen password's limited session ends when the real operator turns two-factor on", async () => {
    const strict = await createTestContext({ now: START, env: { ADMIN_REQUIRE_2FA: 'true' } });
    try {
      await createAdmin(strict, 'strict-op', 'staff');
      const stolen = (await signIn(strict, 'strict-op')).body.token as string;
      const real = (await signIn(strict, 'strict-op')).body.token as string;
      expect((await strict.request('GET', '/api/v1/admin/funds', { token: stolen })).status).toBe(403);
      await turnOnTwoFactor(strict, real);
      // The operator's own session has just shown a code: full access. The other one is over.
      expect((await strict.request('GET', '/api/v1/admin/funds', { token: real })).status).toBe(200);
      expect((await strict.request('GET', '/api/v1/admin/funds', { token: stolen })).status).toBe(401);
      const me = await strict.request('GET', '/api/v1/admin/me', { token: real });
      expect(me.body.data).toMatchObject({ twoFactor: true, mustSetUpTwoFactor: false });
    } finally {
      await strict.close();
    }
  });

  it('a password-only session stays limited even if the operator has a second factor by now', async () => {
    const strict = await createTestContext({ now: START, env: { ADMIN_REQUIRE_2FA: 'true' } });
    try {
      const op = await createAdmin(strict, 'strict-two', 'staff');
      const real = (await signIn(strict, 'strict-two')).body.token as string;
      await turnOnTwoFactor(strict, real);
      // A token opened with the password alone (createAdmin's), whatever the operator's row says.
      expect((await strict.request('GET', '/api/v1/admin/funds', { token: op.token })).status).toBe(401);
      const stray = await strict.db.query<{ second_factor: boolean }>(
        'SELECT second_factor FROM auth_tokens WHERE admin_id = $1 AND revoked_at IS NULL',
        [op.id],
      );
      expect(stray.rows.map((r) => r.second_factor)).toEqual([true]);
    } finally {
      await strict.close();
    }
  });
});

describe('3. nobody turns off their own second factor without a code', () => {
  it("an owner's PATCH of their own twoFactor is refused and changes nothing", async () => {
    const owner = await createAdmin(t, 'own-2fa-owner', 'owner');
    await turnOnTwoFactor(t, owner.token);
    const off = await t.request('PATCH', `/api/v1/admin/operators/${owner.id}`, {
      token: owner.token,
      body: { twoFactor: false },
    });
    expect(off.status).toBe(403);
    expect((await signIn(t, 'own-2fa-owner')).body.twoFactorRequired).toBe(true);
  });
});

describe('4. wrong codes are capped per operator, whatever the address', () => {
  // Its timeout covers a wait of up to 91 s for the next rate window (awayFromWindowEdge).
  it('40 sign-ins from 40 addresses evaluate at most 10 wrong codes; then even the right one waits', {
    timeout: 180_000,
  }, async () => {
    const wide = await createTestContext({ now: START, env: { TRUST_PROXY: '1' } });
    try {
      const op = await createAdmin(wide, 'wide-op', 'staff');
      const key = await turnOnTwoFactor(wide, op.token);
      // 40 sign-ins take seconds (up to a minute on a loaded machine): all in one 15-minute window.
      await awayFromWindowEdge(wide.db, 15 * 60, 90);
      const right = totp(key, await nowS(wide));
      const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const from = { 'x-forwarded-for': `203.0.113.${i + 1}` };
        const { challenge } = (await signIn(wide, 'wide-op', PASSWORD, from)).body;
        const tried = await wide.request('POST', '/api/v1/admin/login/2fa', {
          body: { challenge, code: wrong },
          headers: from,
        });
        statuses.push(tried.status);
      }
      expect(statuses.filter((s) => s === 401)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(30);
      const { challenge } = (await signIn(wide, 'wide-op', PASSWORD, { 'x-forwarded-for': '198.51.100.7' }))
        .body;
      const late = await wide.request('POST', '/api/v1/admin/login/2fa', {
        body: { challenge, code: right },
        headers: { 'x-forwarded-for': '198.51.100.7' },
      });
      expect(late.status).toBe(429);
      // It is this operator's own bucket that holds them (rate limits use the database's clock):
      // once its window is over, they sign in again.
      await wide.db.query('DELETE FROM rate_limit_buckets WHERE key = $1', [`2fa-login:${op.id}`]);
      wide.clock.advance(30_000);
      const again = (await signIn(wide, 'wide-op', PASSWORD, { 'x-forwarded-for': '198.51.100.8' })).body;
      const ok = await wide.request('POST', '/api/v1/admin/login/2fa', {
        body: { challenge: again.challenge, code: totp(key, await nowS(wide)) },
        headers: { 'x-forwarded-for': '198.51.100.8' },
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    } finally {
      await wide.close();
    }
  });
});

describe('5. enable puts in force the secret its code was checked against', () => {
  it('a setup started after the code was made is not put in force by that code', async () => {
    const op = await createAdmin(t, 'enable-op', 'staff');
    const first = await t.request('POST', '/api/v1/admin/2fa/setup', { token: op.token });
    const mine = base32Decode(first.body.data.secret);
    // The attacker's session of the same operator starts a new setup before the code arrives.
    const theirs = await t.request('POST', '/api/v1/admin/2fa/setup', { token: op.token });
    const on = await t.request('POST', '/api/v1/admin/2fa/enable', {
      token: op.token,
      body: { code: totp(mine, await nowS(t)) },
    });
    expect(on.status).toBe(400);
    const theirKey = base32Decode(theirs.body.data.secret);
    const onTheirs = await t.request('POST', '/api/v1/admin/2fa/enable', {
      token: op.token,
      body: { code: totp(theirKey, await nowS(t)) },
    });
    expect(onTheirs.status).toBe(200);
  });
});

describe('8. sign-ins and refused operator writes leave audit rows', () => {
  it('right and wrong passwords, unknown names and wrong codes are each one row', async () => {
    const op = await createAdmin(t, 'audited-op', 'staff');
    const key = await turnOnTwoFactor(t, op.token);
    const count = async () =>
      (
        await t.db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM audit_log WHERE route LIKE '/api/v1/admin/login%'",
        )
      ).rows[0]?.n ?? 0;
    const before = await count();
    await signIn(t, 'audited-op', 'wrong-password-1');
    await signIn(t, 'nobody-at-all', 'wrong-password-1');
    const { challenge } = (await signIn(t, 'audited-op')).body;
    await t.request('POST', '/api/v1/admin/login/2fa', { body: { challenge, code: '000000' } });
    const ok = await t.request('POST', '/api/v1/admin/login/2fa', {
      body: { challenge, code: totp(key, await nowS(t)) },
    });
    expect(ok.status).toBe(200);
    expect(await count()).toBe(before + 5);
    const rows = await t.db.query<{
      admin_id: string | null;
      admin_username: string;
      route: string;
      status: number;
      request: Record<string, unknown>;
      after: unknown;
    }>(
      `SELECT admin_id, admin_username, route, status, request, after FROM audit_log
        WHERE route LIKE '/api/v1/admin/login%' ORDER BY id DESC LIMIT 5`,
    );
    const seen = rows.rows.reverse().map((r) => [r.admin_username, r.route.slice(-9), r.status, r.after]);
    expect(seen).toEqual([
      ['audited-op', 'min/login', 401, null],
      ['nobody-at-all', 'min/login', 401, null],
      ['audited-op', 'min/login', 200, { step: 'second-factor' }],
      ['audited-op', 'login/2fa', 401, null],
      ['audited-op', 'login/2fa', 200, { step: 'signed-in' }],
    ]);
    expect(rows.rows.find((r) => r.admin_username === 'nobody-at-all')?.admin_id).toBeNull();
    const text = JSON.stringify(rows.rows);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(challenge);
    const log = await t.request('GET', '/api/v1/admin/audit-log?action=sign-in&limit=5', { token: op.token });
    expect(log.body.data).toHaveLength(5);
  });

  it('a write refused for the address or the role leaves a row naming the operator', async () => {
    const fenced = await createTestContext({
      now: START,
      env: { TRUST_PROXY: '1', ADMIN_ALLOWED_CIDRS: '10.0.0.0/8' },
    });
    try {
      const inside = { 'x-forwarded-for': '10.1.2.3' };
      const outside = { 'x-forwarded-for': '198.51.100.9' };
      const owner = await createAdmin(fenced, 'fenced-owner', 'owner');
      const staff = await createAdmin(fenced, 'fenced-staff', 'staff');
      const wrongPlace = await fenced.request('PUT', '/api/v1/admin/contact', {
        token: owner.token,
        headers: outside,
        body: { whatsapp: '9876543210' },
      });
      expect(wrongPlace.status).toBe(403);
      const wrongRole = await fenced.request('PUT', '/api/v1/admin/contact', {
        token: staff.token,
        headers: inside,
        body: { whatsapp: '9876543210' },
      });
      expect(wrongRole.status).toBe(403);
      const rows = await fenced.db.query<{ admin_username: string; status: number; client_address: string }>(
        "SELECT admin_username, status, client_address FROM audit_log WHERE route = '/api/v1/admin/contact' ORDER BY id",
      );
      expect(rows.rows.map((r) => [r.admin_username, r.status])).toEqual([
        ['fenced-owner', 403],
        ['fenced-staff', 403],
      ]);
    } finally {
      await fenced.close();
    }
  });
});
