/**
 * A rate change raced against bids (docs/api.md "A bid keeps the rate it was placed at", issue 45),
 * on PostgreSQL with the orders forced by locks the test holds: a change not yet committed, a
 * change that commits while bids wait at the game's lock (as behind a declaration), alone and in
 * the batch statement the combiner sends under load (server/services/bids/combine.ts). A bid keeps
 * the rate in force when its statement accepted it; one the player was shown and that changed
 * meanwhile is refused; one the server chose is judged again at the new rate and answered with it.
 * No bid ever pays a rate its answer did not show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlaceParams } from '../../../../server/db/repositories/bid-statement';
import { bidCombiner } from '../../../../server/services/bids/combine';
import { RATE_CHANGED } from '../../../../src/domain/messages';
import { createAdmin, createPlayer, type PlayerFixture } from '../../helpers/fixtures';
import { type AnyBody, createTestContext, type TestContext } from '../../helpers/test-app';
import { assertInvariants } from '../helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from '../helpers/money-fixtures';

const DAY = '2026-11-18';
let t: TestContext;
let op: { token: string };

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' }); // 09:00 IST
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  op = await createAdmin(t);
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

/** A Close single digit 5 of 10 points, with the rate the player was shown (or none). */
function bid(p: PlayerFixture, game: string, shown: number | null) {
  const row = { game, gameType: 'single-digit', amount: 10, session: 'Close', closeDigit: '5' };
  return t
    .request('POST', '/api/v1/user/main/bids', {
      token: p.token,
      body: { bids: [shown === null ? row : { ...row, rate: { point: 10, amount: shown } }] },
    })
    .then((r) => ({ status: r.status, body: r.body as AnyBody }));
}

const setSingleDigit = async (amount: number) => {
  const res = await t.request('PUT', '/api/v1/admin/game-point', {
    token: op.token,
    body: { singleDigitAmount: amount },
  });
  expect(res.status).toBe(200);
};

/** A promise and the function that settles it: the test's own barrier. */
function gate(): { open: () => void; passed: Promise<void> } {
  let open = () => {};
  const passed = new Promise<void>((r) => {
    open = r;
  });
  return { open, passed };
}

/** Holds the game's lock exclusively, as a declaration does, until the answer is called. */
async function holdGame(game: string) {
  const [held, release] = [gate(), gate()];
  const holder = t.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 727431003))', [game.toLowerCase()]);
    held.open();
    await release.passed;
  });
  await held.passed;
  return async () => {
    release.open();
    await holder;
  };
}

/** Waits until `n` statements of this database wait for an advisory lock (the game's). */
async function waitersAtLock(n: number) {
  for (let i = 0; i < 500; i++) {
    const r = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    if ((r.rows[0]?.n ?? 0) >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${n} statements never waited at the game's lock`);
}

/** The combiner's submissions waiting for the game's lane (white box: its queue is private). */
async function queuedFor(game: string, n: number) {
  const lanes = (bidCombiner(t.db) as unknown as { lanes: Map<string, { queue: unknown[] }> }).lanes;
  for (let i = 0; i < 500; i++) {
    if ((lanes.get(game)?.queue.length ?? 0) >= n) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`${n} submissions never queued for the game`);
}

/** Counts the submissions each batch statement carries (white box: wraps the combiner's runner). */
function countBatches(): number[] {
  const run = (bidCombiner(t.db) as unknown as { run: { many: (ps: PlaceParams[]) => Promise<unknown> } })
    .run;
  const sizes: number[] = [];
  const many = run.many;
  run.many = (ps) => {
    sizes.push(ps.length);
    return many(ps);
  };
  return sizes;
}

const storedRate = async (bidId: string) =>
  (await t.db.query('SELECT rate_point AS point, rate_amount AS amount FROM bids WHERE id = $1', [bidId]))
    .rows[0];

const players = (n: number) =>
  Promise.all(Array.from({ length: n }, () => createPlayer(t, { balance: 100 })));

const declareClose = async (game: string) => {
  for (const [session, panna] of [
    ['open', '123'],
    ['close', '159'], // ank 5: the bids' digit wins
  ]) {
    const res = await t.request('POST', '/api/v1/admin/results/main', {
      token: op.token,
      body: { gameId: game, resultDate: DAY, session, panna },
    });
    expect(res.status).toBe(201);
  }
};

describe('a rate change raced against bids (PostgreSQL)', () => {
  it('a change not yet committed holds no bid up; the bid keeps the rate in force and is paid it', async () => {
    await seedRates(t);
    const game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    const [p] = await players(1);
    const [locked, commit] = [gate(), gate()];
    // The operator's change holds the rates row, uncommitted, until the bid is answered.
    const change = t.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE rates SET rates = rates || '{"singleDigitAmount": 80}'::jsonb, updated_at = now() WHERE family = 'main'`,
      );
      locked.open();
      await commit.passed;
    });
    await locked.passed;
    const placed = await bid(p as PlayerFixture, game, 95);
    commit.open();
    await change;
    expect(placed.status).toBe(201);
    expect(placed.body.data.bids[0].rate).toEqual({ point: 10, amount: 95 });
    expect(await storedRate(placed.body.data.bids[0]._id)).toEqual({ point: 10, amount: 95 });
    await declareClose(game);
    expect(await balanceOf(t, (p as PlayerFixture).id)).toBe(90 + 95);
  });

  it('bids placed together by the batch statement keep 95 after a change to 80 and are paid 95', async () => {
    await seedRates(t);
    const game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    const ps = await players(5);
    const sizes = countBatches();
    const release = await holdGame(game);
    // Two go out alone and wait at the lock; the next three wait in the combiner, then go as one.
    const alone = ps.slice(0, 2).map((p) => bid(p, game, 95));
    await waitersAtLock(2);
    const together = ps.slice(2).map((p) => bid(p, game, null));
    await queuedFor(game, 3);
    await release();
    const answers = await Promise.all([...alone, ...together]);
    expect(sizes).toEqual([3]);
    for (const a of answers) {
      expect(a.status).toBe(201);
      expect(a.body.data.bids[0].rate).toEqual({ point: 10, amount: 95 });
    }
    await setSingleDigit(80);
    await declareClose(game);
    for (const p of ps) expect(await balanceOf(t, p.id)).toBe(90 + 95);
  });

  it('a change committed while bids wait at the game lock: a shown rate is refused, a chosen one judged again', async () => {
    await seedRates(t);
    const game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00' });
    const [c1, c2, d1, d2, d3] = (await players(5)) as [
      PlayerFixture,
      PlayerFixture,
      PlayerFixture,
      PlayerFixture,
      PlayerFixture,
    ];
    const sizes = countBatches();
    const release = await holdGame(game);
    // All five were judged at 95 before the change; c1 and c2 alone, d1-d3 queued for one batch.
    const alone = [bid(c1, game, 95), bid(c2, game, null)];
    await waitersAtLock(2);
    const together = [bid(d1, game, 95), bid(d2, game, null), bid(d3, game, 80)];
    await queuedFor(game, 3);
    await setSingleDigit(80);
    await release();
    const [a1, a2, b1, b2, b3] = await Promise.all([...alone, ...together]);
    expect(sizes[0]).toBe(3);
    for (const refused of [a1, b1]) {
      expect(refused?.status).toBe(422);
      expect(refused?.body.message).toBe(RATE_CHANGED);
    }
    for (const placed of [a2, b2, b3]) {
      expect(placed?.status).toBe(201);
      expect(placed?.body.data.bids[0].rate).toEqual({ point: 10, amount: 80 });
      expect(await storedRate(placed?.body.data.bids[0]._id)).toEqual({ point: 10, amount: 80 });
    }
    expect(await balanceOf(t, c1.id)).toBe(100);
    expect(await balanceOf(t, d1.id)).toBe(100);
    await declareClose(game);
    for (const p of [c2, d2, d3]) expect(await balanceOf(t, p.id)).toBe(90 + 80);
  });
});
