/**
 * The money desk's reads (issue 21): each pending request with where the money goes, the player's
 * balance, last 7 days, last entries and open flags; the audit log filtered by player, operator
 * and action, each row naming its action.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';

let t: TestContext;
let ravi: PlayerFixture;
let asha: PlayerFixture;
let owner: { id: string; token: string; username: string };
let staff: { id: string; token: string; username: string };

beforeAll(async () => {
  t = await createTestContext();
  owner = await createAdmin(t, 'desk-owner');
  staff = await createAdmin(t, 'desk-staff', 'staff');
  ravi = await createPlayer(t, { name: 'Ravi', balance: 1000 });
  asha = await createPlayer(t, { name: 'Asha', balance: 500 });
  for (const p of [ravi, asha]) {
    await t.request('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'phonepe', phoneNumber: '9302101538' },
    });
  }
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

const withdraw = (p: PlayerFixture, amount: number) =>
  t.request('POST', '/api/v1/user/withdrawal', { token: p.token, body: { amount, method: 'phonepe' } });

describe('pending withdrawals at the desk', () => {
  it('carry the payout number, the balance, the last 7 days and the last entries', async () => {
    const id = (await withdraw(ravi, 120)).body.data._id;
    const res = await t.request('GET', '/api/v1/admin/withdrawals?status=pending', { token: staff.token });
    const row = res.body.data.find((w: { _id: string }) => w._id === id);
    expect(row).toMatchObject({
      amount: 120,
      method: 'phonepe',
      methodDetails: { phoneNumber: '9302101538' },
      user: { _id: ravi.id, name: 'Ravi', phone: ravi.phone },
      desk: {
        balance: 880,
        last7Days: { deposits: 0, staked: 0, won: 0, withdrawn: 120 },
        flags: [],
      },
    });
    expect(row.desk.recent[0]).toMatchObject({ amount: 120, type: 'debit', status: 'pending' });
    expect(row.desk.recent[1]).toMatchObject({ amount: 1000, type: 'credit', description: 'Test balance' });
  });

  it('fund requests carry the balance too', async () => {
    await t.request('POST', '/api/v1/user/fund', { token: asha.token, body: { amount: 300 } });
    const res = await t.request('GET', '/api/v1/admin/funds?status=pending', { token: staff.token });
    const row = res.body.data.find((f: { user?: { _id: string } }) => f.user?._id === asha.id);
    expect(row.desk).toMatchObject({ balance: 500 });
  });

  it('a deposit card says when the player is on a time-out and past their own deposit limit', async () => {
    const kiran = await createPlayer(t, { name: 'Kiran' });
    const as = { token: kiran.token };
    await t.request('PUT', '/api/v1/user/limits', { ...as, body: { depositDay: 1000, depositMonth: 5000 } });
    const paid = await t.request('POST', '/api/v1/user/fund', { ...as, body: { amount: 800 } });
    await t.request('POST', `/api/payment/checkout/${paid.body.data.orderId}/pay`);
    const waiting = await t.request('POST', '/api/v1/user/fund', { ...as, body: { amount: 200 } });
    expect(waiting.status).toBe(201);
    // Dated to the test clock's day, as the server dates them with the database clock.
    await t.db.query('UPDATE fund_requests SET created_at = $2 WHERE user_id = $1', [
      kiran.id,
      await t.clock.now(),
    ]);
    // Stricter limits take effect at once; then a day's time-out.
    await t.request('PUT', '/api/v1/user/limits', { ...as, body: { depositDay: 500 } });
    const out = await t.request('POST', '/api/v1/user/time-out', { ...as, body: { days: 1 } });
    expect(out.status).toBe(200);

    const res = await t.request('GET', '/api/v1/admin/funds?status=pending', { token: staff.token });
    const row = res.body.data.find((f: { user?: { _id: string } }) => f.user?._id === kiran.id);
    expect(row.amount).toBe(200);
    // Only money received counts: the 800 paid, not the 200 waiting.
    expect(row.desk.depositLimits).toEqual([
      { field: 'depositDay', limit: 500, received: 800 },
      { field: 'depositMonth', limit: 5000, received: 800 },
    ]);
    expect(row.desk.pause).toEqual(out.body.data.pause);
    // The Players list shows the pause too (and nothing for a player who is not paused).
    const list = await t.request('GET', `/api/v1/admin/users?search=${kiran.phone}`, { token: staff.token });
    expect(list.body.data[0]).toMatchObject({ _id: kiran.id, pause: out.body.data.pause });
    const other = await t.request('GET', `/api/v1/admin/users?search=${ravi.phone}`, { token: staff.token });
    expect(other.body.data[0]).toMatchObject({ _id: ravi.id, pause: null });
    // Someone with neither: no pause and no limits.
    const asha = res.body.data.find((f: { user?: { name: string } }) => f.user?.name === 'Asha');
    expect(asha.desk).toMatchObject({ pause: null, depositLimits: [] });
  });
});

describe('the audit log by player, operator and action', () => {
  it('finds the writes about one player, by phone or id, and names each action', async () => {
    const w1 = (await withdraw(ravi, 50)).body.data._id;
    const w2 = (await withdraw(asha, 60)).body.data._id;
    await t.request('POST', `/api/v1/admin/withdrawals/${w1}/approve`, { token: staff.token });
    await t.request('POST', `/api/v1/admin/withdrawals/${w2}/reject`, {
      token: owner.token,
      body: { reason: 'Name does not match' },
    });
    await t.request('PATCH', `/api/v1/admin/users/${asha.id}`, {
      token: owner.token,
      body: { isBlocked: true },
    });
    await t.request('POST', `/api/v1/admin/users/${ravi.id}/wallet`, {
      token: owner.token,
      body: { type: 'credit', amount: 25, description: 'Bonus' },
    });
    const log = async (q: string) => {
      const res = await t.request('GET', `/api/v1/admin/audit-log?${q}`, { token: owner.token });
      expect(res.status).toBe(200);
      return res.body.data as Array<{ action: string | null; username: string; path: string }>;
    };
    const aboutRavi = await log(`player=${ravi.phone}`);
    expect(aboutRavi.map((r) => r.action)).toEqual(['wallet-adjust', 'withdrawal-approve']);
    expect((await log(`player=${ravi.id}`)).length).toBe(2);
    const aboutAsha = await log(`player=${asha.phone}`);
    expect(aboutAsha.map((r) => r.action)).toEqual(['player-change', 'withdrawal-reject']);
    expect((await log('action=withdrawal-approve')).every((r) => r.action === 'withdrawal-approve')).toBe(
      true,
    );
    expect((await log('operator=DESK-STAFF')).map((r) => r.username)).toEqual(['desk-staff']);
    expect(await log('player=9999999999')).toEqual([]);
    for (const bad of ['action=delete-everything', 'player=12', "player=1'; drop table"]) {
      expect((await t.request('GET', `/api/v1/admin/audit-log?${bad}`, { token: owner.token })).status).toBe(
        400,
      );
    }
  });
});
