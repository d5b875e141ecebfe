import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { createPgDb } from '../../../server/db/pg';
import type { Db } from '../../../server/db/types';
import { createLogger } from '../../../server/logger';
import { base32Decode, totp } from '../../../server/services/operators/totp';
import { createAdmin } from '../../server/helpers/fixtures';
import { awayFromWindowEdge } from '../../server/helpers/rate-window';
import { createTestContext, type TestContext } from '../../server/helpers/test-app';

// Issue 34 on PostgreSQL, with two server processes' apps (each its own pool) on one database:
// the holes that were races. A setup racing an enable once put the attacker's secret in force;
// approvals of one operator change raced through both processes apply once; wrong codes from many
// addresses at once are capped per operator.

let t: TestContext;
let otherDb: Db;
let other: ReturnType<typeof createApp>;
let dbUrl: string;

beforeAll(async () => {
  t = await createTestContext({ now: new Date('2026-11-21T06:30:00Z'), env: { TRUST_PROXY: '1' } });
  const name = (await t.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db as string;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  dbUrl = url.toString();
  otherDb = await createPgDb(dbUrl, { max: 10 });
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

/** Waits until `n` statements of this database that start with `prefix` are waiting for a lock. */
async function waitForLockWaiters(prefix: string, n: number) {
  for (let i = 0; i < 500; i++) {
    const r = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE $1`,
      [`${prefix}%`],
    );
    if ((r.rows[0]?.n ?? 0) >= n) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`no statement "${prefix}..." waited for the lock`);
}

const ENABLE_SQL = 'UPDATE admins SET totp_secret';
const SETUP_SQL = 'UPDATE admins SET totp_pending';

describe('two-factor enable against a setup started at the same moment', () => {
  // The enable checks the code against the pending secret, then puts that secret in force in one
  // UPDATE guarded by `totp_pending = <that secret>`; a setup through the other process writes a new
  // pending secret. The test holds the operator's row from its own connection (FOR NO KEY UPDATE:
  // what an UPDATE takes, so the audit rows' foreign keys still pass) until both UPDATEs
  // wait for it, queued in the order the trial wants (PostgreSQL grants a row to its first waiter),
  // so each order is run on purpose, never left to the scheduler.
  it('20 trials, each order 10 times: the secret in force is always the one the code was made from', async () => {
    const orders = { enableFirst: 0, setupFirst: 0 };
    for (let i = 0; i < 20; i++) {
      const enableFirst = i % 2 === 0;
      const op = await createAdmin(t, `race-enable-${i}`, 'staff');
      const first = await t.request('POST', '/api/v1/admin/2fa/setup', { token: op.token });
      const mine = base32Decode(first.body.data.secret);
      const code = totp(mine, await nowS());
      const holder = new pg.Client({ connectionString: dbUrl });
      await holder.connect();
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM admins WHERE id = $1 FOR NO KEY UPDATE', [op.id]);
      const enable = () => t.request('POST', '/api/v1/admin/2fa/enable', { token: op.token, body: { code } });
      const setup = () => viaOther('POST', '/api/v1/admin/2fa/setup', op.token);
      let on: Promise<{ status: number }>;
      let again: Promise<{ status: number }>;
      if (enableFirst) {
        on = enable();
        await waitForLockWaiters(ENABLE_SQL, 1);
        again = setup();
        await waitForLockWaiters(SETUP_SQL, 1);
      } else {
        again = setup();
        await waitForLockWaiters(SETUP_SQL, 1);
        on = enable();
        await waitForLockWaiters(ENABLE_SQL, 1);
      }
      await holder.query('COMMIT');
      await holder.end();
      const [enabled, setUp] = await Promise.all([on, again]);
      expect(setUp.status).toBe(200);
      const state = await t.db.query<{ on: boolean }>(
        'SELECT totp_enabled_at IS NOT NULL AS on FROM admins WHERE id = $1',
        [op.id],
      );
      if (!enableFirst) {
        // The newer setup replaced the secret the code was made from: nothing is put in force.
        expect(enabled.status, `trial ${i}`).toBe(409);
        expect(state.rows[0]?.on).toBe(false);
        orders.setupFirst++;
        continue;
      }
      expect(enabled.status, `trial ${i}`).toBe(200);
      expect(state.rows[0]?.on).toBe(true);
      orders.enableFirst++;
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
    console.log(`enable against setup: enable first ${orders.enableFirst}, setup first ${orders.setupFirst}`);
    expect(orders).toEqual({ enableFirst: 10, setupFirst: 10 });
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
    // 40 sign-ins, then 40 codes at once: all in one of the database clock's 15-minute windows.
    await awayFromWindowEdge(t.db, 15 * 60, 90);
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
    // The timeout covers a wait of up to 91 s for the next rate window (awayFromWindowEdge).
  }, 180_000);
});
