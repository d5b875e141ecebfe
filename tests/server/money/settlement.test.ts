import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rateFor, settleAtom } from '../../../src/domain/settlement';
import type { Atom, DeclaredResult, Family, GameType, Rates } from '../../../src/domain/types';
import { adjustWallet, createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { closeRow, openRow } from './helpers/bid-rows';
import { assertInvariants } from './helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange, TYPICAL_RATES } from './helpers/money-fixtures';

const DAY = '2026-11-18';
let t: TestContext;
let p: PlayerFixture;
let op: { token: string };
const ids = new Map<string, string>();

/** [label, row without game, expected outcome, expected win in points (hand-worked at section 6 rates)]. */
type Case = [string, Record<string, unknown>, 'won' | 'lost', number];
const o = openRow;
const c = closeRow;

// Game A: open 149 (SP, ank 4), close 258 (SP, ank 5), jodi 45. Stakes are 10 points.
const A_OPEN: Case[] = [
  ['A single-digit open 4', o('single-digit', '4'), 'won', 95],
  ['A single-digit open 3', o('single-digit', '3'), 'lost', 0],
  ['A single-panna open 149', o('single-panna', '149', { pannaType: 'SP' }), 'won', 1400],
  ['A double-panna open 112', o('double-panna', '112', { pannaType: 'DP' }), 'lost', 0],
  ['A triple-panna open 444', o('triple-panna', '444', { pannaType: 'TP' }), 'lost', 0],
  ['A sp-motor open 149', o('sp-motor', '149', { pannaType: 'SP' }), 'won', 1400],
  ['A dp-motor open 113', o('dp-motor', '113', { pannaType: 'DP' }), 'lost', 0],
  ['A sp-dp-tp-motor open 149', o('sp-dp-tp-motor', '149', { pannaType: 'SP' }), 'won', 1400],
  ['A odd-even open 4', o('odd-even', '4', { pannaType: 'EVEN' }), 'won', 95],
  ['A two-digit open 149', o('two-digit', '149'), 'won', 1400],
  ['A choice-panna open 149', o('choice-panna', '149', { pannaType: 'SP', bidDate: DAY }), 'won', 1400],
  ['A group-panel open 149', o('group-panel', '149'), 'won', 1400],
  ['A group-panel open 123', o('group-panel', '123'), 'lost', 0],
  ['A sp-motor open 123', o('sp-motor', '123', { pannaType: 'SP' }), 'lost', 0],
  ['A sp-dp-tp-motor open 118', o('sp-dp-tp-motor', '118', { pannaType: 'DP' }), 'lost', 0],
  ['A two-digit open 145', o('two-digit', '145'), 'lost', 0],
  ['A choice-panna open 159', o('choice-panna', '159', { pannaType: 'SP', bidDate: DAY }), 'lost', 0],
];
const A_CLOSE: Case[] = [
  ['A single-digit close 5', c('single-digit', '5'), 'won', 95],
  ['A single-digit close 4', c('single-digit', '4'), 'lost', 0],
  ['A single-panna close 258', c('single-panna', '258', { pannaType: 'SP' }), 'won', 1400],
  ['A odd-even close 7', c('odd-even', '7', { pannaType: 'ODD' }), 'lost', 0],
  ['A jodi 45', o('jodi-digit', '45'), 'won', 950],
  ['A jodi 54', o('jodi-digit', '54'), 'lost', 0],
  ['A digit-base-jodi 45', o('digit-base-jodi', '45'), 'won', 950],
  ['A red-bracket 05', o('red-bracket', '05', { bidDate: DAY }), 'lost', 0],
  ['A group-jodi 45', o('group-jodi', '45'), 'won', 950],
  [
    'A half-sangam open 4+258',
    { gameType: 'half-sangam', session: 'Open', openDigit: '4', closePanna: '258' },
    'won',
    10000,
  ],
  [
    'A half-sangam close 149+6',
    { gameType: 'half-sangam', session: 'Close', openPanna: '149', closeDigit: '6' },
    'lost',
    0,
  ],
  [
    'A full-sangam 149/258',
    { gameType: 'full-sangam', session: 'Open', openPanna: '149', closePanna: '258' },
    'won',
    100000,
  ],
  [
    'A full-sangam 149/259',
    { gameType: 'full-sangam', session: 'Open', openPanna: '149', closePanna: '259' },
    'lost',
    0,
  ],
];
// Game B: open 112 (DP, ank 4), close 777 (TP, ank 1), jodi 41.
const B: Case[] = [
  ['B double-panna open 112', o('double-panna', '112', { pannaType: 'DP' }), 'won', 2800],
  ['B dp-motor open 112', o('dp-motor', '112', { pannaType: 'DP' }), 'won', 2800],
  ['B two-digit open 112', o('two-digit', '112'), 'won', 2800],
  ['B triple-panna close 777', c('triple-panna', '777', { pannaType: 'TP' }), 'won', 7000],
  ['B sp-dp-tp-motor close 777', c('sp-dp-tp-motor', '777', { pannaType: 'TP' }), 'won', 7000],
  ['B odd-even close 1', c('odd-even', '1', { pannaType: 'ODD' }), 'won', 95],
  [
    'B half-sangam close 112+1',
    { gameType: 'half-sangam', session: 'Close', openPanna: '112', closeDigit: '1' },
    'won',
    10000,
  ],
  [
    'B full-sangam 112/777',
    { gameType: 'full-sangam', session: 'Open', openPanna: '112', closePanna: '777' },
    'won',
    100000,
  ],
  // Each group-jodi atom is one jodi of the expanded group: only the drawn one wins.
  ['B group-jodi 41', o('group-jodi', '41'), 'won', 950],
  ['B group-jodi 96 (cut of 41)', o('group-jodi', '96'), 'lost', 0],
  ['B digit-base-jodi 42', o('digit-base-jodi', '42'), 'lost', 0],
];
// Game C: open 127 (ank 0), close 159 (ank 5), jodi 05: a red-bracket jodi.
const C: Case[] = [['C red-bracket 05', o('red-bracket', '05', { bidDate: DAY }), 'won', 950]];
// Starline: 128 (ank 1); 668 (DP, ank 0); 333 (TP, ank 9).
const S1: Case[] = [
  ['S1 single-digit 1', { gameType: 'single-digit', digit: '1' }, 'won', 100],
  ['S1 single-digit 2', { gameType: 'single-digit', digit: '2' }, 'lost', 0],
  ['S1 single-panna 128', { gameType: 'single-panna', digit: '128' }, 'won', 1600],
  ['S1 double-panna 118', { gameType: 'double-panna', digit: '118' }, 'lost', 0],
  ['S1 single-panna 129', { gameType: 'single-panna', digit: '129' }, 'lost', 0],
  ['S1 triple-panna 111', { gameType: 'triple-panna', digit: '111' }, 'lost', 0],
];
const S2: Case[] = [['S2 double-panna 668', { gameType: 'double-panna', digit: '668' }, 'won', 3000]];
const S3: Case[] = [['S3 triple-panna 333', { gameType: 'triple-panna', digit: '333' }, 'won', 10000]];
// Galidisawar: jodi 45.
const G: Case[] = [
  ['G jodi 45', { gameType: 'jodi-digit', digit: '45' }, 'won', 950],
  ['G jodi 44', { gameType: 'jodi-digit', digit: '44' }, 'lost', 0],
  ['G left 4', { gameType: 'left-digit', digit: '4' }, 'won', 95],
  ['G left 5', { gameType: 'left-digit', digit: '5' }, 'lost', 0],
  ['G right 5', { gameType: 'right-digit', digit: '5' }, 'won', 95],
  ['G right 4', { gameType: 'right-digit', digit: '4' }, 'lost', 0],
];

const games: Record<string, string> = {};
const PATH: Record<Family, string> = {
  main: '/api/v1/user/main/bids',
  starline: '/api/v1/user/starline-bid',
  galidisawar: '/api/v1/admin/galidisawar-bid',
};

async function place(family: Family, game: string, cases: Case[]) {
  const res = await t.request('POST', PATH[family], {
    token: p.token,
    body: { bids: cases.map(([, row]) => ({ game, amount: 10, ...row })) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  for (const [i, [label]] of cases.entries()) ids.set(label, res.body.data.bids[i]._id);
}

async function declare(family: Family, body: Record<string, unknown>) {
  return t.request('POST', `/api/v1/admin/results/${family}`, {
    token: op.token,
    body: { resultDate: DAY, ...body },
  });
}

async function bidRow(label: string) {
  const r = await t.db.query<{
    status: string;
    win_paise: number;
    atom: Atom;
    game_type: GameType;
    amount_paise: number;
  }>('SELECT status, win_paise, atom, game_type, amount_paise FROM bids WHERE id = $1', [ids.get(label)]);
  return r.rows[0] as {
    status: string;
    win_paise: number;
    atom: Atom;
    game_type: GameType;
    amount_paise: number;
  };
}

/** Hand-worked expectation and the domain engine must both agree with what the server stored. */
async function expectSettled(cases: Case[], family: Family, result: DeclaredResult) {
  for (const [label, , outcome, win] of cases) {
    const b = await bidRow(label);
    expect({ label, status: b.status, win: b.win_paise / 100 }).toEqual({ label, status: outcome, win });
    const rate = rateFor(b.atom, b.game_type, family, TYPICAL_RATES[family] as Rates);
    expect(rate).not.toBeNull();
    const engine = settleAtom(b.atom, b.amount_paise, result, rate as NonNullable<typeof rate>);
    expect(engine).toEqual({ outcome, winPaise: win * 100 });
  }
}

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  games.A = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Game A' });
  games.B = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Game B' });
  games.C = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Game C' });
  games.S1 = await seedGame(t, { family: 'starline', open: '11:00', name: 'Star 1' });
  games.S2 = await seedGame(t, { family: 'starline', open: '12:00', name: 'Star 2' });
  games.S3 = await seedGame(t, { family: 'starline', open: '13:00', name: 'Star 3' });
  games.G = await seedGame(t, { family: 'galidisawar', open: '11:30', name: 'Gali' });
  p = await createPlayer(t, { balance: 5000 });
  op = await createAdmin(t);
  await place('main', games.A as string, [...A_OPEN, ...A_CLOSE]);
  await place('main', games.B as string, B);
  await place('main', games.C as string, C);
  await place('starline', games.S1 as string, S1);
  await place('starline', games.S2 as string, S2);
  await place('starline', games.S3 as string, S3);
  await place('galidisawar', games.G as string, G);
});
afterEach(() => assertInvariants(t.db));

/** The body of the broadcast a declaration queues for a game ('{gameName} result'). */
async function resultPushBody(gameName: string): Promise<string | undefined> {
  const r = await t.db.query<{ body: string }>('SELECT body FROM push_outbox WHERE title = $1', [
    `${gameName} result`,
  ]);
  return r.rows[0]?.body;
}
afterAll(() => t.close());

describe('main settlement', () => {
  it('the open declaration settles only Open-session bets', async () => {
    const before = await balanceOf(t, p.id);
    const res = await declare('main', { gameId: games.A, session: 'open', panna: '149' });
    expect(res.status).toBe(201);
    expect(res.body.data.result).toMatchObject({
      gameName: 'Game A',
      resultDate: DAY,
      openPanna: { panna: '149', digit: '4' },
      closePanna: null,
    });
    const wins = A_OPEN.filter(([, , outcome]) => outcome === 'won');
    const total = wins.reduce((s, [, , , w]) => s + w, 0);
    expect(res.body.data.settlement).toEqual({
      settledBids: A_OPEN.length,
      winners: wins.length,
      totalWinAmount: total,
    });
    await expectSettled(A_OPEN, 'main', { family: 'main', openPanna: '149', closePanna: null });
    for (const [label] of A_CLOSE) expect((await bidRow(label)).status).toBe('pending');
    expect(await balanceOf(t, p.id)).toBe(before + total);
  });

  it('the close declaration settles Close-session and whole-day bets', async () => {
    const res = await declare('main', { gameId: games.A, session: 'close', panna: '258' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.settlement.settledBids).toBe(A_CLOSE.length);
    await expectSettled([...A_OPEN, ...A_CLOSE], 'main', {
      family: 'main',
      openPanna: '149',
      closePanna: '258',
    });
  });

  it('pays DP and TP at their class rates, cut jodis and red brackets', async () => {
    expect((await declare('main', { gameId: games.B, session: 'open', panna: '112' })).status).toBe(201);
    expect((await declare('main', { gameId: games.B, session: 'close', panna: '777' })).status).toBe(201);
    await expectSettled(B, 'main', { family: 'main', openPanna: '112', closePanna: '777' });
    // Operators may type a panna in any order: 721 is stored as the canonical 127.
    const open = await declare('main', { gameId: games.C, session: 'open', panna: '721' });
    expect(open.body.data.result.openPanna).toMatchObject({
      panna: '127',
      digit: '0',
      declaredBy: 'operator',
    });
    expect((await declare('main', { gameId: games.C, session: 'close', panna: '159' })).status).toBe(201);
    await expectSettled(C, 'main', { family: 'main', openPanna: '127', closePanna: '159' });
  });

  it('refuses a second declaration of a session, a close before open, bad input and non-operators', async () => {
    const fresh = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    const again = await declare('main', { gameId: games.A, session: 'open', panna: '123' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Result already declared for this session');
    const early = await declare('main', { gameId: fresh, session: 'close', panna: '123' });
    expect(early.status).toBe(422);
    expect(early.body.message).toBe('Declare the open result first');
    expect((await declare('main', { gameId: fresh, session: 'open', panna: '12' })).status).toBe(400);
    expect((await declare('main', { gameId: fresh, session: 'open', panna: 'abc' })).status).toBe(400);
    expect((await declare('main', { gameId: fresh, session: 'noon', panna: '123' })).status).toBe(400);
    expect((await declare('main', { gameId: 'nope', session: 'open', panna: '123' })).status).toBe(404);
    expect((await declare('main', { gameId: games.S1, session: 'open', panna: '123' })).status).toBe(404);
    const future = await declare('main', {
      gameId: fresh,
      session: 'open',
      panna: '123',
      resultDate: '2026-11-19',
    });
    expect(future.status).toBe(422);
    const asPlayer = await t.request('POST', '/api/v1/admin/results/main', {
      token: p.token,
      body: { gameId: fresh, resultDate: DAY, session: 'open', panna: '123' },
    });
    expect(asPlayer.status).toBe(403);
    const count = await t.db.query('SELECT 1 FROM results WHERE game_id = $1', [fresh]);
    expect(count.rows).toHaveLength(0);
  });
});

describe('starline and galidisawar settlement', () => {
  it('settles each draw at the starline rates', async () => {
    const s1 = await declare('starline', { gameId: games.S1, panna: '128' });
    expect(s1.status).toBe(201);
    expect(s1.body.data.result).toMatchObject({ panna: '128', digit: '1' });
    expect(s1.body.data.settlement).toEqual({ settledBids: 6, winners: 2, totalWinAmount: 1700 });
    expect(await resultPushBody('Star 1')).toBe('Star 1: 128-1');
    await declare('starline', { gameId: games.S2, panna: '668' });
    await declare('starline', { gameId: games.S3, panna: '333' });
    await expectSettled(S1, 'starline', { family: 'starline', panna: '128' });
    await expectSettled(S2, 'starline', { family: 'starline', panna: '668' });
    await expectSettled(S3, 'starline', { family: 'starline', panna: '333' });
    expect((await declare('starline', { gameId: games.S1, panna: '123' })).status).toBe(409);
  });

  it('settles the galidisawar jodi, left and right digits', async () => {
    const g = await declare('galidisawar', { gameId: games.G, jodi: '45' });
    expect(g.status).toBe(201);
    expect(await resultPushBody('Gali')).toBe('Gali: 45');
    expect(g.body.data.result).toMatchObject({ jodiDigit: '45' });
    await expectSettled(G, 'galidisawar', { family: 'galidisawar', jodi: '45' });
    expect((await declare('galidisawar', { gameId: games.G, jodi: '4' })).status).toBe(400);
  });

  it('re-running winners pays nothing twice and refuses a different list', async () => {
    const before = await balanceOf(t, p.id);
    const run = await t.request('POST', '/api/v1/admin/starline/winners', {
      token: op.token,
      body: { resultDate: DAY },
    });
    expect(run.status).toBe(200);
    expect(run.body.data.settlement.settledBids).toBe(0);
    const winners = run.body.data.winners as { _id: string; winAmount: number }[];
    expect(winners.map((w) => w._id).sort()).toEqual(
      [
        ids.get('S1 single-digit 1'),
        ids.get('S1 single-panna 128'),
        ids.get('S2 double-panna 668'),
        ids.get('S3 triple-panna 333'),
      ].sort(),
    );
    const same = await t.request('POST', '/api/v1/admin/starline/winners', {
      token: op.token,
      body: { resultDate: DAY, winners },
    });
    expect(same.status).toBe(200);
    const other = await t.request('POST', '/api/v1/admin/starline/winners', {
      token: op.token,
      body: { resultDate: DAY, winners: winners.slice(1) },
    });
    expect(other.status).toBe(409);
    expect(await balanceOf(t, p.id)).toBe(before);
    const list = await t.request('GET', '/api/v1/admin/starline/winners?page=1?limit=2', { token: p.token });
    expect(list.status).toBe(200);
    expect(list.body.pagination).toMatchObject({ page: 1, limit: 2, total: 4, totalPages: 2 });
  });
});

describe('histories', () => {
  it('shows own bids, wins and ledger rows', async () => {
    const bids = await t.request('GET', `/api/v1/user/all-bids?marketType=galidisawar&date=${DAY}`, {
      token: p.token,
    });
    expect(bids.status).toBe(200);
    expect(bids.body.pagination.total).toBe(G.length);
    expect(bids.body.data[0]).toMatchObject({
      game: { gameName: 'Gali' },
      status: expect.any(String),
      winAmount: expect.any(Number),
    });
    const wins = await t.request('GET', '/api/v1/user/winners?marketType=starline&limit=10', {
      token: p.token,
    });
    expect(wins.body.data).toHaveLength(4);
    expect(wins.body.data[0]).toMatchObject({
      resultDate: DAY,
      gameId: { gameName: expect.any(String) },
      subBid: { gameType: expect.any(String) },
    });
    const tx = await t.request('GET', '/api/v1/user/transactions?page=1&limit=100', { token: p.token });
    const kinds = tx.body.data.map((r: { type: string; amount: number; status: string }) => [
      r.type,
      r.amount > 0,
      r.status,
    ]);
    expect(kinds).toContainEqual(['credit', true, 'completed']);
    expect(kinds).toContainEqual(['debit', true, 'completed']);
    const other = await createPlayer(t);
    const none = await t.request('GET', '/api/v1/user/all-bids', { token: other.token });
    expect(none.body.data).toEqual([]);
    expect(
      (await t.request('GET', '/api/v1/user/all-bids?marketType=lottery', { token: p.token })).status,
    ).toBe(400);
  });
});

describe('reverting a result', () => {
  it('takes the wins back, re-opens the bids and can be declared again', async () => {
    const before = await balanceOf(t, p.id);
    const resultId = (
      await t.db.query<{ id: string }>('SELECT id FROM results WHERE game_id = $1', [games.G])
    ).rows[0]?.id;
    const res = await t.request('DELETE', `/api/v1/admin/results/galidisawar/${resultId}`, {
      token: op.token,
      body: { reason: 'Wrong jodi' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.reverted).toEqual({ bids: 6, winners: 3, totalWinAmount: 1140 });
    expect(await balanceOf(t, p.id)).toBe(before - 1140);
    for (const [label] of G) expect((await bidRow(label)).status).toBe('pending');
    // Each win taken back by its own reversal row, under the win's ref.
    const reversals = await t.db.query<{ ref_id: string; amount_paise: number }>(
      `SELECT r.ref_id, r.amount_paise FROM ledger r JOIN ledger w ON w.kind = 'win' AND w.ref_id = r.ref_id
        WHERE r.kind = 'win-reversal' AND w.user_id = $1 AND r.amount_paise = -w.amount_paise`,
      [p.id],
    );
    expect(reversals.rows.map((r) => r.ref_id)).toContain(ids.get('G left 4'));
    expect(reversals.rows.reduce((n, r) => n - Number(r.amount_paise), 0)).toBe(114000);
    const again = await declare('galidisawar', { gameId: games.G, jodi: '44' });
    // 44: the jodi 44 (950), left digit 4 (95) and right digit 4 (95) win; right digit 5 now loses.
    expect(again.body.data.settlement).toEqual({ settledBids: 6, winners: 3, totalWinAmount: 1140 });
    expect((await bidRow('G jodi 44')).status).toBe('won');
    expect((await bidRow('G jodi 45')).status).toBe('lost');
    expect(await balanceOf(t, p.id)).toBe(before);
    expect((await bidRow('G right 5')).status).toBe('lost');
    const refs = await t.db.query<{ ref_id: string }>(
      `SELECT ref_id FROM ledger WHERE kind = 'win' AND ref_id LIKE $1`,
      [`${ids.get('G left 4')}%`],
    );
    expect(refs.rows.map((r) => r.ref_id).sort()).toEqual([ids.get('G left 4'), `${ids.get('G left 4')}#2`]);
  });

  it('is refused with 409 when the player already spent the winnings', async () => {
    const spender = await createPlayer(t, { balance: 10 });
    const g = await seedGame(t, { family: 'galidisawar', open: '11:30' });
    const placed = await t.request('POST', PATH.galidisawar, {
      token: spender.token,
      body: { bids: [{ game: g, gameType: 'jodi-digit', amount: 10, digit: '12' }] },
    });
    expect(placed.status).toBe(201);
    const d = await declare('galidisawar', { gameId: g, jodi: '12' });
    expect(await balanceOf(t, spender.id)).toBe(950);
    await adjustWallet(
      t,
      spender.id,
      { type: 'debit', amount: 900, description: 'Paid out by hand' },
      op.token,
    );
    const res = await t.request('DELETE', `/api/v1/admin/results/galidisawar/${d.body.data.result._id}`, {
      token: op.token,
      body: { reason: 'Wrong jodi' },
    });
    expect(res.status).toBe(409);
    expect(await balanceOf(t, spender.id)).toBe(50);
    expect(
      (await t.db.query('SELECT 1 FROM results WHERE id = $1', [d.body.data.result._id])).rows,
    ).toHaveLength(1);
    expect(
      (
        await t.request('DELETE', '/api/v1/admin/results/galidisawar/not-a-uuid', {
          token: op.token,
          body: { reason: 'Test' },
        })
      ).status,
    ).toBe(404);
  });
});
