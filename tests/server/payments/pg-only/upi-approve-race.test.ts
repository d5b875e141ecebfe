/**
 * Parallel approvals of one waiting match (issue 44, four eyes on the Payments inbox) on
 * PostgreSQL, with the order forced: the test holds the lock every approval needs first (the
 * message's row, or its UTR), lets several owners' approvals queue behind it, and releases it.
 * Exactly one credits; the others answer 409; the request is credited once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../../../server/db/types';
import { createAdmin, createPlayer } from '../../helpers/fixtures';
import { createTestContext, type TestContext, type TestResponse } from '../../helpers/test-app';
import { assertInvariants } from '../../money/helpers/invariants';
import { balanceOf } from '../../money/helpers/money-fixtures';
import { upiAutoEnv } from '../helpers/upi-env';

const SECRET = 'approve-race-notify-secret-0123456789';
let t: TestContext;
type Op = Awaited<ReturnType<typeof createAdmin>>;
let staff: Op;
let owners: Op[];

beforeAll(async () => {
  t = await createTestContext({
    now: new Date('2026-11-21T05:30:00Z'),
    env: upiAutoEnv(SECRET),
  });
  staff = await createAdmin(t, undefined, 'staff');
  owners = [await createAdmin(t), await createAdmin(t), await createAdmin(t)];
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

/** Waits until `n` sessions of this database wait for a lock. */
async function queued(n: number): Promise<boolean> {
  for (let i = 0; i < 400; i++) {
    const r = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (Number(r.rows[0]?.n) >= n) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return false;
}

/** A message the server could not match (another amount), with staff's match waiting for an owner. */
async function waitingMatch(text: (payAmount: number) => string, amount: number) {
  const p = await createPlayer(t);
  const o = (await t.request('POST', '/api/v1/user/fund', { token: p.token, body: { amount } })).body.data;
  const msg = await t.request('POST', `/api/payment/notify/${SECRET}`, {
    body: { from: 'PhonePe', text: text(o.payAmount) },
  });
  expect(msg.body.data.outcome).toBe('unmatched');
  const id = msg.body.data._id as string;
  const asked = await t.request('POST', `/api/v1/admin/payment-notifications/${id}/match`, {
    token: staff.token,
    body: { fundId: o.fundId },
  });
  expect(asked.status).toBe(202);
  return { p, o, id };
}

const approveAll = (id: string) =>
  owners.map((op) =>
    t.request('POST', `/api/v1/admin/payment-notifications/${id}/approve`, { token: op.token, body: {} }),
  );

/** Holds `lock` in a transaction until three owners' approvals wait behind it, then lets them run. */
async function race(id: string, lock: (hold: Queryable) => Promise<unknown>) {
  let pending: Promise<TestResponse>[] = [];
  let sawQueue = false;
  await t.db.transaction(async (hold) => {
    await lock(hold);
    pending = approveAll(id);
    sawQueue = await queued(owners.length);
  });
  expect(sawQueue).toBe(true);
  return (await Promise.all(pending)).map((a) => a.status).sort();
}

describe('parallel approvals of one waiting match', () => {
  it("three owners' approvals queued on the message's row credit once", async () => {
    // No UTR: the message's row is the first lock an approval takes.
    const { p, id } = await waitingMatch(() => 'Rahul Kumar paid you ₹600.00', 600);
    const statuses = await race(id, (hold) =>
      hold.query('SELECT id FROM payment_notifications WHERE id = $1 FOR UPDATE', [id]),
    );
    expect(statuses).toEqual([200, 409, 409]);
    expect(await balanceOf(t, p.id)).toBe(600);
  });

  it("three owners' approvals queued on the message's UTR credit once", async () => {
    const utr = '633000000017';
    const { p, id } = await waitingMatch(
      () => `Rs. 700.00 credited to HDFC Bank A/c XX1234 from VPA rahul@okaxis (UPI ${utr})`,
      700,
    );
    const statuses = await race(id, (hold) =>
      hold.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 727431035))', [`utr:${utr}`]),
    );
    expect(statuses).toEqual([200, 409, 409]);
    expect(await balanceOf(t, p.id)).toBe(700);
    const credits = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger WHERE user_id = $1 AND kind = 'fund'`,
      [p.id],
    );
    expect(Number(credits.rows[0]?.n)).toBe(1);
  });
});
