import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultRow } from '../../../server/db/repositories/declared-results';
import { idBounds, settleResult } from '../../../server/services/settlement/settle';
import { createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

// Wednesday 2026-11-18, 09:00 in Asia/Kolkata.
const DAY = '2026-11-18';
let t: TestContext;
let game: string;
const players: PlayerFixture[] = [];

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' });
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  game = await seedGame(t, { family: 'starline', open: '11:00', name: 'Star Batches' });
  for (let i = 0; i < 3; i++) players.push(await createPlayer(t, { balance: 100 }));
  for (const [i, p] of players.entries()) {
    const bids = Array.from({ length: 20 }, (_, k) => ({
      game,
      gameType: 'single-digit',
      amount: 1,
      digit: String((k + i) % 10),
    }));
    const r = await t.request('POST', '/api/v1/user/starline-bid', { token: p.token, body: { bids } });
    expect(r.status).toBe(201);
  }
});
afterAll(() => t.close());

describe('settlement in id-range batches', () => {
  it('splits the id space into ordered, distinct bounds', () => {
    expect(idBounds(1)).toEqual([]);
    const b = idBounds(4);
    expect(b).toEqual([
      '40000000-0000-0000-0000-000000000000',
      '80000000-0000-0000-0000-000000000000',
      'c0000000-0000-0000-0000-000000000000',
    ]);
  });

  it('settles every bid once across many small batches, and a second run pays nothing', async () => {
    const before = await Promise.all(players.map((p) => balanceOf(t, p.id)));
    const result: ResultRow = {
      id: 'not-stored',
      family: 'starline',
      game_id: game,
      result_date: DAY,
      open_panna: null,
      open_digit: null,
      close_panna: null,
      close_digit: null,
      panna: '128',
      digit: '1',
      jodi: null,
      open_declared_at: null,
      close_declared_at: null,
      created_at: new Date(),
    };
    const family = { id: game, gameName: 'Star Batches', family: 'starline' as const };
    // 60 bids in batches of about 7: nine id ranges, the first and last open-ended.
    const first = await t.db.transaction((tx) => settleResult(tx, family, result, 'all', 7));
    expect(first.settledBids).toBe(60);
    expect(first.winners).toBe(6);
    const pending = await t.db.query(`SELECT 1 FROM bids WHERE game_id = $1 AND status = 'pending'`, [game]);
    expect(pending.rows).toHaveLength(0);
    // Each player bid twice on digit 1 (1 point at 10 KA 100 wins 10 points each time).
    expect(await Promise.all(players.map((p) => balanceOf(t, p.id)))).toEqual(before.map((b) => b + 20));
    const again = await t.db.transaction((tx) => settleResult(tx, family, result, 'all', 7));
    expect(again.settledBids).toBe(0);
    expect(await Promise.all(players.map((p) => balanceOf(t, p.id)))).toEqual(before.map((b) => b + 20));
    await assertInvariants(t.db);
  });
});
