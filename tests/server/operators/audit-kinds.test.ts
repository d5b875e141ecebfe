/**
 * The audit log for the console's sentences (issue 49 item 10): sign-ins read apart from what
 * operators did (`kind=sign-ins|actions`), and a bank message's match and its approval recorded
 * with the player and the amount of the request it credits, so the log can say "Matched the ₹299
 * message to Asha's request of ₹300 (waits for an owner)" without an id. PGlite and PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { type AnyBody, createTestContext, type TestContext } from '../helpers/test-app';
import { lateMessage } from './late-message';

let t: TestContext;
type Op = Awaited<ReturnType<typeof createAdmin>>;
let owner: Op;
let staff: Op;
let player: PlayerFixture;

const log = async (query: string) => {
  const r = await t.request('GET', `/api/v1/admin/audit-log?limit=100&${query}`, { token: owner.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as AnyBody[];
};

beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-18T05:30:00Z' });
  owner = await createAdmin(t, 'owner.a');
  staff = await createAdmin(t, 'desk.s', 'staff');
  player = await createPlayer(t, { balance: 1000, name: 'रमेश पाटिल' });
});
afterAll(() => t.close());

describe('the audit log: sign-ins apart from actions', () => {
  it('kind=sign-ins has only sign-ins, right or wrong; kind=actions everything else', async () => {
    const login = (password: string) =>
      t.request('POST', '/api/v1/admin/login', { body: { username: staff.username, password } });
    expect((await login(staff.password)).status).toBe(200);
    expect((await login('wrong-password-1')).status).toBe(401);
    await t.request('PATCH', `/api/v1/admin/users/${player.id}`, {
      token: owner.token,
      body: { globel_batting: false },
    });
    const signIns = await log('kind=sign-ins');
    expect(signIns.map((r) => r.status).sort()).toEqual([200, 401]);
    expect(signIns.every((r) => r.action === 'sign-in')).toBe(true);
    const actions = await log('kind=actions');
    expect(actions.some((r) => r.action === 'player-change')).toBe(true);
    expect(actions.some((r) => r.action === 'sign-in')).toBe(false);
    expect(await log('kind=sign-ins&action=player-change')).toEqual([]);
    expect((await log('kind=sign-ins&action=sign-in')).length).toBe(2);
    const bad = await t.request('GET', '/api/v1/admin/audit-log?kind=logins', { token: owner.token });
    expect(bad.status).toBe(400);
  });
});

describe("a bank message's match in the audit log", () => {
  it("records the request's player and amount, asked and approved, as the action payment-match", async () => {
    const { id, fundId } = await lateMessage(t, player);
    const asked = await t.request('POST', `/api/v1/admin/payment-notifications/${id}/match`, {
      token: staff.token,
      body: { fundId },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    const whose = { amount: 300, user: { name: 'रमेश पाटिल', phone: player.phone } };
    expect(asked.body.data.fund).toEqual(whose);
    const approved = await t.request('POST', `/api/v1/admin/payment-notifications/${id}/approve`, {
      token: owner.token,
      body: {},
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const rows = await log('action=payment-match');
    expect(rows.map((r) => [r.status, r.username])).toEqual([
      [200, 'owner.a'],
      [202, 'desk.s'],
    ]);
    const [approval, match] = rows as [AnyBody, AnyBody];
    expect(match.after).toMatchObject({ amount: 299, outcome: 'unmatched', fund: whose });
    // Before its approval the request asked for ₹300; credited, it holds what the message brought.
    expect(approval.before).toMatchObject({ amount: 299, outcome: 'unmatched', fund: whose });
    expect(approval.after).toMatchObject({ outcome: 'matched', fund: { ...whose, amount: 299 } });
  });
});
