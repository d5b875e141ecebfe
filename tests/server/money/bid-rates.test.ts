import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { placeBidsBatch } from '../../../server/db/repositories/bid-statement';
import type { Family } from '../../../src/domain/types';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { closeRow, openRow } from './helpers/bid-rows';
import { submission } from './helpers/bid-submissions';
import { assertInvariants } from './helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

// docs/api.md "A bid keeps the rate it was placed at": every bid row stores the rate in force when
// it was accepted, and settlement pays that rate whatever the operator changed since (issue 45: a
// single digit bid of 10 at 10 KA 95 paid 80 after a change to 10 KA 80). Each family, the
// composite sp-dp-tp-motor (each panna at its own class rate), the digit and jodi expanders, the
// history, the exposure preview, a revert, and the batch statement used on PostgreSQL.

const DAY = '2026-11-18';
let t: TestContext;
let p: PlayerFixture;
let op: { token: string };
const games: Record<string, string> = {};
const PATH: Record<Family, string> = {
  main: '/api/v1/user/main/bids',
  starline: '/api/v1/user/starline-bid',
  galidisawar: '/api/v1/admin/galidisawar-bid',
};
const RATE_PATH: Record<Family, string> = {
  main: '/api/v1/admin/game-point',
  starline: '/api/v1/admin/starline-game-rate',
  galidisawar: '/api/v1/admin/galidisawar-rate',
};

/** [label, row without game, the rate it is placed at (section 6), the win at that rate in points]. */
type Case = [string, Record<string, unknown>, [number, number], number];
const o = openRow;
const c = closeRow;
// Main M1: open 149 (SP, ank 4), close 258 (SP, ank 5), jodi 45.
const M1: Case[] = [
  ['single digit', o('single-digit', '4'), [10, 95], 95],
  // Sent with the rate the player was shown, as the app sends it.
  ['single digit, rate shown', o('single-digit', '4', { rate: { point: 10, amount: 95 } }), [10, 95], 95],
  ['odd-even (single digit rate)', o('odd-even', '4', { pannaType: 'EVEN' }), [10, 95], 95],
  ['sp-dp-tp-motor SP', o('sp-dp-tp-motor', '149', { pannaType: 'SP' }), [10, 1400], 1400],
  ['jodi', o('jodi-digit', '45'), [10, 950], 950],
  ['digit-base-jodi (jodi rate)', o('digit-base-jodi', '45'), [10, 950], 950],
  ['group-jodi (jodi rate)', o('group-jodi', '45'), [10, 950], 950],
  [
    'half sangam',
    { gameType: 'half-sangam', session: 'Open', openDigit: '4', closePanna: '258' },
    [10, 10000],
    10000,
  ],
  [
    'full sangam',
    { gameType: 'full-sangam', session: 'Open', openPanna: '149', closePanna: '258' },
    [10, 100000],
    100000,
  ],
];
// Main M2: open 112 (DP, ank 4), close 777 (TP, ank 1): the motor's other classes.
const M2: Case[] = [
  ['sp-dp-tp-motor DP', o('sp-dp-tp-motor', '112', { pannaType: 'DP' }), [10, 2800], 2800],
  ['sp-dp-tp-motor TP', c('sp-dp-tp-motor', '777', { pannaType: 'TP' }), [10, 7000], 7000],
];
// Main M3: open 127, close 159, jodi 05 (a red bracket).
const M3: Case[] = [['red bracket (jodi rate)', o('red-bracket', '05', { bidDate: DAY }), [10, 950], 950]];
// Starline S: 128 (ank 1).
const S: Case[] = [
  ['starline single digit', { gameType: 'single-digit', digit: '1' }, [10, 100], 100],
  ['starline single panna', { gameType: 'single-panna', digit: '128' }, [10, 1600], 1600],
];
// Galidisawar G: jodi 45.
const G: Case[] = [
  ['gali jodi', { gameType: 'jodi-digit', digit: '45' }, [10, 950], 950],
  ['gali left digit', { gameType: 'left-digit', digit: '4' }, [10, 95], 95],
  ['gali right digit', { gameType: 'right-digit', digit: '5' }, [10, 95], 95],
];

/** Every rate the operator changes to after the bids above: each amount lower than section 6. */
const CHANGED: Record<Family, Record<string, number>> = {
  main: {
    singleDigitAmount: 80,
    jodiDigitAmount: 800,
    singlePannaAmount: 1200,
    doublePannaAmount: 2500,
    triplePannaAmount: 6000,
    halfSangamAmount: 9000,
    fullSangamAmount: 90000,
  },
  starline: { singleDigitAmount: 90, singlePannaAmount: 1500 },
  galidisawar: { jodiDigitAmount: 900, leftDigitAmount: 80, rightDigitAmount: 80 },
};

const ids = new Map<string, string>();
const answered = new Map<string, unknown>();

async function place(family: Family, game: string, cases: Case[]) {
  const res = await t.request('POST', PATH[family], {
    token: p.token,
    body: { bids: cases.map(([, row]) => ({ game, amount: 10, ...row })) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  for (const [i, [label]] of cases.entries()) {
    ids.set(label, res.body.data.bids[i]._id);
    answered.set(label, res.body.data.bids[i].rate);
  }
}

const declare = (family: Family, body: Record<string, unknown>) =>
  t.request('POST', `/api/v1/admin/results/${family}`, {
    token: op.token,
    body: { resultDate: DAY, ...body },
  });

async function changeRates() {
  for (const family of ['main', 'starline', 'galidisawar'] as const) {
    const res = await t.request('PUT', RATE_PATH[family], { token: op.token, body: CHANGED[family] });
    expect(res.status).toBe(200);
  }
}

async function wonPoints(label: string): Promise<{ status: string; win: number }> {
  const r = await t.db.query<{ status: string; win_paise: number }>(
    'SELECT status, win_paise FROM bids WHERE id = $1',
    [ids.get(label)],
  );
  return { status: r.rows[0]?.status ?? '', win: (r.rows[0]?.win_paise ?? 0) / 100 };
}

const ALL = [...M1, ...M2, ...M3, ...S, ...G];

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  for (const [key, family, open, close] of [
    ['M1', 'main', '10:00', '12:00'],
    ['M2', 'main', '10:00', '12:00'],
    ['M3', 'main', '10:00', '12:00'],
    ['M4', 'main', '10:00', '12:00'],
    ['M5', 'main', '10:00', '12:00'],
    ['S', 'starline', '11:00', null],
    ['G', 'galidisawar', '11:30', null],
  ] as const) {
    games[key] = await seedGame(t, { family, open, close, name: `Rates ${key}` });
  }
  p = await createPlayer(t, { balance: 10000 });
  op = await createAdmin(t);
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

describe('a bid keeps the rate it was placed at', () => {
  it('stores and answers the rate of its own class, then pays it after every rate changed', async () => {
    await place('main', games.M1 as string, M1);
    await place('main', games.M2 as string, M2);
    await place('main', games.M3 as string, M3);
    await place('starline', games.S as string, S);
    await place('galidisawar', games.G as string, G);
    for (const [label, , [point, amount]] of ALL)
      expect({ label, rate: answered.get(label) }).toEqual({ label, rate: { point, amount } });

    await changeRates();
    // A bid placed after the change keeps the new rate.
    const after = await t.request('POST', PATH.main, {
      token: p.token,
      body: { bids: [{ game: games.M1, amount: 10, ...o('single-digit', '4') }] },
    });
    expect(after.status).toBe(201);
    expect(after.body.data.bids[0].rate).toEqual({ point: 10, amount: 80 });
    ids.set('after the change', after.body.data.bids[0]._id);

    const before = await balanceOf(t, p.id);
    for (const [family, body] of [
      ['main', { gameId: games.M1, session: 'open', panna: '149' }],
      ['main', { gameId: games.M1, session: 'close', panna: '258' }],
      ['main', { gameId: games.M2, session: 'open', panna: '112' }],
      ['main', { gameId: games.M2, session: 'close', panna: '777' }],
      ['main', { gameId: games.M3, session: 'open', panna: '127' }],
      ['main', { gameId: games.M3, session: 'close', panna: '159' }],
      ['starline', { gameId: games.S, panna: '128' }],
      ['galidisawar', { gameId: games.G, jodi: '45' }],
    ] as const) {
      expect((await declare(family, body)).status).toBe(201);
    }
    for (const [label, , , win] of ALL) {
      expect({ label, ...(await wonPoints(label)) }).toEqual({ label, status: 'won', win });
    }
    expect(await wonPoints('after the change')).toEqual({ status: 'won', win: 80 });
    const total = ALL.reduce((sum, [, , , win]) => sum + win, 80);
    expect(await balanceOf(t, p.id)).toBe(before + total);

    // The history shows each bid's own rate, the same as its answer did.
    const history = await t.request('GET', '/api/v1/user/all-bids?marketType=main&limit=100', {
      token: p.token,
    });
    expect(history.status).toBe(200);
    const rates = new Map(
      (history.body.data as { _id: string; rate: unknown }[]).map((b) => [b._id, b.rate]),
    );
    for (const [label] of [...M1, ...M2, ...M3])
      expect(rates.get(ids.get(label) as string)).toEqual(answered.get(label));
    expect(rates.get(ids.get('after the change') as string)).toEqual({ point: 10, amount: 80 });
  });

  it('the exposure preview and a revert use the kept rate; a new declaration pays it again', async () => {
    await seedRates(t);
    const game = games.M4 as string;
    const q = await createPlayer(t, { balance: 100 });
    const bid = await t.request('POST', PATH.main, {
      token: q.token,
      body: { bids: [{ game, amount: 10, ...o('single-digit', '4') }] },
    });
    expect(bid.body.data.bids[0].rate).toEqual({ point: 10, amount: 95 });
    await t.request('PUT', RATE_PATH.main, { token: op.token, body: { singleDigitAmount: 80 } });
    const preview = await t.request(
      'GET',
      `/api/v1/admin/results/preview?${new URLSearchParams({ family: 'main', gameId: game, resultDate: DAY, session: 'open', panna: '149' })}`,
      { token: op.token },
    );
    expect(preview.status).toBe(200);
    expect(preview.body.data.chosen).toMatchObject({ winningBids: 1, payout: 95 });

    const declared = await declare('main', { gameId: game, session: 'open', panna: '149' });
    expect(declared.body.data.settlement).toEqual({ settledBids: 1, winners: 1, totalWinAmount: 95 });
    expect(await balanceOf(t, q.id)).toBe(90 + 95);
    const reverted = await t.request(
      'DELETE',
      `/api/v1/admin/results/main/${declared.body.data.result._id}`,
      {
        token: op.token,
        body: { reason: 'wrong panna typed' },
      },
    );
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(await balanceOf(t, q.id)).toBe(90);
    const reversal = await t.db.query<{ amount_paise: number }>(
      "SELECT amount_paise FROM ledger WHERE user_id = $1 AND kind = 'win-reversal'",
      [q.id],
    );
    expect(reversal.rows.map((r) => Number(r.amount_paise))).toEqual([-9500]);
    const again = await declare('main', { gameId: game, session: 'open', panna: '149' });
    expect(again.body.data.settlement.totalWinAmount).toBe(95);
    expect(await balanceOf(t, q.id)).toBe(90 + 95);
  });

  it('the batch statement (several players at once, as on PostgreSQL) stores the rate and settlement pays it', async () => {
    await seedRates(t);
    const game = games.M5 as string;
    const version = Number(
      (await t.db.query<{ version: number }>('SELECT version FROM games WHERE id = $1', [game])).rows[0]
        ?.version,
    );
    const players = [await createPlayer(t, { balance: 100 }), await createPlayer(t, { balance: 100 })].sort(
      (x, y) => (x.id < y.id ? -1 : 1),
    );
    const subs = players.map((x) => ({ ...submission(x.id, game, 1000), games: [{ id: game, version }] }));
    const outs = await placeBidsBatch(t.db, subs);
    expect(outs.map((out) => ('status' in out ? out.status : out))).toEqual([201, 201]);
    const stored = await t.db.query<{ rate_point: number; rate_amount: number }>(
      'SELECT rate_point, rate_amount FROM bids WHERE game_id = $1',
      [game],
    );
    expect(stored.rows).toEqual([
      { rate_point: 10, rate_amount: 95 },
      { rate_point: 10, rate_amount: 95 },
    ]);

    await t.request('PUT', RATE_PATH.main, { token: op.token, body: { singleDigitAmount: 80 } });
    // A batch still carrying the old rate is refused for it, writing nothing.
    const late = await placeBidsBatch(
      t.db,
      subs.map((s) => ({ ...submission(s.userId, game, 1000), games: s.games })),
    );
    expect(late).toEqual([
      { refused: 'rate', ord: 0 },
      { refused: 'rate', ord: 0 },
    ]);
    expect((await declare('main', { gameId: game, session: 'open', panna: '123' })).status).toBe(201);
    // The submissions' Close single digit 3 wins on close 300 (ank 3) at the rate they kept.
    expect((await declare('main', { gameId: game, session: 'close', panna: '300' })).status).toBe(201);
    for (const x of players) expect(await balanceOf(t, x.id)).toBe(90 + 95);
  });
});
