import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dbClock } from '../../../server/clock';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { balanceOf, moneySnapshot, seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

// Wednesday 2026-11-18, 09:00 in Asia/Kolkata.
const NINE_IST = '2026-11-18T03:30:00Z';
const MAIN = '/api/v1/user/main/bids';
const STARLINE = '/api/v1/user/starline-bid';
const GALI = '/api/v1/admin/galidisawar-bid';

let t: TestContext;
let p: PlayerFixture;
let main: string;
let starline: string;
let gali: string;

beforeAll(async () => {
  t = await createTestContext({ now: NINE_IST });
  await seedRates(t);
  await setBidRange(t, 10, 10000);
  main = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Kalyan' });
  starline = await seedGame(t, { family: 'starline', open: '11:00', name: 'Star 11' });
  gali = await seedGame(t, { family: 'galidisawar', open: '11:30', name: 'Gali' });
  p = await createPlayer(t, { balance: 1000 });
});
afterEach(async () => {
  t.clock.set(NINE_IST);
  await assertInvariants(t.db);
});
afterAll(() => t.close());

const bid = (path: string, bids: unknown, token = p.token, headers: Record<string, string> = {}) =>
  t.request('POST', path, { token, body: { bids }, headers });

describe('placing bids', () => {
  it('places main session, whole-day and sangam rows in one debit', async () => {
    const before = await balanceOf(t, p.id);
    const rows = [
      { game: main, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '4' },
      {
        game: main,
        gameType: 'single-panna',
        amount: 20,
        session: 'Close',
        closeDigit: '123',
        pannaType: 'SP',
      },
      { game: main, gameType: 'jodi-digit', amount: 10, session: 'Open', openDigit: '45' },
      { game: main, gameType: 'half-sangam', amount: 10, session: 'Open', openDigit: '4', closePanna: '159' },
      {
        game: main,
        gameType: 'full-sangam',
        amount: 10,
        session: 'Open',
        openPanna: '149',
        closePanna: '159',
      },
      {
        game: main,
        gameType: 'red-bracket',
        amount: 10,
        session: 'Open',
        openDigit: '33',
        bidDate: '2026-11-18',
      },
    ];
    const res = await bid(MAIN, rows);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: true, message: 'Bid created successfully!' });
    expect(res.body.data.bids).toHaveLength(6);
    expect(res.body.data.bids[0]).toMatchObject({
      game: { _id: main, gameName: 'Kalyan' },
      gameType: 'single-digit',
      session: 'Open',
      openDigit: '4',
      amount: 10,
      status: 'pending',
      bidDate: '2026-11-18',
    });
    expect(res.body.data.balance).toBe(before - 70);
    expect(await balanceOf(t, p.id)).toBe(before - 70);
    const debits = await t.db.query(`SELECT amount_paise FROM ledger WHERE user_id = $1 AND kind = 'bid'`, [
      p.id,
    ]);
    expect(debits.rows).toEqual([{ amount_paise: -7000 }]);
  });

  it('answers the same with or without an Idempotency-Key: the balance after and the stored time', async () => {
    // Without a key the service shapes the body from the statement's facts; with one the statement
    // fills in the same body and stores it.
    const row = { game: main, gameType: 'single-digit', amount: 10, session: 'Close', closeDigit: '7' };
    const plain = await bid(MAIN, [row]);
    const keyed = await bid(MAIN, [row], p.token, { 'idempotency-key': 'same-shape-1' });
    const replay = await bid(MAIN, [row], p.token, { 'idempotency-key': 'same-shape-1' });
    expect([plain.status, keyed.status, replay.status]).toEqual([201, 201, 201]);
    expect(replay.body).toEqual(keyed.body);
    expect(keyed.body.data.balance).toBe(plain.body.data.balance - 10);
    expect(await balanceOf(t, p.id)).toBe(keyed.body.data.balance);
    const shape = (b: { data: { bids: Record<string, unknown>[] } }) =>
      b.data.bids.map(({ _id, createdAt, ...rest }) => rest);
    expect(shape(plain.body)).toEqual(shape(keyed.body));
    // The JSON as the server has always written it, key order included (ids and the time blanked;
    // a replayed body comes back from jsonb, whose key order is its own).
    const wire = (b: unknown) =>
      JSON.stringify(b, (k, v) => (k === '_id' ? 'id' : k === 'createdAt' ? 'at' : k === 'balance' ? 0 : v));
    expect(wire(plain.body)).toBe(
      '{"status":true,"message":"Bid created successfully!","data":{"bids":[{"_id":"id","createdAt":"at",' +
        '"game":{"_id":"id","gameName":"Kalyan"},"family":"main","gameType":"single-digit","bidType":"main",' +
        '"session":"Close","digit":null,"openDigit":null,"closeDigit":"7","openPanna":null,"closePanna":null,' +
        '"pannaType":null,"bidDate":"2026-11-18","amount":10,"rate":{"point":10,"amount":95},' +
        '"status":"pending","winAmount":0}],"balance":0}}',
    );
    for (const answer of [plain.body, keyed.body]) {
      const [one] = answer.data.bids;
      const stored = await t.db.query<{ created_at: Date }>('SELECT created_at FROM bids WHERE id = $1', [
        one._id,
      ]);
      expect(one.createdAt).toBe(stored.rows[0]?.created_at.toISOString());
    }
  });

  it('places starline and galidisawar rows with the number in digit', async () => {
    const s = await bid(STARLINE, [
      { game: starline, gameType: 'single-digit', amount: 10, digit: '7' },
      { game: starline, gameType: 'triple-panna', amount: 10, digit: '777' },
    ]);
    expect(s.status).toBe(201);
    const g = await bid(GALI, [
      { game: gali, gameType: 'jodi-digit', amount: 10, digit: '45' },
      { game: gali, gameType: 'left-digit', amount: 10, digit: '4' },
      { game: gali, gameType: 'right-digit', amount: 10, digit: '5' },
    ]);
    expect(g.status).toBe(201);
    expect(g.body.data.bids.map((b: { gameType: string }) => b.gameType)).toEqual([
      'jodi-digit',
      'left-digit',
      'right-digit',
    ]);
  });
});

describe('refused bids write nothing', () => {
  const ok = () => ({ game: main, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '4' });
  it.each([
    ['no rows', () => [], 'bids', 'Please add at least one bid'],
    ['zero amount', () => [{ ...ok(), amount: 0 }], 'bids.0.amount', 'Please enter a valid amount'],
    ['negative amount', () => [{ ...ok(), amount: -10 }], 'bids.0.amount', 'Please enter a valid amount'],
    ['fractional amount', () => [{ ...ok(), amount: 10.5 }], 'bids.0.amount', 'Please enter a valid amount'],
    ['text amount', () => [{ ...ok(), amount: 'ten' }], 'bids.0.amount', 'Please enter a valid amount'],
    ['below the minimum', () => [{ ...ok(), amount: 5 }], 'bids.0.amount', 'Minimum bid amount is 10'],
    ['above the maximum', () => [{ ...ok(), amount: 10001 }], 'bids.0.amount', 'Maximum bid amount is 10000'],
    ['huge amount', () => [{ ...ok(), amount: 1e18 }], 'bids.0.amount', 'Please enter a valid amount'],
    [
      'unknown game',
      () => [{ ...ok(), game: '00000000-0000-0000-0000-000000000000' }],
      'bids.0.game',
      'Invalid game data',
    ],
    ['not a game id', () => [{ ...ok(), game: 'kalyan' }], 'bids.0.game', 'Invalid game data'],
    [
      'two-digit single digit',
      () => [{ ...ok(), openDigit: '12' }],
      'bids.0.openDigit',
      'Please enter a single digit',
    ],
    ['no session', () => [{ ...ok(), session: undefined }], 'bids.0.session', 'Please select a market type'],
    [
      'non-canonical panna',
      () => [{ ...ok(), gameType: 'single-panna', openDigit: '321' }],
      'bids.0.openDigit',
      'Please enter a valid panna',
    ],
    [
      'wrong bid date',
      () => [{ ...ok(), gameType: 'red-bracket', openDigit: '05', bidDate: '2026-11-19' }],
      'bids.0.bidDate',
      'Bid date must be the current market day',
    ],
    [
      'bad second row',
      () => [ok(), { ...ok(), openDigit: 'x' }],
      'bids.1.openDigit',
      'Please enter a single digit',
    ],
  ])('%s: 422', async (_name, rows, key, message) => {
    const before = await moneySnapshot(t);
    const res = await bid(MAIN, rows());
    expect(res.status).toBe(422);
    expect(res.body.status).toBe(false);
    expect(res.body.errors[key], JSON.stringify(res.body)).toBe(message);
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses more than 500 rows', async () => {
    const before = await moneySnapshot(t);
    const res = await bid(MAIN, Array.from({ length: 501 }, ok));
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('At most 500 bids per request');
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses a starline game on the main call and a main-only type on starline', async () => {
    const before = await moneySnapshot(t);
    const a = await bid(MAIN, [{ ...ok(), game: starline }]);
    expect(a.status).toBe(422);
    expect(a.body.errors['bids.0.game']).toBe('Invalid game data');
    const b = await bid(STARLINE, [{ game: starline, gameType: 'jodi-digit', amount: 10, digit: '12' }]);
    expect(b.status).toBe(422);
    expect(b.body.errors['bids.0.gameType']).toBe('This game type is not available for this market');
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses a bid over the balance with one clear message', async () => {
    const poor = await createPlayer(t, { balance: 15 });
    const before = await moneySnapshot(t);
    const res = await bid(MAIN, [ok(), ok()], poor.token);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Insufficient balance');
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('refuses players with betting disabled (403) and operators (403)', async () => {
    const off = await createPlayer(t, { balance: 100 });
    await t.db.query('UPDATE users SET globel_batting = false WHERE id = $1', [off.id]);
    const before = await moneySnapshot(t);
    const a = await bid(MAIN, [ok()], off.token);
    expect(a.status).toBe(403);
    expect(a.body.message).toBe('Global batting is currently disabled');
    const op = await createAdmin(t);
    expect((await bid(MAIN, [ok()], op.token)).status).toBe(403);
    expect((await t.request('POST', MAIN, { body: { bids: [ok()] } })).status).toBe(401);
    expect(await moneySnapshot(t)).toEqual(before);
  });
});

describe('windows on the database clock', () => {
  it('after the open time: Open and whole-day bets close, Close stays open', async () => {
    t.clock.set('2026-11-18T04:45:00Z'); // 10:15 IST
    const before = await moneySnapshot(t);
    const open = await bid(MAIN, [
      { game: main, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '1' },
    ]);
    expect(open.status).toBe(422);
    expect(open.body.errors['bids.0.session']).toBe('Bid not allowed after market close !');
    for (const row of [
      { game: main, gameType: 'jodi-digit', amount: 10, session: 'Open', openDigit: '11' },
      {
        game: main,
        gameType: 'half-sangam',
        amount: 10,
        session: 'Close',
        openPanna: '123',
        closeDigit: '1',
      },
    ]) {
      expect((await bid(MAIN, [row])).status).toBe(422);
    }
    expect(await moneySnapshot(t)).toEqual(before);
    const close = await bid(MAIN, [
      { game: main, gameType: 'single-digit', amount: 10, session: 'Close', closeDigit: '1' },
    ]);
    expect(close.status).toBe(201);
  });

  it('a closed weekday, an inactive game and a passed draw are refused', async () => {
    const wedOff = await seedGame(t, {
      family: 'main',
      open: '10:00',
      close: '12:00',
      name: 'Shut Wed',
      closedWeekdays: [3],
    });
    const inactive = await seedGame(t, {
      family: 'main',
      open: '10:00',
      close: '12:00',
      name: 'Off',
      active: false,
    });
    const before = await moneySnapshot(t);
    const a = await bid(MAIN, [
      { game: wedOff, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '1' },
    ]);
    expect(a.body.errors['bids.0.session']).toBe('Market is closed for Shut Wed');
    const b = await bid(MAIN, [
      { game: inactive, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '1' },
    ]);
    expect(b.status).toBe(422);
    t.clock.set('2026-11-18T05:31:00Z'); // 11:01 IST, after the 11:00 starline draw
    const c = await bid(STARLINE, [{ game: starline, gameType: 'single-digit', amount: 10, digit: '1' }]);
    expect(c.status).toBe(422);
    expect(c.body.errors['bids.0.game']).toBe('Bid not allowed after market close !');
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('the switches the game list shows close bids too: a starline weekday off, a main marketStatus off', async () => {
    const starWedOff = await seedGame(t, { family: 'starline', open: '11:00', name: 'Star Wed Off' });
    await t.db.query(
      'INSERT INTO game_schedules (game_id, weekday, open_time, close_time, market_status) VALUES ($1, 3, $2, NULL, false)',
      [starWedOff, '11:00'],
    );
    const mainOff = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Main Off' });
    await t.db.query('UPDATE games SET market_status = false WHERE id = $1', [mainOff]);
    const before = await moneySnapshot(t);
    const a = await bid(STARLINE, [{ game: starWedOff, gameType: 'single-digit', amount: 10, digit: '1' }]);
    expect(a.status).toBe(422);
    expect(a.body.errors['bids.0.game']).toBe('Market is closed for Star Wed Off');
    const b = await bid(MAIN, [
      { game: mainOff, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '1' },
    ]);
    expect(b.body.errors['bids.0.session']).toBe('Market is closed for Main Off');
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('a declared session takes no more bids even before its time', async () => {
    const early = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Early' });
    const op = await createAdmin(t);
    const d = await t.request('POST', '/api/v1/admin/results/main', {
      token: op.token,
      body: { gameId: early, resultDate: '2026-11-18', session: 'open', panna: '123' },
    });
    expect(d.status).toBe(201);
    const before = await moneySnapshot(t);
    const res = await bid(MAIN, [
      { game: early, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '6' },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors['bids.0.session']).toBe('Bid not allowed after market close !');
    expect(await moneySnapshot(t)).toEqual(before);
  });
});

describe('the real database clock', () => {
  it('answers (no lock-up) when "now" comes from SELECT now() on a one-connection database', async () => {
    const fixed = t.deps.clock;
    t.deps.clock = dbClock(t.db);
    try {
      const res = await bid(
        STARLINE,
        [{ game: starline, gameType: 'single-digit', amount: 10, digit: '1' }],
        p.token,
        {
          'idempotency-key': 'real-clock',
        },
      );
      // Whether the 11:00 draw is still ahead depends on the wall clock: either answer, but a
      // refusal must be the market-close rule and nothing else.
      expect([201, 422]).toContain(res.status);
      if (res.status === 422) {
        expect(res.body.errors).toEqual({ 'bids.0.game': 'Bid not allowed after market close !' });
      }
    } finally {
      t.deps.clock = fixed;
    }
  });
});
