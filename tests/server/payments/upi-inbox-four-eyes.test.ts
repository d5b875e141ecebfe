/**
 * Caps and four eyes on automatic UPI deposits (issue 44): every stored message has its reason in
 * the notify answer and the inbox; a message above UPI_AUTO_MATCH_MAX that would credit waits
 * (`above-auto-limit`); an operator's match credits at once only when an owner makes it for the
 * order's exact pay amount, any other answers 202 and waits for an owner other than the one who
 * asked (POST .../approve), both audited. Runs on PGlite and PostgreSQL; parallel approvals with a
 * forced order are in pg-only/upi-approve-race.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { type AnyBody, createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from '../money/helpers/invariants';
import { balanceOf } from '../money/helpers/money-fixtures';
import { upiAutoEnv } from './helpers/upi-env';

const SECRET = 'four-eyes-notify-secret-0123456789';
const NOW = new Date('2026-11-21T05:30:00Z');
const MINUTE = 60_000;

let t: TestContext;
type Op = Awaited<ReturnType<typeof createAdmin>>;
let owner: Op;
let otherOwner: Op;
let staff: Op;
let utrSeq = 540_000_000_000;
const nextUtr = () => {
  utrSeq += 11;
  return String(utrSeq);
};
const hdfc = (amount: number, utr: string) =>
  `Rs. ${amount.toFixed(2)} credited to HDFC Bank A/c XX1234 on 21-11-26 from VPA rahul@okaxis (UPI ${utr})`;
const forward = async (text: string) =>
  (await t.request('POST', `/api/payment/notify/${SECRET}`, { body: { from: 'AD-HDFCBK', text } })).body
    .data as { _id: string; outcome: string; reason: string };

async function order(p: PlayerFixture, amount: number) {
  const res = await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount } });
  expect(res.status).toBe(201);
  return res.body.data as { fundId: string; orderId: string; payAmount: number };
}
const match = (op: Op, id: string, fundId: string) =>
  t.request('POST', `/api/v1/admin/payment-notifications/${id}/match`, { token: op.token, body: { fundId } });
const approve = (op: Op, id: string) =>
  t.request('POST', `/api/v1/admin/payment-notifications/${id}/approve`, { token: op.token, body: {} });
const stored = async (id: string) =>
  (await t.request('GET', `/api/v1/admin/payment-notifications/${id}`, { token: owner.token })).body
    .data as AnyBody;
const audited = async (id: string, action: 'match' | 'approve') =>
  (
    await t.db.query<{ status: number; admin_id: string }>(
      'SELECT status, admin_id FROM audit_log WHERE path = $1 ORDER BY id',
      [`/api/v1/admin/payment-notifications/${id}/${action}`],
    )
  ).rows;

/** A message the server could not match by itself (paid after its order's window): unmatched, no-order. */
async function lateMessage(p: PlayerFixture, amount: number, paid?: (o: { payAmount: number }) => number) {
  const o = await order(p, amount);
  t.clock.advance(20 * MINUTE);
  const msg = await forward(hdfc(paid ? paid(o) : o.payAmount, nextUtr()));
  expect(msg).toMatchObject({ outcome: 'unmatched', reason: 'no-order' });
  return { o, msg };
}

beforeAll(async () => {
  t = await createTestContext({
    now: NOW,
    env: upiAutoEnv(SECRET, { UPI_AUTO_MATCH_MAX: '5000', LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: '1000' }),
  });
  owner = await createAdmin(t);
  otherOwner = await createAdmin(t);
  staff = await createAdmin(t, undefined, 'staff');
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

describe('every message says why', () => {
  it('the notify answer and the inbox carry the reason: how it matched, or why not', async () => {
    const p = await createPlayer(t);
    const o = await order(p, 300);
    expect(await forward(hdfc(o.payAmount, nextUtr()))).toMatchObject({
      outcome: 'matched',
      reason: 'amount',
    });
    const refusals: [string, string, string][] = [
      [
        `Rs ${o.payAmount.toFixed(2)} was not credited to your A/c XX1234 (UPI ${nextUtr()})`,
        'ignored',
        'failed',
      ],
      [
        `Rs ${o.payAmount.toFixed(2)} credited to your A/c XX1234 is under review (UPI ${nextUtr()})`,
        'unmatched',
        'on-hold',
      ],
      [`Rs 504.119 credited to HDFC Bank A/c XX1234 (UPI ${nextUtr()})`, 'unmatched', 'amount-unclear'],
      [hdfc(123.45, nextUtr()), 'unmatched', 'no-order'],
    ];
    for (const [text, outcome, reason] of refusals) {
      const answer = await forward(text);
      expect(answer).toMatchObject({ outcome, reason });
      expect(await stored(answer._id)).toMatchObject({ outcome, reason });
    }
    const list = await t.request('GET', '/api/v1/admin/payment-notifications?limit=100', {
      token: owner.token,
    });
    expect(list.body.data.every((n: AnyBody) => typeof n.reason === 'string' && n.reason !== '')).toBe(true);
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
  });
});

describe('UPI_AUTO_MATCH_MAX', () => {
  it('a message above it that would credit an order waits for an operator: unmatched, above-auto-limit', async () => {
    const p = await createPlayer(t);
    const big = await order(p, 5000);
    const msg = await forward(hdfc(big.payAmount, nextUtr()));
    expect(msg).toMatchObject({ outcome: 'unmatched', reason: 'above-auto-limit' });
    expect(await stored(msg._id)).toMatchObject({ orderId: big.orderId, amount: big.payAmount });
    expect(await balanceOf(t, p.id)).toBe(0);
    // At the limit itself it still credits by itself.
    const fits = await order(p, 4999);
    expect((await forward(hdfc(fits.payAmount, nextUtr()))).outcome).toBe('matched');
    // The owner matches the waiting one: its exact pay amount, so at once.
    const done = await match(owner, msg._id, big.fundId);
    expect(done.status).toBe(200);
    expect(await balanceOf(t, p.id)).toBeCloseTo(big.payAmount + fits.payAmount, 2);
  });
});

describe('a message waiting with a UTR, and its player typing that UTR', () => {
  it('credits only a message that surely said money arrived, within UPI_AUTO_MATCH_MAX', async () => {
    const p = await createPlayer(t);
    const typeUtr = async (orderId: string, utr: string) =>
      (await t.request('POST', `/api/payment/orders/${orderId}/utr`, { token: p.token, body: { utr } }))
        .status;
    // "Under review": unmatched, on-hold. Typing its UTR must not turn it into a credit.
    const held = await order(p, 310);
    const heldUtr = nextUtr();
    const review = await forward(
      `Rs ${held.payAmount.toFixed(2)} credited to your A/c XX1234 is under review (UPI ${heldUtr})`,
    );
    expect(review).toMatchObject({ outcome: 'unmatched', reason: 'on-hold' });
    expect(await typeUtr(held.orderId, heldUtr)).toBe(200);
    expect(await balanceOf(t, p.id)).toBe(0);
    expect(await stored(review._id)).toMatchObject({ outcome: 'unmatched', reason: 'on-hold' });
    // Above the cap: it waits for an operator, whoever brings the UTR.
    const big = await order(p, 6000);
    const bigUtr = nextUtr();
    expect(await forward(hdfc(big.payAmount, bigUtr))).toMatchObject({ reason: 'above-auto-limit' });
    expect(await typeUtr(big.orderId, bigUtr)).toBe(200);
    expect(await balanceOf(t, p.id)).toBe(0);
    // A plain credit that came after its window, then its UTR: credited (docs/upi-auto-match.md).
    const late = await order(p, 320);
    t.clock.advance(20 * MINUTE);
    const lateUtr = nextUtr();
    expect(await forward(hdfc(late.payAmount, lateUtr))).toMatchObject({ reason: 'no-order' });
    expect(await typeUtr(late.orderId, lateUtr)).toBe(200);
    expect(await balanceOf(t, p.id)).toBe(late.payAmount);
  });
});

describe("four eyes on an operator's match", () => {
  it("an owner's match of the order's exact pay amount credits at once, audited", async () => {
    const p = await createPlayer(t);
    const { o, msg } = await lateMessage(p, 410);
    const res = await match(owner, msg._id, o.fundId);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'matched', reason: 'operator', matchedBy: owner.id });
    expect(res.body.data.waitingMatch).toBeUndefined();
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
    expect(await audited(msg._id, 'match')).toEqual([{ status: 200, admin_id: owner.id }]);
  });

  it("an owner's match of another amount waits (202) for another owner; the asker cannot approve it", async () => {
    const p = await createPlayer(t);
    const { o, msg } = await lateMessage(p, 420, () => 420);
    const asked = await match(owner, msg._id, o.fundId);
    expect(asked.status).toBe(202);
    expect(asked.body.message).toBe('Waiting for another owner to approve this match');
    expect(asked.body.data).toMatchObject({
      outcome: 'unmatched',
      waitingMatch: { fundId: o.fundId, requestedBy: owner.id, requestedByName: owner.username },
    });
    expect(await balanceOf(t, p.id)).toBe(0);
    const self = await approve(owner, msg._id);
    expect(self.status).toBe(409);
    const byStaff = await approve(staff, msg._id);
    expect(byStaff.status).toBe(403);
    expect(await balanceOf(t, p.id)).toBe(0);
    const ok = await approve(otherOwner, msg._id);
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ outcome: 'matched', reason: 'operator', matchedBy: otherOwner.id });
    expect(ok.body.data.waitingMatch).toBeUndefined();
    // Credited with what the message says was received, once.
    expect(await balanceOf(t, p.id)).toBe(420);
    expect((await approve(otherOwner, msg._id)).status).toBe(409);
    expect(await balanceOf(t, p.id)).toBe(420);
    expect(await audited(msg._id, 'match')).toEqual([{ status: 202, admin_id: owner.id }]);
    expect((await audited(msg._id, 'approve')).map((r) => r.status)).toEqual([409, 403, 200, 409]);
  });

  it("staff's match waits even for the exact amount; any owner approves it", async () => {
    const p = await createPlayer(t);
    const { o, msg } = await lateMessage(p, 430);
    const asked = await match(staff, msg._id, o.fundId);
    expect(asked.status).toBe(202);
    expect(asked.body.data.waitingMatch).toMatchObject({ requestedBy: staff.id, fundId: o.fundId });
    const list = await t.request('GET', '/api/v1/admin/payment-notifications?outcome=unmatched&limit=100', {
      token: staff.token,
    });
    expect(list.body.data.find((n: AnyBody) => n._id === msg._id).waitingMatch.requestedByName).toBe(
      staff.username,
    );
    expect(await balanceOf(t, p.id)).toBe(0);
    expect((await approve(owner, msg._id)).status).toBe(200);
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
  });

  it('a new match replaces one that waits; approving checks the request again', async () => {
    const p = await createPlayer(t);
    const { o, msg } = await lateMessage(p, 440, () => 440);
    const other = await order(p, 441);
    expect((await match(staff, msg._id, other.fundId)).status).toBe(202);
    expect((await match(staff, msg._id, o.fundId)).status).toBe(202);
    expect((await stored(msg._id)).waitingMatch.fundId).toBe(o.fundId);
    // Meanwhile the request is credited another way: the approval is refused, nothing is paid twice.
    expect(
      (await t.request('POST', `/api/v1/admin/funds/${o.fundId}/approve`, { token: owner.token, body: {} }))
        .status,
    ).toBe(200);
    const late = await approve(owner, msg._id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This fund request was already credited');
    expect(await balanceOf(t, p.id)).toBe(o.payAmount);
  });

  it('approving a message with no match waiting is 409; an unknown one 404', async () => {
    const p = await createPlayer(t);
    const { msg } = await lateMessage(p, 450);
    const none = await approve(owner, msg._id);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('No match of this message waits for approval');
    expect((await approve(owner, '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await approve(owner, 'nope')).status).toBe(404);
  });
});
