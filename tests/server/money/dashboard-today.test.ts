import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

// The console dashboard's today (issue 12): players active in 5 minutes, bids and stakes per market
// and session; and the activity stamp behind "online" does not flush the token caches.

let t: TestContext;
let op: { token: string };
let game: string;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Today Bazar' });
  op = await createAdmin(t);
});
afterAll(() => t.close());

const today = async () =>
  (await t.request('GET', '/api/v1/admin/dashboard/today', { token: op.token })).body.data;

describe('dashboard today', () => {
  it('counts players seen in the last 5 minutes, not older ones and not operators', async () => {
    const a = await createPlayer(t, { balance: 1000 });
    const b = await createPlayer(t, { balance: 1000 });
    const before = (await today()).playersOnline;
    await t.request('GET', '/api/v1/user/user-details', { token: a.token });
    await t.request('GET', '/api/v1/user/user-details', { token: b.token });
    await expect.poll(async () => (await today()).playersOnline).toBe(before + 2);
    await t.db.query(
      "UPDATE auth_tokens SET last_used_at = now() - interval '6 minutes' WHERE user_id = $1",
      [b.id],
    );
    expect((await today()).playersOnline).toBe(before + 1);
  });

  it('bids and stakes per market and session, biggest stake first', async () => {
    const p = await createPlayer(t, { balance: 5000 });
    const bids = [
      { game, gameType: 'single-digit', session: 'Open', openDigit: '4', amount: 100 },
      { game, gameType: 'single-digit', session: 'Open', openDigit: '5', amount: 20 },
      { game, gameType: 'single-digit', session: 'Close', closeDigit: '5', amount: 30 },
    ];
    expect(
      (await t.request('POST', '/api/v1/user/main/bids', { token: p.token, body: { bids } })).status,
    ).toBe(201);
    const { markets } = await today();
    expect(markets).toEqual([
      { gameId: game, gameName: 'Today Bazar', family: 'main', session: 'Open', bids: 2, stakes: 120 },
      { gameId: game, gameName: 'Today Bazar', family: 'main', session: 'Close', bids: 1, stakes: 30 },
    ]);
  });

  it('staff see it too; players do not', async () => {
    const staff = await createAdmin(t, undefined, 'staff');
    expect((await t.request('GET', '/api/v1/admin/dashboard/today', { token: staff.token })).status).toBe(
      200,
    );
    const p = await createPlayer(t);
    expect((await t.request('GET', '/api/v1/admin/dashboard/today', { token: p.token })).status).toBe(403);
  });

  it('the activity stamp does not tell other processes to drop their token caches', async () => {
    const p = await createPlayer(t);
    const version = t.db.changes.version('auth');
    await t.db.query('UPDATE auth_tokens SET last_used_at = now() WHERE user_id = $1', [p.id]);
    await new Promise((r) => setTimeout(r, 100));
    expect(t.db.changes.version('auth')).toBe(version);
    await t.db.query('UPDATE auth_tokens SET revoked_at = now() WHERE user_id = $1', [p.id]);
    await expect.poll(() => t.db.changes.version('auth')).toBeGreaterThan(version);
  });
});
