import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { ChangeFeed } from '../../../server/db/change-feed';
import type { Db } from '../../../server/db/types';
import { INVALID_BID_ROW, RATE_CHANGED, RATE_NOT_SET } from '../../../src/domain/messages';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { type AnyBody, createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { moneySnapshot, seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

// What a bid is refused for about its rate (docs/api.md "Bids"): a rate the player was shown that
// is no longer in force (the bid would pay another one), a malformed one, none set for its bet.
// And a server whose copy of the rates is old (a second process that never hears a change): it
// never places a bid at a rate the table no longer holds; it judges again and answers the new rate.

let t: TestContext;
let p: PlayerFixture;
let op: { token: string };
let game: string;

const single = (digit: string, extra: Record<string, unknown> = {}) => ({
  game,
  gameType: 'single-digit',
  amount: 10,
  session: 'Close',
  closeDigit: digit,
  ...extra,
});

async function bid(rows: Record<string, unknown>[], app = t.app) {
  const res = await app.request('/api/v1/user/main/bids', {
    method: 'POST',
    headers: { authorization: `Bearer ${p.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ bids: rows }),
  });
  return { status: res.status, body: (await res.json()) as AnyBody };
}

const setSingleDigit = (amount: number) =>
  t.request('PUT', '/api/v1/admin/game-point', { token: op.token, body: { singleDigitAmount: amount } });

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
  p = await createPlayer(t, { balance: 1000 });
  op = await createAdmin(t);
});
afterEach(async () => {
  await seedRates(t);
  await assertInvariants(t.db);
});
afterAll(() => t.close());

describe('bids refused for their rate', () => {
  it('a rate shown that is no longer in force refuses the whole submission, writing nothing', async () => {
    await setSingleDigit(80);
    const before = await moneySnapshot(t);
    const res = await bid([
      single('1', { rate: { point: 10, amount: 80 } }),
      single('2', { rate: { point: 10, amount: 95 } }),
    ]);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(RATE_CHANGED);
    expect(res.body.errors).toEqual({ 'bids.1.rate': RATE_CHANGED });
    expect(await moneySnapshot(t)).toEqual(before);
    // With the rate now shown, it is placed at it.
    const again = await bid([single('2', { rate: { point: 10, amount: 80 } })]);
    expect(again.status).toBe(201);
    expect(again.body.data.bids[0].rate).toEqual({ point: 10, amount: 80 });
  });

  it('in the player language', async () => {
    await setSingleDigit(80);
    const res = await t.request('POST', '/api/v1/user/main/bids', {
      token: p.token,
      headers: { 'accept-language': 'hi' },
      body: { bids: [single('2', { rate: { point: 10, amount: 95 } })] },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('रेट बदल गया है। नई जीत की रकम देखकर फिर से सबमिट करें');
  });

  it('a malformed rate, and a bet whose rate is not set', async () => {
    const before = await moneySnapshot(t);
    for (const rate of [
      { point: 0, amount: 95 },
      { point: 10 },
      { point: 10, amount: 9.5 },
      '10 KA 95',
      [10, 95],
    ]) {
      const res = await bid([single('1', { rate })]);
      expect({ rate, status: res.status, errors: res.body.errors }).toEqual({
        rate,
        status: 422,
        errors: { 'bids.0.rate': INVALID_BID_ROW },
      });
    }
    await t.db.query(
      `UPDATE rates SET rates = rates - 'halfSangamPoint' - 'halfSangamAmount' WHERE family = 'main'`,
    );
    const unset = await bid([
      single('1'),
      { game, gameType: 'half-sangam', amount: 10, session: 'Open', openDigit: '4', closePanna: '258' },
    ]);
    expect(unset.status).toBe(422);
    expect(unset.body.errors).toEqual({ 'bids.1.gameType': RATE_NOT_SET });
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('a server with an old copy of the rates judges again and places at the rate in force', async () => {
    // B shares the database but no change reaches its copies: whatever it read once, it keeps.
    const deaf: Db = { ...t.db, changes: new ChangeFeed(true) };
    const b = createApp({ ...t.deps, db: deaf });
    const first = await bid([single('3')], b);
    expect(first.body.data.bids[0].rate).toEqual({ point: 10, amount: 95 });
    await setSingleDigit(80);
    const placed = await bid([single('3')], b);
    expect(placed.status).toBe(201);
    expect(placed.body.data.bids[0].rate).toEqual({ point: 10, amount: 80 });
    const stored = await t.db.query('SELECT rate_point, rate_amount FROM bids WHERE id = $1', [
      placed.body.data.bids[0]._id,
    ]);
    expect(stored.rows).toEqual([{ rate_point: 10, rate_amount: 80 }]);
    // The rate the player was shown is kept or refused, never replaced by another.
    const shown = await bid([single('3', { rate: { point: 10, amount: 95 } })], b);
    expect(shown.status).toBe(422);
    expect(shown.body.message).toBe(RATE_CHANGED);
  });
});
