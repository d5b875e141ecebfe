import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustWallet, createAdmin, createPlayer, type PlayerFixture } from '../server/helpers/fixtures';
import { createTestContext, type TestContext } from '../server/helpers/test-app';
import { assertInvariants } from '../server/money/helpers/invariants';

/**
 * "The operator wallet refuses valid amounts such as 10.07 or 0.29": money with at most two
 * decimals is accepted by decimal rules and lands in the ledger to the paisa; more decimals are a
 * 400 and change nothing.
 */
let t: TestContext;
let p: PlayerFixture;
let op: { token: string };
beforeAll(async () => {
  t = await createTestContext();
  p = await createPlayer(t);
  op = await createAdmin(t);
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

const paise = async () =>
  (await t.db.query<{ b: number }>('SELECT balance_paise AS b FROM users WHERE id = $1', [p.id])).rows[0]
    ?.b ?? -1;
const adjust = (amount: unknown, type = 'credit') =>
  adjustWallet(t, p.id, { type, amount, description: 'Decimal check' }, op.token);

describe('operator wallet amounts', () => {
  it.each([
    [10.07, 1007],
    [0.29, 29],
    [0.01, 1],
    [99999.99, 9999999],
    [1.1, 110],
  ])('credits %j points as exactly %i paise', async (amount, expected) => {
    const before = await paise();
    const res = await adjust(amount);
    expect(res.status).toBe(200);
    expect(await paise()).toBe(before + expected);
  });

  it.each([[1e-7], [10.075], [1.005], [0.001], ['10.07'], [Number.MAX_VALUE]])(
    'refuses %j and changes nothing',
    async (amount) => {
      const before = await paise();
      const res = await adjust(amount);
      expect(res.status).toBe(400);
      expect(await paise()).toBe(before);
    },
  );

  it('debits 0.29 to the paisa', async () => {
    const before = await paise();
    expect((await adjust(0.29, 'debit')).status).toBe(200);
    expect(await paise()).toBe(before - 29);
  });
});
