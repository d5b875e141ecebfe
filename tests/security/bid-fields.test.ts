import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayer, type PlayerFixture } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';
import { assertInvariants } from '../server/money/helpers/invariants';
import { seedGame, seedRates, setBidRange } from '../server/money/helpers/money-fixtures';

/**
 * "Bid rows store and show client-sent fields that do not belong to the bet": for every gameType,
 * a row carrying every number field (foreign ones filled with junk) is stored and answered with its
 * own fields only, in the answer, the stored row and the bid history.
 */
const DAY = '2026-11-18';
let t: TestContext;
let p: PlayerFixture;
const games: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST, before every draw
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  games.main = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
  games.starline = await seedGame(t, { family: 'starline', open: '11:00' });
  games.galidisawar = await seedGame(t, { family: 'galidisawar', open: '11:30' });
  p = await createPlayer(t, { balance: 100000 });
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

const FOREIGN = { digit: '9', openDigit: '9', closeDigit: '9', openPanna: '999', closePanna: '999' };
type Case = [string, 'main' | 'starline' | 'galidisawar', Record<string, string>, string | null];
const PATH = {
  main: '/api/v1/user/main/bids',
  starline: '/api/v1/user/starline-bid',
  galidisawar: '/api/v1/admin/galidisawar-bid',
};

// [gameType, family, the bet's own fields (+ session), the pannaType it must show]
const CASES: Case[] = [
  ['single-digit', 'main', { session: 'Open', openDigit: '4' }, null],
  ['jodi-digit', 'main', { session: 'Open', openDigit: '42' }, null],
  ['single-panna', 'main', { session: 'Open', openDigit: '123' }, 'SP'],
  ['double-panna', 'main', { session: 'Close', closeDigit: '112' }, 'DP'],
  ['triple-panna', 'main', { session: 'Open', openDigit: '777' }, 'TP'],
  ['full-sangam', 'main', { session: 'Open', openPanna: '123', closePanna: '456' }, null],
  ['half-sangam', 'main', { session: 'Open', openDigit: '4', closePanna: '456' }, null],
  ['half-sangam', 'main', { session: 'Close', openPanna: '123', closeDigit: '5' }, null],
  ['sp-motor', 'main', { session: 'Open', openDigit: '124' }, 'SP'],
  ['dp-motor', 'main', { session: 'Close', closeDigit: '223' }, 'DP'],
  ['sp-dp-tp-motor', 'main', { session: 'Open', openDigit: '888' }, 'TP'],
  ['odd-even', 'main', { session: 'Open', openDigit: '3' }, 'ODD'],
  ['two-digit', 'main', { session: 'Close', closeDigit: '126' }, 'SP'],
  ['digit-base-jodi', 'main', { session: 'Open', openDigit: '47' }, null],
  ['choice-panna', 'main', { session: 'Open', openDigit: '127', bidDate: DAY }, 'SP'],
  ['red-bracket', 'main', { session: 'Open', openDigit: '16', bidDate: DAY }, null],
  ['group-jodi', 'main', { session: 'Open', openDigit: '38' }, null],
  ['group-panel', 'main', { session: 'Open', openDigit: '139' }, 'SP'],
  ['single-digit', 'starline', { digit: '4' }, null],
  ['single-panna', 'starline', { digit: '123' }, 'SP'],
  ['double-panna', 'starline', { digit: '112' }, 'DP'],
  ['triple-panna', 'starline', { digit: '777' }, 'TP'],
  ['jodi-digit', 'galidisawar', { digit: '42' }, null],
  ['left-digit', 'galidisawar', { digit: '4' }, null],
  ['right-digit', 'galidisawar', { digit: '2' }, null],
];
const NUMBER_FIELDS = ['digit', 'openDigit', 'closeDigit', 'openPanna', 'closePanna'] as const;

describe('a bid keeps only its own fields', () => {
  it.each(CASES)('%s (%s) %j', async (gameType, family, own, pannaType) => {
    const row = { ...FOREIGN, ...own, game: games[family], gameType, amount: 10 };
    const res = await t.request('POST', PATH[family], { token: p.token, body: { bids: [row] } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const answered = res.body.data.bids[0];
    const stored = (
      await t.db.query<Record<string, string | null>>(
        `SELECT digit, open_digit AS "openDigit", close_digit AS "closeDigit", open_panna AS "openPanna",
                close_panna AS "closePanna", panna_type AS "pannaType" FROM bids WHERE id = $1`,
        [answered._id],
      )
    ).rows[0];
    const history = await t.request('GET', `/api/v1/user/all-bids?marketType=${family}&limit=100`, {
      token: p.token,
    });
    const listed = history.body.data.find((b: { _id: string }) => b._id === answered._id);
    for (const shown of [answered, stored, listed]) {
      for (const field of NUMBER_FIELDS) expect(shown?.[field], field).toBe(own[field] ?? null);
      expect(shown?.pannaType).toBe(pannaType);
    }
  });
});
