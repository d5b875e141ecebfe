import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type PlayerFixture } from '../server/helpers/fixtures';
import { type AnyBody, createTestContext, type TestContext } from '../server/helpers/test-app';
import { balanceOf, seedGame } from '../server/money/helpers/money-fixtures';

// Issue 19's audit holes, as an attacker found them: a write that leaves no audit row (a NUL or a
// lone surrogate in the body of a route without a body schema), and money decisions without a
// reason or a "before". Runs on PGlite and on PostgreSQL (TEST_DB=pg).

let t: TestContext;
let staff: Awaited<ReturnType<typeof createAdmin>>;
let p: PlayerFixture;

const DAY = '2026-11-21';

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-21T06:30:00Z' });

  staff = await createAdmin(t, 'holes-staff', 'staff');
  p = await createPlayer(t, { balance: 1000 });
});
afterAll(() => t.close());

async function auditRows(path: string) {
  const r = await t.db.query<{ status: number; request: AnyBody; before: AnyBody; after: AnyBody }>(
    'SELECT status, request, before, after FROM audit_log WHERE path = $1 ORDER BY id',
    [path],
  );
  return r.rows;
}

async function newFund(amount = 200): Promise<string> {
  const res = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount } });
  expect(res.status).toBe(201);
  return res.body.data.fundId;
}

/** The raw JSON texts of the attack (a raw lone surrogate cannot cross the wire: UTF-8 has none). */
const HOSTILE_BODIES: Array<[string, (field: string) => string]> = [
  ['an escaped NUL', (f) => `{"${f}":"\\u0000"}`],
  ['an escaped lone surrogate', (f) => `{"${f}":"\\ud800"}`],
  ['an escaped lone low surrogate', (f) => `{"${f}":"x\\udc00y"}`],
  ['a NUL in a key', (f) => `{"${f}\\u0000":"x"}`],
];

describe('a write never happens without its audit row', () => {
  for (const [label, body] of HOSTILE_BODIES) {
    it(`a fund approval whose body carries ${label} is refused, credits nothing and is logged once`, async () => {
      const fund = await newFund();
      const path = `/api/v1/admin/funds/${fund}/approve`;
      const before = await balanceOf(t, p.id);
      const res = await t.request('POST', path, { token: staff.token, raw: body('note') });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.status).toBe(false);
      expect(await balanceOf(t, p.id)).toBe(before);
      const rows = await auditRows(path);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.status).toBe(400);
      expect(JSON.stringify(rows[0]?.request)).toContain('\uFFFD');
    });
  }

  it('a result revert with {"reason":"\\u0000"} is refused, reverts nothing and is logged once', async () => {
    const game = await seedGame(t, { family: 'galidisawar', open: '11:30' });
    const declared = await t.request('POST', '/api/v1/admin/results/galidisawar', {
      token: staff.token,
      body: { gameId: game, resultDate: DAY, jodi: '12' },
    });
    expect(declared.status).toBe(201);
    const path = `/api/v1/admin/results/galidisawar/${declared.body.data.result._id}`;
    const res = await t.request('DELETE', path, { token: staff.token, raw: '{"reason":"\\u0000"}' });
    expect(res.status).toBe(400);
    expect(
      (await t.db.query('SELECT 1 FROM results WHERE id = $1', [declared.body.data.result._id])).rows,
    ).toHaveLength(1);
    expect((await auditRows(path)).map((r) => r.status)).toEqual([400]);
  });

  it('a refused owner-only write with a hostile body is logged once', async () => {
    const path = `/api/v1/admin/users/${p.id}/wallet`;
    for (const [, body] of HOSTILE_BODIES) {
      const res = await t.request('POST', path, { token: staff.token, raw: body('description') });
      expect(res.status).toBe(403);
    }
    expect((await auditRows(path)).map((r) => r.status)).toEqual([403, 403, 403, 403]);
  });

  it('when the audit log cannot be written, the write does not happen', async () => {
    const fund = await newFund(300);
    const before = await balanceOf(t, p.id);
    await t.db.query(`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'audit storage is full'; END $$`);
    await t.db.query(
      'CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()',
    );
    try {
      const res = await t.request('POST', `/api/v1/admin/funds/${fund}/approve`, { token: staff.token });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe('The audit log cannot be written; nothing was changed');
      expect(await balanceOf(t, p.id)).toBe(before);
      const row = await t.db.query<{ status: string }>('SELECT status FROM fund_requests WHERE id = $1', [
        fund,
      ]);
      expect(row.rows[0]?.status).toBe('pending');
    } finally {
      await t.db.query('DROP TRIGGER refuse_audit ON audit_log');
      await t.db.query('DROP FUNCTION refuse_audit()');
    }
    const ok = await t.request('POST', `/api/v1/admin/funds/${fund}/approve`, { token: staff.token });
    expect(ok.status).toBe(200);
    expect(await balanceOf(t, p.id)).toBe(before + 300);
  });

  it('a row is completed once and stays append-only', async () => {
    const fund = await newFund(50);
    const path = `/api/v1/admin/funds/${fund}/approve`;
    expect((await t.request('POST', path, { token: staff.token })).status).toBe(200);
    await expect(t.db.query('UPDATE audit_log SET status = 500 WHERE path = $1', [path])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      t.db.query(`UPDATE audit_log SET after = '{}'::jsonb WHERE path = $1`, [path]),
    ).rejects.toThrow(/append-only/);
    expect((await auditRows(path)).map((r) => r.status)).toEqual([200]);
  });
});

describe('money decisions carry a reason and the resource before and after', () => {
  it('rejecting a fund request needs a reason; the row keeps it with the request before and after', async () => {
    const fund = await newFund(120);
    const path = `/api/v1/admin/funds/${fund}/reject`;
    const bare = await t.request('POST', path, { token: staff.token });
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toHaveProperty('reason');
    const blank = await t.request('POST', path, { token: staff.token, body: { reason: '   ' } });
    expect(blank.status).toBe(400);
    const res = await t.request('POST', path, {
      token: staff.token,
      body: { reason: 'No payment received' },
    });
    expect(res.status).toBe(200);
    const rows = await auditRows(path);
    expect(rows.map((r) => r.status)).toEqual([400, 400, 200]);
    expect(rows[2]).toMatchObject({
      request: { reason: 'No payment received' },
      before: { _id: fund, status: 'pending' },
      after: { _id: fund, status: 'rejected' },
    });
  });

  it('rejecting a withdrawal needs a reason and records before and after', async () => {
    await t.request('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'gpay', phoneNumber: '9876543210' },
    });
    const w = await t.request('POST', '/api/v1/user/withdrawal', {
      token: p.token,
      body: { amount: 100, method: 'gpay' },
    });
    expect(w.status, JSON.stringify(w.body)).toBe(201);
    const id = w.body.data._id;
    const path = `/api/v1/admin/withdrawals/${id}/reject`;
    expect((await t.request('POST', path, { token: staff.token, body: {} })).status).toBe(400);
    const res = await t.request('POST', path, { token: staff.token, body: { reason: 'UPI id unknown' } });
    expect(res.status).toBe(200);
    const rows = await auditRows(path);
    expect(rows[1]).toMatchObject({
      request: { reason: 'UPI id unknown' },
      before: { _id: id, status: 'pending' },
      after: { _id: id, status: 'rejected' },
    });
  });

  it('reverting a result needs a reason and records the result before', async () => {
    const game = await seedGame(t, { family: 'galidisawar', open: '12:30' });
    const declared = await t.request('POST', '/api/v1/admin/results/galidisawar', {
      token: staff.token,
      body: { gameId: game, resultDate: DAY, jodi: '34' },
    });
    const id = declared.body.data.result._id;
    const path = `/api/v1/admin/results/galidisawar/${id}`;
    const bare = await t.request('DELETE', path, { token: staff.token });
    expect(bare.status).toBe(400);
    expect(bare.body.errors).toHaveProperty('reason');
    const res = await t.request('DELETE', path, {
      token: staff.token,
      body: { reason: 'Declared the wrong jodi' },
    });
    expect(res.status).toBe(200);
    const rows = await auditRows(path);
    expect(rows.map((r) => r.status)).toEqual([400, 200]);
    expect(rows[1]?.request).toEqual({ reason: 'Declared the wrong jodi' });
    expect(rows[1]?.before).toMatchObject({ _id: id, jodiDigit: '34' });
    expect(rows[1]?.after).toMatchObject({ result: { _id: id } });
  });
});
