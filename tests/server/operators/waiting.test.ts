/**
 * "Waiting for you" (issue 49 item 9): GET /admin/waiting counts what waits for THIS operator's
 * approval, in one statement: operator changes, wallet adjustments, large withdrawals approved
 * once, withdrawals the bank has paid (UTR named) and bank-message matches waiting for an owner.
 * Never what the operator asked for or approved already, never what their role may not approve;
 * a decided item leaves every count. PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { type AnyBody, createTestContext, type TestContext } from '../helpers/test-app';
import { lateMessage } from './late-message';

let t: TestContext;
type Op = Awaited<ReturnType<typeof createAdmin>>;
let a: Op;
let b: Op;
let staff: Op;
let player: PlayerFixture;

const waiting = async (op: { token: string }) => {
  const r = await t.request('GET', '/api/v1/admin/waiting', { token: op.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as Record<string, number>;
};
const post = async (op: Op, path: string, body: unknown, status: number) => {
  const r = await t.request('POST', `/api/v1/${path}`, { token: op.token, body });
  expect(r.status, `${path}: ${JSON.stringify(r.body)}`).toBe(status);
  return r.body.data as AnyBody;
};
async function withdrawal(amount: number): Promise<string> {
  const r = await t.request('POST', '/api/v1/user/withdrawal', {
    token: player.token,
    body: { amount, method: 'gpay' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data._id as string;
}
const NONE = {
  total: 0,
  operatorChanges: 0,
  walletAdjustments: 0,
  withdrawals: 0,
  payoutRows: 0,
  paymentMatches: 0,
};

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T05:30:00Z', env: { FOUR_EYES_ABOVE: '500' } });
  a = await createAdmin(t, 'owner.a');
  b = await createAdmin(t, 'owner.b');
  staff = await createAdmin(t, 'desk.s', 'staff');
  player = await createPlayer(t, { balance: 10_000, name: 'Asha' });
  await t.request('POST', '/api/v1/user/withdrawal/methods', {
    token: player.token,
    body: { method: 'gpay', phoneNumber: '9876543210' },
  });
});
afterAll(() => t.close());

describe('GET /admin/waiting', () => {
  it('is empty for everyone at first; players may not ask', async () => {
    for (const op of [a, b, staff]) expect(await waiting(op)).toEqual(NONE);
    expect((await t.request('GET', '/api/v1/admin/waiting', { token: player.token })).status).toBe(403);
    expect((await t.request('GET', '/api/v1/admin/waiting')).status).toBe(401);
  });

  it('an operator change and a wallet adjustment wait for the other owner only', async () => {
    await post(a, 'admin/operators', { username: 'cashier1', password: 'long-enough-1', role: 'staff' }, 202);
    await post(
      a,
      `admin/users/${player.id}/wallet`,
      { type: 'credit', amount: 250, description: 'Goodwill' },
      202,
    );
    expect(await waiting(a)).toEqual(NONE);
    expect(await waiting(staff)).toEqual(NONE);
    expect(await waiting(b)).toEqual({ ...NONE, total: 2, operatorChanges: 1, walletAdjustments: 1 });
  });

  it('a large withdrawal approved once waits for every other operator, staff too', async () => {
    const id = await withdrawal(800);
    // Not yet approved by anyone: a pending withdrawal, not a four-eyes wait.
    expect((await waiting(staff)).withdrawals).toBe(0);
    await post(staff, `admin/withdrawals/${id}/approve`, {}, 202);
    expect(await waiting(staff)).toEqual(NONE);
    expect(await waiting(a)).toMatchObject({ withdrawals: 1, payoutRows: 0 });
    expect(await waiting(b)).toMatchObject({ total: 3, withdrawals: 1 });
  });

  it('a withdrawal the bank paid (its UTR named by the first approval) is a payout row', async () => {
    const id = await withdrawal(900);
    await post(a, `admin/withdrawals/${id}/approve`, { utr: '612345678901' }, 202);
    expect(await waiting(a)).toMatchObject({ withdrawals: 1, payoutRows: 0 });
    // Staff approved the first withdrawal already: only this one waits for them.
    expect(await waiting(staff)).toMatchObject({ total: 1, withdrawals: 0, payoutRows: 1 });
    expect(await waiting(b)).toMatchObject({ total: 4, payoutRows: 1 });
  });

  it('a bank message matched by staff waits for the owners, not for staff', async () => {
    const { id, fundId } = await lateMessage(t, player);
    await post(staff, `admin/payment-notifications/${id}/match`, { fundId }, 202);
    expect((await waiting(staff)).paymentMatches).toBe(0);
    expect(await waiting(a)).toMatchObject({ total: 2, paymentMatches: 1 });
    expect(await waiting(b)).toMatchObject({
      total: 5,
      operatorChanges: 1,
      walletAdjustments: 1,
      withdrawals: 1,
      payoutRows: 1,
      paymentMatches: 1,
    });
  });

  it('what is decided leaves every count', async () => {
    const ops = await t.request('GET', '/api/v1/admin/operators', { token: b.token });
    const cashier = (ops.body.data as AnyBody[]).find((o) => o.username === 'cashier1');
    await post(b, `admin/operators/${cashier?._id}/approve`, undefined, 200);
    const adjustments = await t.request('GET', '/api/v1/admin/wallet-adjustments?status=pending', {
      token: b.token,
    });
    await post(b, `admin/wallet-adjustments/${adjustments.body.data[0]._id}/approve`, undefined, 200);
    const pending = await t.request('GET', '/api/v1/admin/withdrawals?status=pending', { token: b.token });
    for (const w of pending.body.data as AnyBody[])
      await post(b, `admin/withdrawals/${w._id}/reject`, { reason: 'Checked by the test' }, 200);
    expect(await waiting(b)).toEqual({ ...NONE, total: 1, paymentMatches: 1 });
    expect(await waiting(staff)).toEqual(NONE);
    expect(await waiting(a)).toEqual({ ...NONE, total: 1, paymentMatches: 1 });
  });
});
