import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustWallet, createAdmin, createPlayer } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';
import { assertInvariants } from '../server/money/helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from '../server/money/helpers/money-fixtures';

/**
 * The idempotency store keeps only success: a player whose bid was refused (say for the balance)
 * fixes the cause and retries with the SAME key, and the bid is placed, once.
 */
let t: TestContext;
let game: string;
let op: { token: string };
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
  op = await createAdmin(t);
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

describe('Idempotency-Key keeps only success', () => {
  it('a bid refused for the balance goes through with the same key after adding funds, once', async () => {
    const p = await createPlayer(t, { balance: 10 });
    const body = { bids: [{ game, gameType: 'single-digit', amount: 50, session: 'Open', openDigit: '3' }] };
    const place = () =>
      t.request('POST', '/api/v1/user/main/bids', {
        token: p.token,
        body,
        headers: { 'idempotency-key': 'k-1' },
      });
    const refused = await place();
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('Insufficient balance');
    await adjustWallet(t, p.id, { type: 'credit', amount: 100, description: 'Deposit' }, op.token);
    const placed = await place();
    expect(placed.status).toBe(201);
    const replay = await place();
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(placed.body);
    expect(await balanceOf(t, p.id)).toBe(60);
    const stored = await t.db.query<{ status_code: number }>(
      'SELECT status_code FROM idempotency_keys WHERE user_id = $1',
      [p.id],
    );
    expect(stored.rows).toEqual([{ status_code: 201 }]);
  });

  it('a refused request leaves no key behind', async () => {
    const p = await createPlayer(t, { balance: 5 });
    const res = await t.request('POST', '/api/v1/user/withdrawal', {
      token: p.token,
      body: { amount: 50, method: 'gpay' },
      headers: { 'idempotency-key': 'wd-refused' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    const stored = await t.db.query('SELECT 1 FROM idempotency_keys WHERE user_id = $1', [p.id]);
    expect(stored.rows).toHaveLength(0);
  });
});
