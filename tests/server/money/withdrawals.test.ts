import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adjustWallet, createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { balanceOf, moneySnapshot } from './helpers/money-fixtures';

let t: TestContext;
let p: PlayerFixture;
let op: { token: string };
const BANK = {
  method: 'bank',
  accountHolderName: 'Asha Rao',
  accountNumber: '123456789012',
  confirmAccountNumber: '123456789012',
  ifscCode: 'SBIN0001234',
  bankName: 'SBI',
  branchName: 'Fort',
};

beforeAll(async () => {
  t = await createTestContext();
  p = await createPlayer(t, { balance: 1000 });
  op = await createAdmin(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

const saveMethod = (body: unknown, token = p.token) =>
  t.request('POST', '/api/v1/user/withdrawal/methods', { token, body });
const withdraw = (body: unknown, token = p.token, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/v1/user/withdrawal', { token, body, headers });

describe('withdrawal methods', () => {
  it.each([
    [{ method: 'gpay', phoneNumber: '98765' }, 'phoneNumber', 'Please enter a valid phone number'],
    [{ ...BANK, accountHolderName: '' }, 'accountHolderName', 'Account holder name is required'],
    [{ ...BANK, accountNumber: '1234' }, 'accountNumber', 'Please enter a valid account number'],
    [{ ...BANK, ifscCode: 'SBIN1234567' }, 'ifscCode', 'Please enter a valid IFSC code'],
    [{ ...BANK, bankName: '' }, 'bankName', 'Bank name is required'],
  ])('refuses %j', async (body, field, message) => {
    const res = await saveMethod(body);
    expect(res.status).toBe(400);
    expect(res.body.errors[field]).toBe(message);
  });

  it('saves one per method and replaces on save', async () => {
    expect((await saveMethod({ method: 'gpay', phoneNumber: '9876543210' })).status).toBe(200);
    expect((await saveMethod({ method: 'gpay', phoneNumber: '9123456789' })).status).toBe(200);
    expect((await saveMethod(BANK)).status).toBe(200);
    const list = await t.request('GET', '/api/v1/user/withdrawal/methods', { token: p.token });
    expect(list.body.data).toHaveLength(2);
    expect(list.body.data.find((m: { method: string }) => m.method === 'gpay').phoneNumber).toBe(
      '9123456789',
    );
    expect(list.body.data.find((m: { method: string }) => m.method === 'bank')).toMatchObject({
      ifscCode: 'SBIN0001234',
    });
  });
});

describe('withdrawals', () => {
  it('holds the amount at once and completes on approval', async () => {
    const res = await withdraw({ amount: 300, method: 'gpay' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Withdrawal request submitted successfully!');
    expect(res.body.data).toMatchObject({ method: 'gpay', amount: 300, status: 'pending', balance: 700 });
    expect(await balanceOf(t, p.id)).toBe(700);
    const tx = await t.request('GET', '/api/v1/user/transactions', { token: p.token });
    expect(tx.body.data[0]).toMatchObject({ type: 'debit', amount: 300, status: 'pending' });
    const id = res.body.data._id;
    expect(
      (await t.request('POST', `/api/v1/admin/withdrawals/${id}/approve`, { token: op.token })).status,
    ).toBe(200);
    expect(
      (
        await t.request('POST', `/api/v1/admin/withdrawals/${id}/reject`, {
          token: op.token,
          body: { reason: 'Test' },
        })
      ).status,
    ).toBe(409);
    expect(await balanceOf(t, p.id)).toBe(700);
    const after = await t.request('GET', '/api/v1/user/transactions', { token: p.token });
    expect(after.body.data[0]).toMatchObject({ type: 'debit', amount: 300, status: 'completed' });
  });

  it('refunds on rejection', async () => {
    const res = await withdraw({ amount: 200, method: 'bank' });
    const id = res.body.data._id;
    expect(await balanceOf(t, p.id)).toBe(500);
    const pending = await t.request('GET', '/api/v1/admin/withdrawals?status=pending', { token: op.token });
    expect(pending.body.data.map((w: { _id: string }) => w._id)).toContain(id);
    expect(
      (
        await t.request('POST', `/api/v1/admin/withdrawals/${id}/reject`, {
          token: op.token,
          body: { reason: 'Test' },
        })
      ).status,
    ).toBe(200);
    expect(await balanceOf(t, p.id)).toBe(700);
    const mine = await t.request('GET', '/api/v1/user/withdrawal', { token: p.token });
    expect(mine.body.data[0]).toMatchObject({ _id: id, status: 'rejected', method: 'bank' });
  });

  it.each([
    ['zero', { amount: 0, method: 'gpay' }, 400],
    ['negative', { amount: -1, method: 'gpay' }, 400],
    ['fractional', { amount: 1.5, method: 'gpay' }, 400],
    ['text', { amount: '100', method: 'gpay' }, 400],
    ['huge', { amount: 1e15, method: 'gpay' }, 400],
    ['over the balance', { amount: 701, method: 'gpay' }, 422],
    ['unsaved method', { amount: 10, method: 'paytm' }, 422],
    ['unknown method', { amount: 10, method: 'cash' }, 400],
  ])('refuses %s and writes nothing', async (_n, body, status) => {
    const before = await moneySnapshot(t);
    const res = await withdraw(body);
    expect(res.status).toBe(status);
    expect(res.body.status).toBe(false);
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it("lets no one decide another player's withdrawal but an operator", async () => {
    const res = await withdraw({ amount: 10, method: 'gpay' });
    const other = await createPlayer(t);
    expect(
      (
        await t.request('POST', `/api/v1/admin/withdrawals/${res.body.data._id}/approve`, {
          token: other.token,
        })
      ).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/v1/user/withdrawal', { token: other.token })).body.data).toEqual([]);
  });
});

describe('a player follows and cancels their withdrawal', () => {
  const cancel = (id: string, token = p.token) =>
    t.request('POST', `/api/v1/user/withdrawal/${id}/cancel`, { token });

  it('cancels a pending withdrawal, refunds the hold once and says when', async () => {
    const before = await balanceOf(t, p.id);
    const id = (await withdraw({ amount: 40, method: 'gpay' })).body.data._id;
    expect(await balanceOf(t, p.id)).toBe(before - 40);
    const res = await cancel(id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Withdrawal cancelled and refunded');
    expect(res.body.data).toMatchObject({ _id: id, status: 'cancelled', balance: before, reason: null });
    expect(Date.parse(res.body.data.decidedAt)).toBeGreaterThan(0);
    expect(await balanceOf(t, p.id)).toBe(before);
    // Once: a second cancel and an operator's approval after it are both 409 and move nothing.
    expect((await cancel(id)).status).toBe(409);
    const approve = await t.request('POST', `/api/v1/admin/withdrawals/${id}/approve`, { token: op.token });
    expect(approve.status).toBe(409);
    expect(approve.body.message).toBe('This withdrawal was already decided');
    expect(await balanceOf(t, p.id)).toBe(before);
    const tx = await t.request('GET', '/api/v1/user/transactions', { token: p.token });
    expect(tx.body.data[0]).toMatchObject({ type: 'credit', amount: 40, status: 'completed' });
    const listed = await t.request('GET', '/api/v1/admin/withdrawals?status=cancelled', { token: op.token });
    expect(listed.body.data.map((w: { _id: string }) => w._id)).toContain(id);
  });

  it("refuses to cancel a decided one, another player's, or a bad id", async () => {
    const id = (await withdraw({ amount: 10, method: 'gpay' })).body.data._id;
    const other = await createPlayer(t);
    expect((await cancel(id, other.token)).status).toBe(404);
    expect((await cancel('not-a-uuid')).status).toBe(404);
    expect((await cancel('00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await t.request('POST', `/api/v1/user/withdrawal/${id}/cancel`)).status).toBe(401);
    await t.request('POST', `/api/v1/admin/withdrawals/${id}/approve`, { token: op.token });
    const snap = await moneySnapshot(t);
    const res = await cancel(id);
    expect(res.status).toBe(409);
    expect(await moneySnapshot(t)).toEqual(snap);
  });

  it("shows the operator's reason for a rejection to the player, with the time", async () => {
    const id = (await withdraw({ amount: 15, method: 'bank' })).body.data._id;
    const mine0 = await t.request('GET', '/api/v1/user/withdrawal', { token: p.token });
    expect(mine0.body.data[0]).toMatchObject({ _id: id, status: 'pending', decidedAt: null, reason: null });
    const res = await t.request('POST', `/api/v1/admin/withdrawals/${id}/reject`, {
      token: op.token,
      body: { reason: '  Bank account name does not match  ' },
    });
    expect(res.status).toBe(200);
    const mine = await t.request('GET', '/api/v1/user/withdrawal', { token: p.token });
    expect(mine.body.data[0]).toMatchObject({
      _id: id,
      status: 'rejected',
      reason: 'Bank account name does not match',
    });
    expect(Date.parse(mine.body.data[0].decidedAt)).toBeGreaterThanOrEqual(
      Date.parse(mine.body.data[0].createdAt),
    );
    // A reason is required and bounded (issue 19), checked before the withdrawal is read.
    const other = (await withdraw({ amount: 15, method: 'bank' })).body.data._id;
    const long = await t.request('POST', `/api/v1/admin/withdrawals/${other}/reject`, {
      token: op.token,
      body: { reason: 'x'.repeat(501) },
    });
    expect(long.status).toBe(400);
    expect(long.body.errors.reason).toBe('Keep the reason under 500 characters');
    const none = await t.request('POST', `/api/v1/admin/withdrawals/${other}/reject`, {
      token: op.token,
      body: { reason: '  ' },
    });
    expect(none.status).toBe(400);
    expect(none.body.errors.reason).toBe('Give a reason');
  });
});

describe('Idempotency-Key', () => {
  it('replays the first answer for the same body and moves money once', async () => {
    const before = await balanceOf(t, p.id);
    const key = { 'idempotency-key': 'wd-key-1' };
    const a = await withdraw({ amount: 50, method: 'gpay' }, p.token, key);
    const b = await withdraw({ method: 'gpay', amount: 50 }, p.token, key);
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body).toEqual(a.body);
    expect(await balanceOf(t, p.id)).toBe(before - 50);
    const c = await withdraw({ amount: 60, method: 'gpay' }, p.token, key);
    expect(c.status).toBe(422);
    const other = await createPlayer(t, { balance: 100 });
    await saveMethod({ method: 'gpay', phoneNumber: '9876543210' }, other.token);
    expect((await withdraw({ amount: 50, method: 'gpay' }, other.token, key)).status).toBe(201);
  });

  it('keeps no refusal: after adding funds, the same key places the withdrawal', async () => {
    const poor = await createPlayer(t, { balance: 20 });
    await saveMethod({ method: 'gpay', phoneNumber: '9876543210' }, poor.token);
    const key = { 'idempotency-key': 'wd-over' };
    const a = await withdraw({ amount: 50, method: 'gpay' }, poor.token, key);
    expect(a.status).toBe(422);
    expect(await balanceOf(t, poor.id)).toBe(20);
    await adjustWallet(t, poor.id, { type: 'credit', amount: 40, description: 'Top up' }, op.token);
    const b = await withdraw({ amount: 50, method: 'gpay' }, poor.token, key);
    expect(b.status).toBe(201);
    expect(await balanceOf(t, poor.id)).toBe(10);
    const replay = await withdraw({ amount: 50, method: 'gpay' }, poor.token, key);
    expect(replay.body).toEqual(b.body);
    expect(await balanceOf(t, poor.id)).toBe(10);
  });
});

describe('operator wallet adjustments', () => {
  it('credits and debits as ledger rows and never overdraws', async () => {
    const before = await balanceOf(t, p.id);
    const url = `/api/v1/admin/users/${p.id}/wallet`;
    // Four eyes: each adjustment is requested by one owner and applied by a second (issue 19).
    const credit = await adjustWallet(
      t,
      p.id,
      { type: 'credit', amount: 25, description: 'Bonus' },
      op.token,
    );
    expect(credit.body.data.balance).toBe(before + 25);
    const debit = await adjustWallet(t, p.id, { type: 'debit', amount: 5, description: 'Fix' }, op.token);
    expect(debit.body.data.balance).toBe(before + 20);
    const snap = await moneySnapshot(t);
    const over = await adjustWallet(
      t,
      p.id,
      { type: 'debit', amount: 1e6, description: 'Too much' },
      op.token,
    );
    expect(over.status).toBe(422);
    for (const body of [
      { type: 'credit', amount: 0, description: 'x' },
      { type: 'credit', amount: -1, description: 'x' },
      { type: 'gift', amount: 1, description: 'x' },
      { type: 'credit', amount: 1, description: '' },
      { type: 'credit', amount: 'many', description: 'x' },
    ]) {
      expect((await t.request('POST', url, { token: op.token, body })).status).toBe(400);
    }
    expect(
      (
        await t.request('POST', url, {
          token: p.token,
          body: { type: 'credit', amount: 1, description: 'me' },
        })
      ).status,
    ).toBe(403);
    const nobody = '/api/v1/admin/users/00000000-0000-0000-0000-000000000000/wallet';
    expect(
      (
        await t.request('POST', nobody, {
          token: op.token,
          body: { type: 'credit', amount: 1, description: 'x' },
        })
      ).status,
    ).toBe(404);
    expect(await moneySnapshot(t)).toEqual(snap);
  });
});
