import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResultRow } from '../../../server/db/repositories/declared-results';
import { settleResult } from '../../../server/services/settlement/settle';
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

describe('settlement in one statement', () => {
  it('settles every bid of three players once, each paid the sum of their wins, and a second run pays nothing', async () => {
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
      declared_by: null,
      close_declared_by: null,
      open_sources: null,
      close_sources: null,
      imported: false,
      created_at: new Date(),
    };
    const family = { id: game, gameName: 'Star Batches', family: 'starline' as const };
    const first = await t.db.transaction((tx) => settleResult(tx, family, result, 'all', 'points'));
    expect(first.settledBids).toBe(60);
    expect(first.winners).toBe(6);
    const pending = await t.db.query(`SELECT 1 FROM bids WHERE game_id = $1 AND status = 'pending'`, [game]);
    expect(pending.rows).toHaveLength(0);
    // Each player bid twice on digit 1 (1 point at 10 KA 100 wins 10 points each time).
    expect(await Promise.all(players.map((p) => balanceOf(t, p.id)))).toEqual(before.map((b) => b + 20));
    // One 'win' row per winning bid, each in the wallet's history; one push per paid player.
    const wins = await t.db.query(`SELECT 1 FROM ledger WHERE kind = 'win'`);
    expect(wins.rows).toHaveLength(6);
    const pushes = await t.db.query<{ user_id: string; body: string }>(
      `SELECT user_id, body FROM push_outbox WHERE title = 'You won!' ORDER BY user_id`,
    );
    expect(pushes.rows.map((r) => r.user_id)).toEqual(players.map((p) => p.id).sort());
    for (const r of pushes.rows)
      expect(r.body).toBe('20 points won in Star Batches has been added to your wallet.');
    const again = await t.db.transaction((tx) => settleResult(tx, family, result, 'all', 'points'));
    expect(again.settledBids).toBe(0);
    expect((await t.db.query(`SELECT 1 FROM push_outbox WHERE title = 'You won!'`)).rows).toHaveLength(3);
    expect(await Promise.all(players.map((p) => balanceOf(t, p.id)))).toEqual(before.map((b) => b + 20));
    await assertInvariants(t.db);
  });
});
