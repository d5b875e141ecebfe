import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { balanceOf, seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

// The exposure preview an operator sees before declaring (issue 12): what the chosen result pays
// and the ten most expensive results, computed by the same engine as the declaration, and equal
// to what the declaration then pays.

const DAY = '2026-11-18';
let t: TestContext;
let a: PlayerFixture;
let b: PlayerFixture;
let op: { token: string };
let game: string;

const preview = (q: Record<string, string>) =>
  t.request(
    'GET',
    `/api/v1/admin/results/preview?${new URLSearchParams({ family: 'main', gameId: game, resultDate: DAY, ...q })}`,
    {
      token: op.token,
    },
  );

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Preview Bazar' });
  a = await createPlayer(t, { balance: 5000 });
  b = await createPlayer(t, { balance: 5000 });
  op = await createAdmin(t);
  const bid = (p: PlayerFixture, bids: Record<string, unknown>[]) =>
    t.request('POST', '/api/v1/user/main/bids', {
      token: p.token,
      body: { bids: bids.map((x) => ({ game, ...x })) },
    });
  // Open ank 4 is heavy: two players on single digit 4, one on panna 149; ank 3 has a small bet.
  expect(
    (await bid(a, [{ gameType: 'single-digit', session: 'Open', openDigit: '4', amount: 100 }])).status,
  ).toBe(201);
  expect(
    (await bid(b, [{ gameType: 'single-digit', session: 'Open', openDigit: '4', amount: 50 }])).status,
  ).toBe(201);
  expect(
    (
      await bid(a, [
        { gameType: 'single-panna', session: 'Open', openDigit: '149', pannaType: 'SP', amount: 10 },
      ])
    ).status,
  ).toBe(201);
  expect(
    (await bid(b, [{ gameType: 'single-digit', session: 'Open', openDigit: '3', amount: 10 }])).status,
  ).toBe(201);
  // A jodi waits for the close: no open result can pay it.
  expect(
    (await bid(a, [{ gameType: 'jodi-digit', session: 'Open', openDigit: '45', amount: 10 }])).status,
  ).toBe(201);
});
afterAll(() => t.close());

describe('result preview', () => {
  it('the chosen open panna: winning bids, players and payout; the most expensive results first', async () => {
    const res = await preview({ session: 'open', panna: '149' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const p = res.body.data;
    expect(p).toMatchObject({ gameName: 'Preview Bazar', session: 'open', pendingBids: 4, stakes: 170 });
    // 149 (ank 4): single digit 4 x2 at 10 KA 95, single panna 149 at 10 KA 1400.
    expect(p.chosen).toEqual({ result: '149-4', winningBids: 3, winners: 2, payout: 950 + 475 + 1400 });
    expect(p.mostExpensive).toHaveLength(10);
    expect(p.mostExpensive[0]).toEqual(p.chosen);
    const payouts = p.mostExpensive.map((e: { payout: number }) => e.payout);
    expect([...payouts].sort((x, y) => y - x)).toEqual(payouts);
    // Every other ank-4 panna pays the two digit bets only.
    expect(p.mostExpensive[1]).toMatchObject({ winningBids: 2, winners: 2, payout: 1425 });
  });

  it('writes nothing, and the declaration then pays exactly what the preview said', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM results');
    const shown = (await preview({ session: 'open', panna: '149' })).body.data.chosen;
    expect((await t.db.query('SELECT count(*)::int AS n FROM results')).rows).toEqual(before.rows);
    const balances = [await balanceOf(t, a.id), await balanceOf(t, b.id)];
    const declared = await t.request('POST', '/api/v1/admin/results/main', {
      token: op.token,
      body: { gameId: game, resultDate: DAY, session: 'open', panna: '149' },
    });
    expect(declared.status).toBe(201);
    expect(declared.body.data.settlement).toMatchObject({ winners: shown.winningBids });
    const winners = await t.request('GET', `/api/v1/admin/main/winners?date=${DAY}`, { token: op.token });
    expect(winners.status).toBe(200);
    const wins = winners.body.data.map((w: { winAmount: number }) => w.winAmount);
    expect(wins.sort((x: number, y: number) => x - y)).toEqual([475, 950, 1400]);
    const paid =
      (await balanceOf(t, a.id)) -
      (balances[0] as number) +
      (await balanceOf(t, b.id)) -
      (balances[1] as number);
    expect(paid).toBe(shown.payout);
  });

  it('the close is previewed on top of the declared open; mistakes answer like the declaration', async () => {
    const close = await preview({ session: 'close', panna: '258' });
    expect(close.status).toBe(200);
    // Open 149 + close 258 makes jodi 45: the jodi bet wins 10 x 95.
    expect(close.body.data.chosen).toMatchObject({ result: '149-45-258', winningBids: 1, payout: 950 });
    expect((await preview({ session: 'open', panna: '149' })).status).toBe(409);
    expect((await preview({ session: 'close', panna: '12' })).status).toBe(400);
    const unknown = await t.request(
      'GET',
      `/api/v1/admin/results/preview?family=main&gameId=${crypto.randomUUID()}&resultDate=${DAY}&session=open&panna=123`,
      { token: op.token },
    );
    expect(unknown.status).toBe(404);
  });
});
