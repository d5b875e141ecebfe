import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adjustWallet, createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { balanceOf } from './helpers/money-fixtures';

// A player's ledger as operators read it (issue 12): newest first, each entry with the balance
// right after it, on every page.

let t: TestContext;
let owner: { token: string };

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T03:30:00Z' });
  owner = await createAdmin(t);
});
afterAll(() => t.close());

describe('ledger with running balance', () => {
  it('newest first; each balance is the one right after the entry; pages agree', async () => {
    const p = await createPlayer(t, { balance: 0 });
    const adjust = (type: 'credit' | 'debit', amount: number) =>
      adjustWallet(t, p.id, { type, amount, description: `${type} ${amount}` }, owner.token);
    for (const [type, amount] of [
      ['credit', 500],
      ['debit', 120],
      ['credit', 30],
      ['debit', 10],
    ] as const) {
      expect((await adjust(type, amount)).status).toBeLessThan(300);
    }
    const all = await t.request('GET', `/api/v1/admin/users/${p.id}/ledger?limit=10`, { token: owner.token });
    expect(all.status).toBe(200);
    const entries = all.body.data as Array<{ description: string; balanceAfter: number }>;
    expect(entries.map((e) => [e.description, e.balanceAfter])).toEqual([
      ['debit 10', 400],
      ['credit 30', 410],
      ['debit 120', 380],
      ['credit 500', 500],
    ]);
    expect(entries[0]?.balanceAfter).toBe(await balanceOf(t, p.id));
    const second = await t.request('GET', `/api/v1/admin/users/${p.id}/ledger?limit=2&page=2`, {
      token: owner.token,
    });
    expect(second.body.data.map((e: { balanceAfter: number }) => e.balanceAfter)).toEqual([380, 500]);
  });

  it('is for operators only; an unknown id is a 404', async () => {
    const p = await createPlayer(t);
    expect((await t.request('GET', `/api/v1/admin/users/${p.id}/ledger`, { token: p.token })).status).toBe(
      403,
    );
    expect((await t.request('GET', '/api/v1/admin/users/nope/ledger', { token: owner.token })).status).toBe(
      404,
    );
  });
});
