import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../../server/seed/demo';
import { createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

// The demo install promises a market for every bet type at (almost) any hour: players trying the
// app late at night or just after midnight IST must find somewhere to place each kind of bid.
let t: TestContext;
let p: PlayerFixture;
let games: Record<string, string>;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T06:30:00Z' }); // Wednesday 12:00 IST
  await seedDemo(t.db, await t.clock.now(), 'Asia/Kolkata');
  p = await createPlayer(t, { balance: 1000 });
  const list = await t.request('GET', '/api/v1/admin/main-games');
  games = Object.fromEntries(
    list.body.data.map((g: { gameName: string; _id: string }) => [g.gameName, g._id]),
  );
});
afterAll(() => t.close());

const jodi = (game: string) => ({
  game,
  gameType: 'jodi-digit',
  amount: 10,
  session: 'Open',
  openDigit: '45',
});
const closeDigit = (game: string) => ({
  game,
  gameType: 'single-digit',
  amount: 10,
  session: 'Close',
  closeDigit: '5',
});

describe('demo markets around midnight IST', () => {
  it.each([
    ['00:01', '2026-11-18T18:31:00Z', 'Demo Day'],
    ['12:00', '2026-11-19T06:30:00Z', 'Demo Night'],
    ['23:30', '2026-11-19T18:00:00Z', 'Demo Night'],
    ['23:57', '2026-11-19T18:27:00Z', 'Demo Night'],
  ])('at %s IST a whole-day bet and a Close bet are taken (%s, %s)', async (_label, at, name) => {
    t.clock.set(at);
    const game = games[name] as string;
    const res = await t.request('POST', '/api/v1/user/main/bids', {
      token: p.token,
      body: { bids: [jodi(game), closeDigit(game)] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  });
});
