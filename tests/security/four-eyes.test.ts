import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type PlayerFixture } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';
import { balanceOf } from '../server/money/helpers/money-fixtures';

// Issue 19, four eyes on money (docs/api.md "Operator accounts"): a withdrawal above FOUR_EYES_ABOVE and
// every manual wallet adjustment need two different operators; the first approval answers 202,
// the same operator again 409, a second operator completes it; both are in the audit log.

let t: TestContext;
let ownerA: Awaited<ReturnType<typeof createAdmin>>;
let ownerB: Awaited<ReturnType<typeof createAdmin>>;
let staff: Awaited<ReturnType<typeof createAdmin>>;
let p: PlayerFixture;

beforeAll(async () => {
  t = await createTestContext({ env: { FOUR_EYES_ABOVE: '10000' } });
  ownerA = await createAdmin(t, 'eyes-owner-a', 'owner');
  ownerB = await createAdmin(t, 'eyes-owner-b', 'owner');
  staff = await createAdmin(t, 'eyes-staff', 'staff');
  p = await createPlayer(t, { balance: 100_000 });
  await t.request('POST', '/api/v1/user/withdrawal/methods', {
    token: p.token,
    body: { method: 'gpay', phoneNumber: '9876543210' },
  });
});
afterAll(() => t.close());

async function withdraw(amount: number): Promise<string> {
  const w = await t.request('POST', '/api/v1/user/withdrawal', {
    token: p.token,
    body: { amount, method: 'gpay' },
  });
  expect(w.status, JSON.stringify(w.body)).toBe(201);
  return w.body.data._id;
}

const approve = (id: string, token: string) =>
  t.request('POST', `/api/v1/admin/withdrawals/${id}/approve`, { token });

describe('withdrawals above FOUR_EYES_ABOVE', () => {
  it('a withdrawal at the threshold needs one operator', async () => {
    const id = await withdraw(10_000);
    const res = await approve(id, staff.token);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('approved');
  });

  it('above it: first approval 202, the same operator again 409, a second operator completes it once', async () => {
    const id = await withdraw(10_001);
    const balance = await balanceOf(t, p.id);
    const first = await approve(id, staff.token);
    expect(first.status).toBe(202);
    expect(first.body).toEqual({
      status: true,
      message: 'Waiting for a second operator',
      data: { approvals: 1 },
    });
    const again = await approve(id, staff.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You approved this already: a second operator must approve it');
    // The console's list shows who approved first and that it waits.
    const list = await t.request('GET', '/api/v1/admin/withdrawals?status=pending', { token: ownerA.token });
    expect(list.body.data.find((w: { _id: string }) => w._id === id)).toMatchObject({
      needsTwoApprovals: true,
      approvals: [{ username: 'eyes-staff' }],
    });
    const second = await approve(id, ownerA.token);
    expect(second.status).toBe(200);
    expect(second.body.data.status).toBe('approved');
    expect(await balanceOf(t, p.id)).toBe(balance);
    const ledger = await t.db.query<{ status: string }>(
      "SELECT status FROM ledger WHERE kind = 'withdrawal' AND ref_id = $1",
      [id],
    );
    expect(ledger.rows.map((r) => r.status)).toEqual(['completed']);
    expect((await approve(id, ownerB.token)).status).toBe(409);
    const audit = await t.db.query<{ admin_username: string; status: number }>(
      'SELECT admin_username, status FROM audit_log WHERE path = $1 ORDER BY id',
      [`/api/v1/admin/withdrawals/${id}/approve`],
    );
    expect(audit.rows.map((r) => [r.admin_username, r.status])).toEqual([
      ['eyes-staff', 202],
      ['eyes-staff', 409],
      ['eyes-owner-a', 200],
      ['eyes-owner-b', 409],
    ]);
  });

  it('one operator can still reject a large withdrawal alone (refunded once)', async () => {
    const id = await withdraw(20_000);
    const before = await balanceOf(t, p.id);
    expect((await approve(id, staff.token)).status).toBe(202);
    const rejected = await t.request('POST', `/api/v1/admin/withdrawals/${id}/reject`, {
      token: staff.token,
      body: { reason: 'Name does not match' },
    });
    expect(rejected.status).toBe(200);
    expect(await balanceOf(t, p.id)).toBe(before + 20_000);
    expect((await approve(id, ownerA.token)).status).toBe(409);
  });
});

describe('manual wallet adjustments', () => {
  it('an owner requests (202, nothing moves); another owner applies it once; the same owner cannot', async () => {
    const before = await balanceOf(t, p.id);
    const req = await t.request('POST', `/api/v1/admin/users/${p.id}/wallet`, {
      token: ownerA.token,
      body: { type: 'credit', amount: 250, description: 'Goodwill' },
    });
    expect(req.status).toBe(202);
    expect(req.body.message).toBe('Waiting for a second operator');
    expect(req.body.data).toEqual({ _id: expect.any(String), approvals: 1 });
    const id = req.body.data._id;
    expect(await balanceOf(t, p.id)).toBe(before);
    const self = await t.request('POST', `/api/v1/admin/wallet-adjustments/${id}/approve`, {
      token: ownerA.token,
    });
    expect(self.status).toBe(409);
    const byStaff = await t.request('POST', `/api/v1/admin/wallet-adjustments/${id}/approve`, {
      token: staff.token,
    });
    expect(byStaff.status).toBe(403);
    const pending = await t.request('GET', '/api/v1/admin/wallet-adjustments?status=pending', {
      token: staff.token,
    });
    expect(pending.body.data[0]).toMatchObject({
      _id: id,
      type: 'credit',
      amount: 250,
      requestedBy: 'eyes-owner-a',
      approvals: [{ username: 'eyes-owner-a' }],
    });
    const applied = await t.request('POST', `/api/v1/admin/wallet-adjustments/${id}/approve`, {
      token: ownerB.token,
    });
    expect(applied.status).toBe(200);
    expect(applied.body.data).toMatchObject({ status: 'applied', balance: before + 250 });
    expect(await balanceOf(t, p.id)).toBe(before + 250);
    expect(
      (await t.request('POST', `/api/v1/admin/wallet-adjustments/${id}/approve`, { token: ownerB.token }))
        .status,
    ).toBe(409);
    const ledger = await t.db.query("SELECT 1 FROM ledger WHERE kind = 'adjustment' AND ref_id = $1", [id]);
    expect(ledger.rows).toHaveLength(1);
  });

  it('a debit beyond the balance is refused at approval and stays pending', async () => {
    const poor = await createPlayer(t, { balance: 10 });
    const req = await t.request('POST', `/api/v1/admin/users/${poor.id}/wallet`, {
      token: ownerA.token,
      body: { type: 'debit', amount: 50, description: 'Chargeback' },
    });
    const id = req.body.data._id;
    const res = await t.request('POST', `/api/v1/admin/wallet-adjustments/${id}/approve`, {
      token: ownerB.token,
    });
    expect(res.status).toBe(422);
    expect(await balanceOf(t, poor.id)).toBe(10);
    const row = await t.db.query<{ status: string }>('SELECT status FROM wallet_adjustments WHERE id = $1', [
      id,
    ]);
    expect(row.rows[0]?.status).toBe('pending');
  });
});
