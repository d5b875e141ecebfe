import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type PlayerFixture } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';
import { assertInvariants } from '../server/money/helpers/invariants';
import { moneySnapshot, seedGame, seedRates, setBidRange } from '../server/money/helpers/money-fixtures';

/**
 * "POST /admin/starline/winners with a winners list that differs from the server's answers 200":
 * a supplied list that differs in any way (a winner missing or added, another player, another
 * amount) is a 409 and the run changes nothing; the server's own answer sent back is accepted.
 */
const DAY = '2026-11-18';
let t: TestContext;
let op: { token: string };
let a: PlayerFixture;
let b: PlayerFixture;
let star: string;

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' });
  await seedRates(t);
  await setBidRange(t, 1, 10000);
  op = await createAdmin(t);
  a = await createPlayer(t, { balance: 1000 });
  b = await createPlayer(t, { balance: 1000 });
  star = await seedGame(t, { family: 'starline', open: '11:00' });
  for (const [p, digit] of [
    [a, '4'],
    [b, '4'],
    [a, '7'],
  ] as const) {
    const r = await t.request('POST', '/api/v1/user/starline-bid', {
      token: p.token,
      body: { bids: [{ game: star, gameType: 'single-digit', amount: 10, digit }] },
    });
    expect(r.status).toBe(201);
  }
  // A declared draw whose settlement has not run yet (as after a crash): the winners run settles it.
  await t.db.query(
    `INSERT INTO results (family, game_id, result_date, panna, digit) VALUES ('starline', $1, $2, '130', '4')`,
    [star, DAY],
  );
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

const run = (winners?: unknown[]) =>
  t.request('POST', '/api/v1/admin/starline/winners', {
    token: op.token,
    body: winners === undefined ? { resultDate: DAY } : { resultDate: DAY, winners },
  });

describe('the winners run', () => {
  it('refuses a list that differs, in every way, and changes nothing', async () => {
    const before = await moneySnapshot(t);
    const pending = async () => (await t.db.query(`SELECT 1 FROM bids WHERE status = 'pending'`)).rows.length;
    expect(await pending()).toBe(3);
    // The true answer, found without settling anything (inside a transaction rolled back below).
    const truth = await t.db
      .transaction(async (tx) => {
        const { rerunWinners } = await import('../../server/services/settlement/winners');
        const out = await rerunWinners(tx, 'starline', DAY, undefined, 'real');
        throw Object.assign(new Error('rollback'), { winners: out.winners });
      })
      .catch((e: { winners: Array<{ _id: string; userId: string; winAmount: number }> }) => e.winners);
    expect(truth).toHaveLength(2);
    const [first, second] = truth as [(typeof truth)[0], (typeof truth)[0]];
    const variants: unknown[][] = [
      [],
      [first],
      [first, second, { ...second, _id: '00000000-0000-4000-8000-000000000000' }],
      [first, { ...second, winAmount: second.winAmount + 1 }],
      [first, { ...second, userId: second.userId === a.id ? b.id : a.id }],
      ['not-an-id', second._id],
    ];
    for (const list of variants) {
      const res = await run(list);
      expect(res.status, JSON.stringify(list).slice(0, 80)).toBe(409);
      expect(res.body.message).toBe('The winners list does not match the server settlement');
    }
    expect(await pending()).toBe(3);
    expect(await moneySnapshot(t)).toEqual(before);
  });

  it('accepts the server answer sent back (bare ids too), and without a list just runs', async () => {
    const settled = await run();
    expect(settled.status).toBe(200);
    expect(settled.body.data.winners).toHaveLength(2);
    const again = await run(settled.body.data.winners);
    expect(again.status).toBe(200);
    const ids = await run(settled.body.data.winners.map((w: { _id: string }) => w._id));
    expect(ids.status).toBe(200);
  });
});
