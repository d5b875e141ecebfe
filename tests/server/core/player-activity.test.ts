import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

// A player's activity for operators (issue 12): last login, last seen, referrer and referrals.

let t: TestContext;
let staff: { token: string };

beforeAll(async () => {
  t = await createTestContext();
  staff = await createAdmin(t, undefined, 'staff');
});
afterAll(() => t.close());

describe('player activity', () => {
  it('last login and last seen come from their tokens; referrals from the referral rows', async () => {
    const referrer = await createPlayer(t);
    const friend = await createPlayer(t);
    await t.db.query('UPDATE users SET referred_by = $1 WHERE id = $2', [referrer.id, friend.id]);
    await t.db.query(
      "INSERT INTO referrals (referrer_id, referee_id, status, reward_paise) VALUES ($1, $2, 'completed', 5000)",
      [referrer.id, friend.id],
    );
    await t.request('GET', '/api/v1/user/user-details', { token: referrer.token });
    const read = async (id: string) =>
      (await t.request('GET', `/api/v1/admin/users/${id}/activity`, { token: staff.token })).body.data;
    await expect.poll(async () => (await read(referrer.id)).lastSeenAt).not.toBeNull();
    const a = await read(referrer.id);
    expect(Date.parse(a.lastLoginAt)).toBeGreaterThan(0);
    expect(a.referredBy).toBeNull();
    expect(a.referrals).toEqual([
      {
        name: 'Test Player',
        phone: friend.phone,
        status: 'completed',
        reward: 50,
        createdAt: expect.any(String),
      },
    ]);
    expect((await read(friend.id)).referredBy).toBe(referrer.phone);
  });

  it('unknown ids are 404; players cannot read it', async () => {
    const p = await createPlayer(t);
    const unknown = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    expect(
      (await t.request('GET', `/api/v1/admin/users/${unknown}/activity`, { token: staff.token })).status,
    ).toBe(404);
    expect((await t.request('GET', '/api/v1/admin/users/x/activity', { token: staff.token })).status).toBe(
      404,
    );
    expect((await t.request('GET', `/api/v1/admin/users/${p.id}/activity`, { token: p.token })).status).toBe(
      403,
    );
  });
});
