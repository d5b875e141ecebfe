import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

// The dashboard's money of the day (issue 49 item 8): stakes still waiting for a result are not
// the house's profit. Before any result the house has won nothing (the ₹150 staked is pending);
// after the open result only the open bids count, a loss as a loss.

let t: TestContext;
let op: { token: string };
let game: string;

const stats = async () => {
  const r = await t.request('GET', '/api/v1/dashboard-stats', { token: op.token });
  expect(r.status).toBe(200);
  return r.body.data;
};

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Stats Bazar' });
  op = await createAdmin(t);
});
afterAll(() => t.close());

describe('GET /dashboard-stats: settled apart from pending', () => {
  it('before any result the stake is pending and the house has won nothing', async () => {
    const p = await createPlayer(t, { balance: 5000 });
    const bids = [
      { game, gameType: 'single-digit', session: 'Open', openDigit: '4', amount: 100 },
      { game, gameType: 'single-digit', session: 'Open', openDigit: '5', amount: 20 },
      { game, gameType: 'single-digit', session: 'Close', closeDigit: '5', amount: 30 },
    ];
    const placed = await t.request('POST', '/api/v1/user/main/bids', { token: p.token, body: { bids } });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const s = await stats();
    expect(s.bidsToday).toEqual({ count: 3, amount: 150 });
    expect(s.settledToday).toEqual({ count: 0, stake: 0, payout: 0, net: 0 });
    expect(s.pendingToday).toEqual({ count: 3, stake: 150 });
  });

  it('after the open result: the open bids are settled (a loss shows as one), the close bid still pending', async () => {
    const declared = await t.request('POST', '/api/v1/admin/results/main', {
      token: op.token,
      body: { gameId: game, resultDate: '2026-11-18', session: 'open', panna: '149' },
    });
    expect(declared.status, JSON.stringify(declared.body)).toBe(201);
    const s = await stats();
    // 149 -> digit 4: the ₹100 on 4 wins 950 (rate 9.5), the ₹20 on 5 loses.
    expect(s.settledToday).toEqual({ count: 2, stake: 120, payout: 950, net: -830 });
    expect(s.pendingToday).toEqual({ count: 1, stake: 30 });
    expect(s.winningsToday).toBe(950);
    expect(s.bidsToday).toEqual({ count: 3, amount: 150 });
  });

  it('counts verified players apart from registrations never verified', async () => {
    await createPlayer(t, { verified: false });
    const s = await stats();
    expect(s.users.verified).toBe(1);
    expect(s.users.unverified).toBe(1);
    expect(s.users.total).toBe(2);
  });
});
