import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type PlaceOutcome,
  type PlaceParams,
  placeBidsBatch,
  placeBidsStatement,
} from '../../../server/db/repositories/bid-statement';
import { createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { submission as anyVersion, SUBMITTED_AT, statementBid } from './helpers/bid-submissions';
import { assertInvariants } from './helpers/invariants';
import { seedGame, seedRates, setBidRange } from './helpers/money-fixtures';

/**
 * The batch statement (matka_place_bid_batch) answers and writes, submission by submission, exactly
 * what the single statement (matka_place_bids) does for the same submission alone: the same cases are
 * set up twice, on twin players, and placed once alone and once together in one batch.
 */
interface Case {
  name: string;
  /** Sets the player up (both twins alike) before the submission. */
  prepare?: (userId: string) => Promise<void>;
  submit: (userId: string) => PlaceParams;
}

describe('bids placed together answer as each would alone', () => {
  let t: TestContext;
  let game: string;
  let declared: string;
  let openDeclared: string;
  const versions = new Map<string, number>();
  /** A submission carrying the game's current version, as the server's read model would. */
  const submission = (userId: string, gameId: string, paise = 1000, key: string | null = null) => {
    const s = anyVersion(userId, gameId, paise, key);
    return { ...s, games: [{ id: gameId, version: versions.get(gameId) as number }] };
  };

  beforeAll(async () => {
    t = await createTestContext({ now: SUBMITTED_AT.toISOString() });
    await seedRates(t);
    await setBidRange(t, 1, 100000);
    game = await seedGame(t, { family: 'main', open: '10:00', close: '17:30', name: 'Twin' });
    declared = await seedGame(t, { family: 'main', open: '10:00', close: '17:30', name: 'Declared' });
    openDeclared = await seedGame(t, { family: 'main', open: '10:00', close: '17:30', name: 'Half' });
    await t.db.query(
      `INSERT INTO results (family, game_id, result_date, open_panna, open_digit, close_panna, close_digit, jodi)
       VALUES ('main', $1, '2026-11-18', '123', '6', '456', '5', '65')`,
      [declared],
    );
    await t.db.query(
      `INSERT INTO results (family, game_id, result_date, open_panna, open_digit)
       VALUES ('main', $1, '2026-11-18', '123', '6')`,
      [openDeclared],
    );
    const v = await t.db.query<{ id: string; version: number }>('SELECT id, version FROM games');
    for (const row of v.rows) versions.set(row.id, Number(row.version));
  });
  afterEach(async () => {
    await assertInvariants(t.db);
  });
  afterAll(() => t.close());

  const setUser = (sql: string) => (userId: string) =>
    t.db.query(`UPDATE users SET ${sql} WHERE id = $1`, [userId]).then(() => undefined);
  const limit = (field: string, paise: number, pendingPaise?: number) => (userId: string) =>
    t.db
      .query(
        `INSERT INTO player_limits (user_id, field, value_paise, pending, pending_value_paise, pending_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [
          userId,
          field,
          paise,
          pendingPaise !== undefined,
          pendingPaise ?? null,
          pendingPaise !== undefined ? new Date(SUBMITTED_AT.getTime() - 60_000) : null,
        ],
      )
      .then(() => undefined);
  const both =
    (...steps: ((userId: string) => Promise<void>)[]) =>
    async (userId: string) => {
      for (const step of steps) await step(userId);
    };
  const placeFirst =
    (key: string | null, paise = 1000) =>
    async (userId: string) => {
      const out = await placeBidsStatement(t.db, submission(userId, game, paise, key));
      if (!('status' in out)) throw new Error(`the set-up bid was refused: ${JSON.stringify(out)}`);
    };
  const inFuture = `paused_until = '${new Date(SUBMITTED_AT.getTime() + 3600_000).toISOString()}'`;
  const inPast = `paused_until = '${new Date(SUBMITTED_AT.getTime() - 3600_000).toISOString()}'`;

  const cases = (): Case[] => [
    { name: 'placed', submit: (u) => submission(u, game, 1000) },
    { name: 'placed with a new key', submit: (u) => submission(u, game, 1500, 'new-key') },
    {
      name: 'two bids placed',
      submit: (u) => ({
        ...submission(u, game, 3000),
        bids: [statementBid(game, 1000), statementBid(game, 2000)],
      }),
    },
    {
      name: 'a replayed key',
      prepare: placeFirst('again'),
      submit: (u) => submission(u, game, 1000, 'again'),
    },
    {
      name: 'a key reused for another request',
      prepare: placeFirst('reused'),
      submit: (u) => ({ ...submission(u, game, 1000, 'reused'), hash: 'another-hash' }),
    },
    { name: 'a stale game', submit: (u) => ({ ...submission(u, game), games: [{ id: game, version: 99 }] }) },
    {
      name: 'a passed cut-off on the second bid',
      submit: (u) => ({
        ...submission(u, game, 2000),
        bids: [statementBid(game, 1000), statementBid(game, 1000, new Date(SUBMITTED_AT.getTime() - 1000))],
      }),
    },
    {
      name: 'a rate no longer in force on the second bid',
      submit: (u) => ({
        ...submission(u, game, 2000),
        bids: [statementBid(game, 1000), { ...statementBid(game, 1000), rateAmount: 80 }],
      }),
    },
    {
      name: 'a declared result beside an old rate (the close wins)',
      submit: (u) => {
        const s = submission(u, declared);
        return { ...s, bids: s.bids.map((b) => ({ ...b, rateAmount: 80 })) };
      },
    },
    {
      name: 'a rate beside a short balance (the rate wins)',
      submit: (u) => {
        const s = submission(u, game, 2_000_000);
        return { ...s, bids: s.bids.map((b) => ({ ...b, ratePoint: 20 })) };
      },
    },
    { name: 'a declared close', submit: (u) => submission(u, declared) },
    { name: 'a close bet beside a declared open', submit: (u) => submission(u, openDeclared) },
    {
      name: 'an open-session bet after the open was declared',
      submit: (u) => {
        const s = submission(u, openDeclared);
        return {
          ...s,
          bids: s.bids.map((b) => ({ ...b, session: 'Open' as const, closeOnly: false })),
        };
      },
    },
    { name: 'a blocked player', prepare: setUser('is_blocked = true'), submit: (u) => submission(u, game) },
    { name: 'a paused player', prepare: setUser(inFuture), submit: (u) => submission(u, game) },
    { name: 'a pause that has ended', prepare: setUser(inPast), submit: (u) => submission(u, game) },
    {
      name: 'betting switched off',
      prepare: setUser('globel_batting = false'),
      submit: (u) => submission(u, game),
    },
    { name: 'a short balance', submit: (u) => submission(u, game, 2_000_000) },
    {
      name: 'over a daily stake limit',
      prepare: limit('stakeDay', 500),
      submit: (u) => submission(u, game, 1000),
    },
    {
      name: 'under a loss limit',
      prepare: limit('lossWeek', 100_000),
      submit: (u) => submission(u, game, 1000),
    },
    {
      name: 'a stake limit with earlier bids counted',
      prepare: both(placeFirst(null, 1000), limit('stakeDay', 1500)),
      submit: (u) => submission(u, game, 1000),
    },
    {
      name: 'a lowered limit now in force',
      prepare: limit('lossDay', 100_000, 800),
      submit: (u) => submission(u, game, 1000),
    },
    {
      name: 'a limit and a pause',
      prepare: both(limit('stakeDay', 100_000), setUser(inFuture)),
      submit: (u) => submission(u, game),
    },
    {
      name: 'a pause and a limit passed',
      prepare: both(limit('stakeDay', 500), setUser(inFuture)),
      submit: (u) => submission(u, game, 1000),
    },
    {
      name: 'a blocked player over a limit',
      prepare: both(limit('stakeDay', 500), setUser('is_blocked = true')),
      submit: (u) => submission(u, game, 1000),
    },
    {
      name: 'a limit with betting switched off',
      prepare: both(limit('stakeDay', 100_000), setUser('globel_batting = false')),
      submit: (u) => submission(u, game),
    },
  ];

  /** What a player's money and rows look like, with the database's times left out. */
  async function effects(userId: string) {
    const r = await t.db.query<{
      balance: number;
      ledger: number;
      bids: number;
      rates: unknown;
      stored: unknown;
    }>(
      `SELECT u.balance_paise::int AS balance,
              (SELECT count(*)::int FROM ledger WHERE user_id = u.id) AS ledger,
              (SELECT coalesce(sum(amount_paise), 0)::int FROM bids WHERE user_id = u.id) AS bids,
              (SELECT jsonb_agg(jsonb_build_array(rate_point, rate_amount) ORDER BY rate_point, rate_amount)
                 FROM bids WHERE user_id = u.id) AS rates,
              (SELECT jsonb_agg(jsonb_build_object('key', key, 'hash', request_hash, 'status', status_code,
                                'response', response) ORDER BY key)
                 FROM idempotency_keys WHERE user_id = u.id) AS stored
         FROM users u WHERE u.id = $1`,
      [userId],
    );
    return withoutTimes(r.rows[0]);
  }

  it('every refusal and placement, alone and in one batch', async () => {
    const list = cases();
    const twins: [string, string][] = [];
    for (const c of list) {
      const pair: [string, string] = [
        (await createPlayer(t, { balance: 100 })).id,
        (await createPlayer(t, { balance: 100 })).id,
      ];
      for (const id of pair) await c.prepare?.(id);
      twins.push(pair);
    }
    const alone: PlaceOutcome[] = [];
    for (const [i, c] of list.entries())
      alone.push(await placeBidsStatement(t.db, c.submit(twins[i]?.[0] as string)));

    const subs = list.map((c, i) => ({ i, params: c.submit(twins[i]?.[1] as string) }));
    subs.sort((a, b) => (a.params.userId < b.params.userId ? -1 : 1));
    const outs = await placeBidsBatch(
      t.db,
      subs.map((s) => s.params),
    );
    const together: PlaceOutcome[] = [];
    subs.forEach((s, k) => {
      together[s.i] = outs[k] as PlaceOutcome;
    });

    for (const [i, c] of list.entries()) {
      const [a, b] = twins[i] as [string, string];
      expect({ case: c.name, outcome: withoutTimes(together[i]) }).toEqual({
        case: c.name,
        outcome: withoutTimes(alone[i]),
      });
      expect({ case: c.name, effects: await effects(b) }).toEqual({
        case: c.name,
        effects: await effects(a),
      });
    }
    // The cases cover every answer the statement gives but a key in flight (PostgreSQL only, below).
    const kinds = new Set(
      alone.map((o) => ('refused' in o ? o.refused : 'replayed' in o ? 'replayed' : 'placed')),
    );
    expect([...kinds].sort()).toEqual(
      [
        'placed',
        'replayed',
        'key_reused',
        'stale',
        'closed',
        'rate',
        'blocked',
        'paused',
        'batting',
        'balance',
        'limit',
      ].sort(),
    );
  });

  it('a batch naming one player twice is refused whole, and writes nothing', async () => {
    const p = await createPlayer(t, { balance: 100 });
    const error = await placeBidsBatch(t.db, [submission(p.id, game), submission(p.id, game)]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(String(error)).toContain('one submission per player');
    expect(await effects(p.id)).toMatchObject({ balance: 10_000, bids: 0 });
  });
});

/** The answer or row with the database's clock readings (createdAt, created) taken out. */
function withoutTimes(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTimes);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => k !== 'createdAt' && k !== 'created')
      .map(([k, v]) => [k, withoutTimes(v)]),
  );
}
