import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBidsBatch, placeBidsStatement } from '../../../../server/db/repositories/bid-statement';
import { createPlayer } from '../../helpers/fixtures';
import { createTestContext, type TestContext } from '../../helpers/test-app';
import { SUBMITTED_AT, submission } from '../helpers/bid-submissions';
import { assertInvariants } from '../helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from '../helpers/money-fixtures';

// A key held by another connection's transaction: PostgreSQL only (PGlite has one connection).
describe('a key in flight in a batch (PostgreSQL)', () => {
  let t: TestContext;
  let game: { id: string; version: number };

  beforeAll(async () => {
    t = await createTestContext({ now: SUBMITTED_AT.toISOString() });
    await seedRates(t);
    await setBidRange(t, 1, 10000);
    const id = await seedGame(t, { family: 'main', open: '10:00', close: '17:30' });
    const v = await t.db.query<{ version: number }>('SELECT version FROM games WHERE id = $1', [id]);
    game = { id, version: Number(v.rows[0]?.version) };
  });
  afterAll(() => t.close());

  it('answers in_flight for that submission alone, as the single statement does, and places the rest', async () => {
    const [held, heldAlone, free] = [
      await createPlayer(t, { balance: 100 }),
      await createPlayer(t, { balance: 100 }),
      await createPlayer(t, { balance: 100 }),
    ];
    const sub = (userId: string, key: string) => ({
      ...submission(userId, game.id, 1000, key),
      games: [game],
    });
    let release = () => {};
    const holding = new Promise<void>((r) => {
      release = r;
    });
    let locked = () => {};
    const isLocked = new Promise<void>((r) => {
      locked = r;
    });
    // Another request with the same key, still running: it holds the key's lock in its transaction.
    const holder = t.db.transaction(async (tx) => {
      for (const id of [held.id, heldAlone.id])
        await tx.query(
          "SELECT pg_advisory_xact_lock(hashtextextended($1::text || E'\\n' || $2, 727431002))",
          [id, 'busy'],
        );
      locked();
      await holding;
    });
    await isLocked;
    try {
      const subs = [sub(held.id, 'busy'), sub(free.id, 'busy')].sort((a, b) =>
        a.userId < b.userId ? -1 : 1,
      );
      const outs = await placeBidsBatch(t.db, subs);
      const byUser = new Map(subs.map((s, i) => [s.userId, outs[i]]));
      expect(byUser.get(held.id)).toEqual({ refused: 'in_flight' });
      expect(byUser.get(free.id)).toMatchObject({ status: 201, body: { data: { balance: 90 } } });
      expect(await placeBidsStatement(t.db, sub(heldAlone.id, 'busy'))).toEqual({ refused: 'in_flight' });
    } finally {
      release();
      await holder;
    }
    expect([await balanceOf(t, held.id), await balanceOf(t, free.id)]).toEqual([100, 90]);
    await assertInvariants(t.db);
  });
});
