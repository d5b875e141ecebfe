import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bidCombiner, IN_FLIGHT_PER_GAMES } from '../../../../server/services/bids/combine';
import { createAdmin, createPlayer, type PlayerFixture } from '../../helpers/fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';
import { assertInvariants } from '../helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from '../helpers/money-fixtures';

// Real parallel transactions: PostgreSQL only (vitest.config.ts runs pg-only/ with TEST_DB=pg).
const DAY = '2026-11-18';
let t: TestContext;
let op: { token: string };
let players: PlayerFixture[];
let main: string;
let star: string;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  main = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
  star = await seedGame(t, { family: 'starline', open: '11:00' });
  op = await createAdmin(t);
  players = [];
  for (let i = 0; i < 12; i++) {
    const p = await createPlayer(t, { balance: 100 });
    await t.request('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'gpay', phoneNumber: '9876543210' },
    });
    players.push(p);
  }
});
afterAll(() => t.close());

const mainBid = (p: PlayerFixture, amount: number, digit: string, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/v1/user/main/bids', {
    token: p.token,
    headers,
    body: { bids: [{ game: main, gameType: 'single-digit', amount, session: 'Open', openDigit: digit }] },
  });

describe('money under concurrency (PostgreSQL)', () => {
  it('bids over the balance, idempotent retries and withdrawals never overdraw or double-spend', async () => {
    const calls: Promise<{ status: number; kind: string; player: number }>[] = [];
    players.forEach((p, i) => {
      for (let k = 0; k < 5; k++) {
        calls.push(mainBid(p, 30, String(k)).then((r) => ({ status: r.status, kind: 'bid', player: i })));
      }
      for (let k = 0; k < 4; k++) {
        calls.push(
          mainBid(p, 5, '9', { 'idempotency-key': `same-${i}` }).then((r) => ({
            status: r.status,
            kind: 'retry',
            player: i,
          })),
        );
      }
      calls.push(
        t
          .request('POST', '/api/v1/user/withdrawal', {
            token: p.token,
            body: { amount: 10, method: 'gpay' },
          })
          .then((r) => ({ status: r.status, kind: 'withdrawal', player: i })),
      );
    });
    const results = await Promise.all(calls);
    for (const r of results) expect([201, 409, 422]).toContain(r.status);
    for (const [i, p] of players.entries()) {
      const mine = results.filter((r) => r.player === i);
      const bids = mine.filter((r) => r.kind === 'bid' && r.status === 201).length;
      const retries = mine.filter((r) => r.kind === 'retry' && r.status === 201).length;
      const withdrawals = mine.filter((r) => r.kind === 'withdrawal' && r.status === 201).length;
      const keyRows = await t.db.query(`SELECT 1 FROM bids WHERE user_id = $1 AND amount_paise = 500`, [
        p.id,
      ]);
      // The retried submission was placed at most once, and exactly once if any answer said 201.
      expect(keyRows.rows.length).toBe(retries > 0 ? 1 : 0);
      const spent = bids * 30 + keyRows.rows.length * 5 + withdrawals * 10;
      expect(spent).toBeLessThanOrEqual(100);
      expect(await balanceOf(t, p.id)).toBe(100 - spent);
      // 100 points cover three 30-point bids; a fourth can only fit if something else failed.
      expect(bids).toBeGreaterThanOrEqual(2);
    }
    await assertInvariants(t.db);
  });

  it('a rush of players is placed in shared statements, each debited exactly once', async () => {
    const rush: PlayerFixture[] = [];
    for (let i = 0; i < 30; i++) rush.push(await createPlayer(t, { balance: 50 }));
    // The rush is made to queue, not hoped to: the test holds the game's lock as a declaration
    // would until the combiner's first statements wait for it and every other submission waits
    // in the combiner; then they go out together.
    let sent: Promise<Array<{ status: number }>> = Promise.resolve([]);
    await t.db.transaction(async (declaring) => {
      await declaring.query('SELECT pg_advisory_xact_lock(hashtextextended(lower($1), 727431003))', [main]);
      sent = Promise.all(
        rush.flatMap((p, i) => [mainBid(p, 20, String(i % 10)), mainBid(p, 20, String((i + 1) % 10))]),
      );
      for (let i = 0; ; i++) {
        const waiting = await t.db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE '%matka_place_bid%'`,
        );
        if (
          waiting.rows[0]?.n === IN_FLIGHT_PER_GAMES &&
          bidCombiner(t.db).waiting() === 60 - IN_FLIGHT_PER_GAMES
        )
          break;
        if (i > 1000) throw new Error('the rush never queued behind the held lock');
        await new Promise((r) => setTimeout(r, 10));
      }
    });
    const answers = await sent;
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
    for (const p of rush) expect(await balanceOf(t, p.id)).toBe(10);
    // Placed together: bids of different players written by one transaction share its time.
    const shared = await t.db.query<{ players: number }>(
      `SELECT max(n)::int AS players FROM (
         SELECT count(DISTINCT user_id) AS n FROM bids WHERE user_id = ANY($1::uuid[]) GROUP BY created_at) x`,
      [rush.map((p) => p.id)],
    );
    expect(shared.rows[0]?.players).toBeGreaterThan(1);
    await assertInvariants(t.db);
  });

  it('a declaration racing incoming bids leaves no bid of that session pending', async () => {
    const rich = await createPlayer(t, { balance: 10000 });
    const bids = Array.from({ length: 40 }, (_, k) => mainBid(rich, 10, String(k % 10)));
    const declaration = new Promise((r) => setTimeout(r, 5)).then(() =>
      t.request('POST', '/api/v1/admin/results/main', {
        token: op.token,
        body: { gameId: main, resultDate: DAY, session: 'open', panna: '149' },
      }),
    );
    const answers = await Promise.all([...bids, declaration]);
    const declared = answers[answers.length - 1];
    expect(declared?.status).toBe(201);
    for (const a of answers.slice(0, -1)) expect([201, 422]).toContain(a.status);
    const pending = await t.db.query(
      `SELECT 1 FROM bids WHERE game_id = $1 AND session = 'Open' AND status = 'pending'`,
      [main],
    );
    expect(pending.rows).toHaveLength(0);
    await assertInvariants(t.db);
  });

  it('two settlement runs at once pay nothing twice', async () => {
    const bettors: PlayerFixture[] = [];
    for (let i = 0; i < 6; i++) bettors.push(await createPlayer(t, { balance: 5 }));
    for (const p of bettors) {
      const r = await t.request('POST', '/api/v1/user/starline-bid', {
        token: p.token,
        body: { bids: [{ game: star, gameType: 'single-digit', amount: 1, digit: '1' }] },
      });
      expect(r.status).toBe(201);
    }
    const before = await Promise.all(bettors.map((p) => balanceOf(t, p.id)));
    const declare = () =>
      t.request('POST', '/api/v1/admin/results/starline', {
        token: op.token,
        body: { gameId: star, resultDate: DAY, panna: '128' },
      });
    const rerun = () =>
      t.request('POST', '/api/v1/admin/starline/winners', { token: op.token, body: { resultDate: DAY } });
    const answers = await Promise.all([declare(), declare(), rerun(), rerun(), declare()]);
    const declarations = [answers[0], answers[1], answers[4]].map((a) => a?.status).sort();
    expect(declarations).toEqual([201, 409, 409]);
    const after = await Promise.all(bettors.map((p) => balanceOf(t, p.id)));
    // 1 point at 10 KA 100 wins 10 points, once.
    expect(after).toEqual(before.map((b) => b + 10));
    const wins = await t.db.query(
      `SELECT ref_id FROM ledger WHERE kind = 'win' GROUP BY ref_id HAVING count(*) > 1`,
    );
    expect(wins.rows).toHaveLength(0);
    await assertInvariants(t.db);
  });

  it('a settlement takes the players it pays in id order, so a rush locking them in that order never deadlocks', async () => {
    // The rush's shared statements lock their players in id order. A settlement that took its
    // winners in any other order could hold one of them while waiting for another that such a
    // statement holds: PostgreSQL would abort one after deadlock_timeout (the transaction is
    // retried, so the sign is the database's deadlock count, not a failed answer).
    const market = await seedGame(t, { family: 'starline', open: '11:00' });
    const crowd: PlayerFixture[] = [];
    for (let i = 0; i < 30; i++) crowd.push(await createPlayer(t, { balance: 100 }));
    const placed = await Promise.all(
      crowd.map((p) =>
        t.request('POST', '/api/v1/user/starline-bid', {
          token: p.token,
          body: { bids: [{ game: market, gameType: 'single-digit', amount: 1, digit: '1' }] },
        }),
      ),
    );
    expect(placed.map((a) => a.status)).toEqual(placed.map(() => 201));
    const ids = crowd.map((p) => p.id).sort();
    const deadlocks = async () =>
      Number(
        (
          await t.db.query<{ n: string }>(
            'SELECT deadlocks::text AS n FROM pg_stat_database WHERE datname = current_database()',
          )
        ).rows[0]?.n,
      );
    const deadlocksBefore = await deadlocks();
    const before = await Promise.all(crowd.map((p) => balanceOf(t, p.id)));
    let declared: Promise<{ status: number }> | undefined;
    let sawWait = false;
    await t.db.transaction(async (rush) => {
      // The lowest id first, as a shared bid statement would, then the settlement starts.
      await rush.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [ids[0]]);
      declared = t.request('POST', '/api/v1/admin/results/starline', {
        token: op.token,
        body: { gameId: market, resultDate: DAY, panna: '128' },
      });
      // Until the settlement waits for that player's lock...
      for (let i = 0; i < 200; i++) {
        const waiting = await t.db.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'WITH o AS%'`,
        );
        sawWait = waiting.rows.length > 0;
        if (sawWait) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      // ...then the rest of them, in id order: free, because the settlement holds none yet.
      await rush.query('SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
    });
    expect(sawWait).toBe(true);
    expect((await declared)?.status).toBe(201);
    expect(await deadlocks()).toBe(deadlocksBefore);
    // 1 point at 10 KA 100 wins 10 points each, once.
    expect(await Promise.all(crowd.map((p) => balanceOf(t, p.id)))).toEqual(before.map((b) => b + 10));
    await assertInvariants(t.db);
  });

  it('paying one order many times at once credits it once', async () => {
    const payer = await createPlayer(t);
    const fund = await t.request('POST', '/api/v1/user/fund', { token: payer.token, body: { amount: 250 } });
    const { orderId } = fund.body.data;
    const presses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.request('POST', `/api/payment/checkout/${orderId}/${i === 3 ? 'fail' : 'pay'}`),
      ),
    );
    for (const r of presses) expect(r.status).toBe(303);
    const status = await t.request('GET', `/api/payment/orders/${orderId}/status`, { token: payer.token });
    const paid = status.body.order.orderStatus === 'SUCCESS';
    expect(await balanceOf(t, payer.id)).toBe(paid ? 250 : 0);
    await assertInvariants(t.db);
  });
});
