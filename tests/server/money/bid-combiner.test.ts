import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type PlaceOutcome,
  type PlaceParams,
  placeBidsBatch,
  placeBidsStatement,
} from '../../../server/db/repositories/bid-statement';
import { statementRolledBack } from '../../../server/db/types';
import { BidCombiner, IN_FLIGHT_PER_GAMES, MAX_BATCH } from '../../../server/services/bids/combine';
import { createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { submission } from './helpers/bid-submissions';
import { assertInvariants } from './helpers/invariants';
import { balanceOf, seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

/** A stand-in database for the policy: every statement waits until the test lets it finish. */
function standIn() {
  const calls: { kind: 'one' | 'many'; users: string[]; finish: (error?: unknown) => void }[] = [];
  const placed = (p: PlaceParams): PlaceOutcome => ({ status: 201, body: { user: p.userId } });
  const runner = {
    one: (p: PlaceParams) =>
      new Promise<PlaceOutcome>((resolve, reject) => {
        calls.push({ kind: 'one', users: [p.userId], finish: (e) => (e ? reject(e) : resolve(placed(p))) });
      }),
    many: (ps: PlaceParams[]) =>
      new Promise<PlaceOutcome[]>((resolve, reject) => {
        calls.push({
          kind: 'many',
          users: ps.map((p) => p.userId),
          finish: (e) => (e ? reject(e) : resolve(ps.map(placed))),
        });
      }),
  };
  return { calls, combiner: new BidCombiner(runner) };
}

const tick = () => new Promise((r) => setTimeout(r, 0));
const sqlError = (code: string) => Object.assign(new Error(`sqlstate ${code}`), { code, severity: 'ERROR' });

describe('the bid combiner (its policy, on a stand-in database)', () => {
  it('sends a submission alone at once when its game has a free lane', async () => {
    const { calls, combiner } = standIn();
    const done = combiner.place(submission('u1', 'g1'));
    await tick();
    expect(calls.map((c) => c.kind)).toEqual(['one']);
    calls[0]?.finish();
    expect(await done).toEqual({ status: 201, body: { user: 'u1' } });
  });

  it('sends what waits behind busy lanes as one statement, sorted by player, one submission each', async () => {
    const { calls, combiner } = standIn();
    const first = Array.from({ length: IN_FLIGHT_PER_GAMES }, (_, i) =>
      combiner.place(submission(`a${i}`, 'g1')),
    );
    const waiting = ['u3', 'u1', 'u2', 'u1'].map((u) => combiner.place(submission(u, 'g1')));
    await tick();
    expect(calls.map((c) => c.kind)).toEqual(Array(IN_FLIGHT_PER_GAMES).fill('one'));
    calls[0]?.finish();
    await tick();
    // u1's second submission waits for a later statement.
    expect(calls[IN_FLIGHT_PER_GAMES]).toMatchObject({ kind: 'many', users: ['u1', 'u2', 'u3'] });
    for (const c of calls.slice(1)) c.finish();
    await tick();
    expect(calls.at(-1)).toMatchObject({ kind: 'one', users: ['u1'] });
    calls.at(-1)?.finish();
    const answers = await Promise.all([...first, ...waiting]);
    expect(answers.map((a) => (a as { body: { user: string } }).body.user)).toEqual([
      ...Array.from({ length: IN_FLIGHT_PER_GAMES }, (_, i) => `a${i}`),
      'u3',
      'u1',
      'u2',
      'u1',
    ]);
  });

  it(`carries at most ${MAX_BATCH} submissions a statement`, async () => {
    const { calls, combiner } = standIn();
    const all = Array.from({ length: IN_FLIGHT_PER_GAMES + MAX_BATCH + 5 }, (_, i) =>
      combiner.place(submission(`p${String(i).padStart(3, '0')}`, 'g1')),
    );
    await tick();
    for (const c of calls.slice(0, IN_FLIGHT_PER_GAMES)) c.finish();
    await tick();
    const sizes = calls.slice(IN_FLIGHT_PER_GAMES).map((c) => c.users.length);
    expect(sizes).toEqual([MAX_BATCH, 5]);
    for (const c of calls.slice(IN_FLIGHT_PER_GAMES)) c.finish();
    expect(await Promise.all(all)).toHaveLength(IN_FLIGHT_PER_GAMES + MAX_BATCH + 5);
  });

  it('keeps one game lane waiting on a lock from holding up bids on another game', async () => {
    const { calls, combiner } = standIn();
    const stuck = Array.from({ length: IN_FLIGHT_PER_GAMES + 1 }, (_, i) =>
      combiner.place(submission(`s${i}`, 'g1')),
    );
    const other = combiner.place(submission('o1', 'g2'));
    await tick();
    const otherCall = calls.find((c) => c.users[0] === 'o1');
    expect(otherCall?.kind).toBe('one');
    otherCall?.finish();
    expect(await other).toEqual({ status: 201, body: { user: 'o1' } });
    for (const c of calls) if (c !== otherCall) c.finish();
    await tick();
    for (const c of calls.slice(IN_FLIGHT_PER_GAMES + 1)) c.finish();
    expect(await Promise.all(stuck)).toHaveLength(IN_FLIGHT_PER_GAMES + 1);
  });

  /** Two submissions waiting behind busy lanes, sent as one statement that is still running. */
  async function batchOfTwo(users: [string, string]) {
    const { calls, combiner } = standIn();
    const busy = Array.from({ length: IN_FLIGHT_PER_GAMES }, (_, i) =>
      combiner.place(submission(`b${i}`, 'g1')),
    );
    const batch = users.map((u) => combiner.place(submission(u, 'g1')));
    await tick();
    for (const c of calls.slice(0, IN_FLIGHT_PER_GAMES)) c.finish();
    await tick();
    expect(calls.at(-1)).toMatchObject({ kind: 'many', users });
    return { calls, busy, batch };
  }

  it('sends each submission again alone when a statement error rolled the batch back', async () => {
    const { calls, busy, batch } = await batchOfTwo(['x1', 'x2']);
    calls.at(-1)?.finish(sqlError('23514'));
    await tick();
    const alone = calls.slice(IN_FLIGHT_PER_GAMES + 1);
    expect(alone.map((c) => [c.kind, c.users[0]])).toEqual([
      ['one', 'x1'],
      ['one', 'x2'],
    ]);
    alone[0]?.finish(sqlError('23514'));
    alone[1]?.finish();
    await Promise.all(busy);
    await expect(batch[0]).rejects.toMatchObject({ code: '23514' });
    expect(await batch[1]).toEqual({ status: 201, body: { user: 'x2' } });
  });

  it('sends nothing again when the connection was lost (the commit may have landed)', async () => {
    const { calls, busy, batch } = await batchOfTwo(['y1', 'y2']);
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    calls.at(-1)?.finish(lost);
    await Promise.all(busy);
    for (const b of batch) await expect(b).rejects.toBe(lost);
    expect(calls).toHaveLength(IN_FLIGHT_PER_GAMES + 1);
  });

  it('tells a rolled-back statement from a lost connection', () => {
    expect(statementRolledBack(sqlError('23514'))).toBe(true);
    expect(statementRolledBack(sqlError('40P01'))).toBe(true);
    expect(statementRolledBack(sqlError('57014'))).toBe(true);
    expect(statementRolledBack(sqlError('08006'))).toBe(false);
    expect(statementRolledBack(sqlError('57P01'))).toBe(false);
    expect(statementRolledBack(Object.assign(new Error('reset'), { code: 'ECONNRESET' }))).toBe(false);
    expect(statementRolledBack(new Error('no code'))).toBe(false);
  });
});

describe('bids placed together (on the database)', () => {
  let t: TestContext;
  let game: string;
  const players: PlayerFixture[] = [];

  beforeAll(async () => {
    t = await createTestContext({ now: '2026-11-18T03:30:00Z' });
    await seedRates(t);
    await setBidRange(t, 10, 10000);
    game = await seedGame(t, { family: 'main', open: '10:00', close: '12:00', name: 'Batch' });
    for (let i = 0; i < 4; i++) players.push(await createPlayer(t, { balance: 100 }));
  });
  afterEach(async () => {
    await assertInvariants(t.db);
  });
  afterAll(() => t.close());

  const version = async () =>
    (await t.db.query<{ version: number }>('SELECT version FROM games WHERE id = $1', [game])).rows[0]
      ?.version as number;
  const withVersion = async (p: PlaceParams) => ({ ...p, games: [{ id: game, version: await version() }] });

  it('places several players in one transaction, refusing only the one whose balance is short', async () => {
    const [a, b, c] = players as [PlayerFixture, PlayerFixture, PlayerFixture];
    const before = (await Promise.all([a, b, c].map((p) => balanceOf(t, p.id)))) as [number, number, number];
    const subs = await Promise.all([
      withVersion(submission(a.id, game, 1000)),
      withVersion(submission(b.id, game, 10_000_000)),
      withVersion(submission(c.id, game, 2000, 'batch-key-c')),
    ]);
    const outcomes = await placeBidsBatch(t.db, subs);
    // Without a key the statement answers the facts (balance in paise); with one, the stored body.
    expect(outcomes[0]).toMatchObject({ status: 201, balance: (before[0] - 10) * 100 });
    expect(outcomes[1]).toEqual({ refused: 'balance' });
    expect(outcomes[2]).toMatchObject({ status: 201, body: { data: { balance: before[2] - 20 } } });
    expect(await Promise.all([a, b, c].map((p) => balanceOf(t, p.id)))).toEqual([
      before[0] - 10,
      before[1],
      before[2] - 20,
    ]);
    // One transaction: the placed rows carry the same database time.
    const times = await t.db.query<{ n: number }>(
      'SELECT count(DISTINCT created_at)::int AS n FROM bids WHERE request_id = ANY($1::uuid[])',
      [[subs[0]?.requestId, subs[2]?.requestId]],
    );
    expect(times.rows[0]?.n).toBe(1);
    // The keyed one was stored and replays the same answer through the single statement.
    const replay = await placeBidsStatement(t.db, { ...(subs[2] as PlaceParams), requestId: randomUUID() });
    expect(replay).toMatchObject({
      status: 201,
      replayed: true,
      body: (outcomes[2] as { body: unknown }).body,
    });
  });

  it('rolls the whole batch back on an error, and the combiner then places the others alone', async () => {
    const [a, b, c] = players as [PlayerFixture, PlayerFixture, PlayerFixture];
    const before = (await Promise.all([a, b, c].map((p) => balanceOf(t, p.id)))) as [number, number, number];
    // A zero stake breaks the ledger's CHECK (amount_paise <> 0) inside the statement.
    const good1 = await withVersion(submission(a.id, game, 1000));
    const bad = await withVersion(submission(b.id, game, 0));
    const good2 = await withVersion(submission(c.id, game, 1000));
    const error = await placeBidsBatch(t.db, [good1, bad, good2]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(statementRolledBack(error)).toBe(true);
    expect(await Promise.all([a, b, c].map((p) => balanceOf(t, p.id)))).toEqual(before);

    let statements = 0;
    const combiner = new BidCombiner({
      one: (p) => {
        statements += 1;
        return placeBidsStatement(t.db, p);
      },
      many: (ps) => {
        statements += 1;
        return placeBidsBatch(t.db, ps);
      },
    });
    // Fill the lanes first so that the three wait and go out together.
    const fillers = await Promise.all(
      Array.from({ length: IN_FLIGHT_PER_GAMES }, async () => {
        const p = await createPlayer(t, { balance: 100 });
        return withVersion(submission(p.id, game, 1000));
      }),
    );
    const results = await Promise.allSettled([...fillers, good1, bad, good2].map((s) => combiner.place(s)));
    const mine = results.slice(IN_FLIGHT_PER_GAMES);
    expect(mine.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await Promise.all([a, b, c].map((p) => balanceOf(t, p.id)))).toEqual([
      before[0] - 10,
      before[1],
      before[2] - 10,
    ]);
    // The fillers alone, the batch of three, then each of the three alone.
    expect(statements).toBe(IN_FLIGHT_PER_GAMES + 1 + 3);
  });
});
