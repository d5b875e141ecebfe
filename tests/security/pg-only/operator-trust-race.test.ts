import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createPgDb } from '../../../server/db/pg';
import type { Db } from '../../../server/db/types';
import { createLogger } from '../../../server/logger';
import { base32Decode, totp } from '../../../server/services/operators/totp';
import { createAdmin } from '../../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../../server/helpers/test-app';

// Issue 34 on PostgreSQL, with two server processes' apps (each its own pool) on one database:
// the holes that were races. The setup raced against enable put the attacker's secret in force
// about 1 trial in 12; approvals of one operator change raced through both processes apply once;
// wrong codes from many addresses at once are capped per operator.

let t: TestContext;
let otherDb: Db;
let other: ReturnType<typeof createApp>;

beforeAll(async () => {
  t = await createTestContext({ now: new Date('2026-11-21T06:30:00Z'), env: { TRUST_PROXY: '1' } });
  const name = (await t.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db as string;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  otherDb = await createPgDb(url.toString(), { max: 10 });
  other = createApp({ db: otherDb, env: t.env, clock: t.clock, logger: createLogger('silent') });
});
afterAll(async () => {
  await otherDb.close();
  await t.close();
});

/** A request through the second process's app. */
async function viaOther(method: string, path: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await other.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data differs per route
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const nowS = async () => Math.floor((await t.clock.now()).getTime() / 1000);

describe('two-factor enable against a setup started at the same moment', () => {
  it('60 trials: the secret in force is always the one the code was made from', async () => {
    let enabled = 0;
    for (let i = 0; i < 60; i++) {
      const op = await createAdmin(t, `race-enable-${i}`, 'staff');
      const first = await t.request('POST', '/api/v1/admin/2fa/setup', { token: op.token });
      const mine = base32Decode(first.body.data.secret);
      const code = totp(mine, await nowS());
      const [on] = await Promise.all([
        t.request('POST', '/api/v1/admin/2fa/enable', { token: op.token, body: { code } }),
        viaOther('POST', '/api/v1/admin/2fa/setup', op.token),
      ]);
      if (on.status !== 200) {
        expect([400, 409]).toContain(on.status);
        continue;
      }
      enabled++;
      // In force: a sign-in's second step takes a code from the secret the operator scanned.
      t.clock.advance(30_000);
      const { challenge } = (
        await t.request('POST', '/api/v1/admin/login', {
          body: { username: op.username, password: op.password },
          headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        })
      ).body;
      const signed = await t.request('POST', '/api/v1/admin/login/2fa', {
        body: { challenge, code: totp(mine, await nowS()) },
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      expect(signed.status, `trial ${i}: the attacker's secret is in force`).toBe(200);
    }
    expect(enabled).toBeGreaterThan(0);
  }, 120_000);
});

describe('an operator change approved through both processes at once', () => {
  it('applies once; parallel requests for one operator leave one waiting', async () => {
    const a = await createAdmin(t, 'race-owner-a', 'owner');
    const b = await createAdmin(t, 'race-owner-b', 'owner');
    const c = await createAdmin(t, 'race-owner-c', 'owner');
    const staff = await createAdmin(t, 'race-staff', 'staff');
    const asks = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 === 0
          ? t.request('PATCH', `/api/v1/admin/operators/${staff.id}`, {
              token: a.token,
              body: { role: 'owner' },
            })
          : viaOther('PATCH', `/api/v1/admin/operators/${staff.id}`, a.token, { role: 'owner' }),
      ),
    );
    expect(asks.map((r) => r.status).sort()).toEqual([202, ...Array(9).fill(409)]);
    const approvals = await Promise.all([
      t.request('POST', `/api/v1/admin/operators/${staff.id}/approve`, { token: b.token }),
      viaOther('POST', `/api/v1/admin/operators/${staff.id}/approve`, c.token),
      t.request('POST', `/api/v1/admin/operators/${staff.id}/approve`, { token: c.token }),
      viaOther('POST', `/api/v1/admin/operators/${staff.id}/approve`, b.token),
    ]);
    expect(approvals.filter((r) => r.status === 200)).toHaveLength(1);
    const rows = await t.db.query<{ status: string }>(
      'SELECT status FROM operator_changes WHERE admin_id = $1',
      [staff.id],
    );
    expect(rows.rows.map((r) => r.status)).toEqual(['applied']);
    const approvedBy = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM four_eyes_approvals f JOIN operator_changes o ON o.id = f.subject_id
        WHERE f.subject = 'operator-change' AND o.admin_id = $1`,
      [staff.id],
    );
    expect(approvedBy.rows[0]?.n).toBe(2);
  });
});

describe('wrong second-factor codes from 40 addresses at once', () => {
  it('at most 10 are evaluated for the operator, the rest answer 429', async () => {
    const op = await createAdmin(t, 'race-wide', 'staff');
    const setup = await t.request('POST', '/api/v1/admin/2fa/setup', { token: op.token });
    const key = base32Decode(setup.body.data.secret);
    expect(
      (
        await t.request('POST', '/api/v1/admin/2fa/enable', {
          token: op.token,
          body: { code: totp(key, await nowS()) },
        })
      ).status,
    ).toBe(200);
    t.clock.advance(30_000);
    const wrong = String((Number(totp(key, await nowS())) + 7) % 1_000_000).padStart(6, '0');
    const challenges: Array<{ challenge: string; from: string }> = [];
    for (let i = 0; i < 40; i++) {
      const from = `198.18.${i}.1`;
      const r = await t.request('POST', '/api/v1/admin/login', {
        body: { username: op.username, password: op.password },
        headers: { 'x-forwarded-for': from },
      });
      challenges.push({ challenge: r.body.challenge, from });
    }
    const tryCode = async ({ challenge, from }: { challenge: string; from: string }, i: number) => {
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': from };
      const body = JSON.stringify({ challenge, code: wrong });
      // Half through each process.
      const app = i % 2 === 0 ? t.app : other;
      return (await app.request('/api/v1/admin/login/2fa', { method: 'POST', headers, body })).status;
    };
    const answers: number[] = await Promise.all(challenges.map(tryCode));
    expect(answers.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(30);
    expect(answers.filter((s) => s !== 401 && s !== 429)).toEqual([]);
  }, 60_000);
});
