/**
 * Paid withdrawals checked against the bank (issue 48 part 3): a statement debit whose UTR is a
 * withdrawal's payout UTR reconciles it. A payout no statement shows becomes
 * `payout-not-in-statement` once the statements cover its day and the next, and closes by itself
 * when a later statement shows it; a payout shown with another amount is an `amount-mismatch`; a
 * debit that pays no withdrawal, and a payout without a UTR, are no exception; a credit under a
 * payout's UTR says the payout may have come back; a UTR added later
 * (POST /admin/withdrawals/{id}/payout) is judged by the periodic re-check. The watchdog and the
 * daily report carry them like the deposits' exceptions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recheck } from '../../../server/services/reconciliation/run';
import { runWatchdogPass } from '../../../server/services/watchdog/run';
import type { PlayerFixture } from '../helpers/fixtures';
import type { TestContext } from '../helpers/test-app';
import { assertInvariants } from '../money/helpers/invariants';
import { exceptions, hdfcCsv, reconciliationScene, upiIn, upiOut, upload } from './helpers/statements';

let t: TestContext;
let owner: { token: string; id: string };
let rahul: PlayerFixture;
let asha: PlayerFixture;
const at = (iso: string) => t.clock.set(new Date(iso));

beforeAll(async () => {
  ({ t, owner, rahul, asha } = await reconciliationScene(50_000));
  for (const p of [rahul, asha]) {
    const res = await t.request('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'phonepe', phoneNumber: p.phone },
    });
    expect(res.status).toBe(200);
  }
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

/**
 * A withdrawal of `amount` rupees approved (paid) at the clock's now, with `utr` or without one.
 * The server's clock is the database's: the approval is stamped as the server would have.
 */
async function paid(p: PlayerFixture, amount: number, utr: string | null): Promise<string> {
  const asked = await t.request('POST', '/api/v1/user/withdrawal', {
    token: p.token,
    body: { amount, method: 'phonepe' },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(201);
  const id = asked.body.data._id as string;
  const res = await t.request('POST', `/api/v1/admin/withdrawals/${id}/approve`, {
    token: owner.token,
    body: utr ? { utr } : {},
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const now = await t.deps.clock.now();
  await t.db.query('UPDATE withdrawals SET paid_at = $2, decided_at = $2, updated_at = $2 WHERE id = $1', [
    id,
    now,
  ]);
  return id;
}

/** An NEFT payout line: the bank's own reference in the narration. */
const neftOut = (date: string, amount: number, utr: string, name = 'Asha Rao') => ({
  ...upiOut(date, amount, utr, name),
  kind: 'neft-out' as const,
});

const ids: Record<string, string> = {};

describe('a payout no statement shows', () => {
  it('is not judged while the statements do not yet cover the day after the payout', async () => {
    at('2026-11-24T09:40:00Z');
    ids.shown = await paid(rahul, 2000, '633210000001');
    ids.missing = await paid(asha, 1500, '633210000002');
    // Approved without a UTR: nothing to look for in a statement (its debit below pays "nobody").
    ids.noUtr = await paid(rahul, 800, null);
    // NEFT payouts carry the bank's own reference: one in the statement, one not.
    ids.neftShown = await paid(asha, 5000, 'SBIN118123456789');
    ids.neftMissing = await paid(rahul, 700, 'HDFCN52026112499');
    at('2026-11-25T04:00:00Z');
    const csv = hdfcCsv(
      [
        upiOut('2026-11-24', 200_000, '633210000001'),
        upiOut('2026-11-24', 80_000, '633210000003'),
        neftOut('2026-11-24', 500_000, 'SBIN118123456789'),
        // The account pays other things too: a debit whose UTR pays no withdrawal is no exception.
        upiOut('2026-11-24', 25_000, '633210000009', 'Swiggy'),
        // A shorter reference standing inside a longer one is not it.
        neftOut('2026-11-24', 70_000, 'XHDFCN52026112499', 'Rahul Kumar'),
      ],
      '2026-11-23',
      '2026-11-24',
    );
    const res = await upload(t, owner.token, csv);
    expect(res.status).toBe(201);
    expect(res.body.data.opened).toBe(0);
    expect(await exceptions(t, owner.token)).toEqual([]);
  });

  it('is raised once a statement covers the day after, in words, naming the withdrawal', async () => {
    at('2026-11-26T04:00:00Z');
    const csv = hdfcCsv([upiOut('2026-11-25', 10_000, '633310000011', 'Zomato')], '2026-11-25', '2026-11-25');
    const res = await upload(t, owner.token, csv);
    expect(res.body.data.opened).toBe(2);
    // Opened together, they come in no particular order.
    const open = (await exceptions(t, owner.token)).sort((a, b) => b.amount - a.amount);
    expect(open.map((e) => [e.kind, e.withdrawalId])).toEqual([
      ['payout-not-in-statement', ids.missing],
      ['payout-not-in-statement', ids.neftMissing],
    ]);
    expect(open[0]).toMatchObject({ amount: 1500, utr: '633210000002', day: '2026-11-24', status: 'open' });
    expect(open[0]?.fundId).toBeUndefined();
    expect(open[0]?.detail).toBe(
      '₹1,500 paid to Asha Rao (98765 00002) on 24 Nov, 3:10 PM with UTR 633210000002: no statement shows this debit, though the statements cover that day and the next',
    );
    expect(open[1]).toMatchObject({ amount: 700, utr: 'HDFCN52026112499' });
  });

  it('the same statement again, and the periodic re-check, open nothing twice', async () => {
    const csv = hdfcCsv([upiOut('2026-11-25', 10_000, '633310000011', 'Zomato')], '2026-11-25', '2026-11-25');
    expect((await upload(t, owner.token, csv)).status).toBe(200);
    expect(await recheck(t.deps)).toEqual({ opened: 0, closed: 0 });
    expect(await exceptions(t, owner.token)).toHaveLength(2);
  });

  it('is reported by the watchdog and in the daily report of its day', async () => {
    const missing = (await exceptions(t, owner.token)).find((e) => e.withdrawalId === ids.missing);
    await runWatchdogPass(t.deps, { force: true });
    const wd = await t.request('GET', '/api/v1/admin/watchdog', { token: owner.token });
    const findings = (wd.body.data.findings as Array<{ kind: string; detail: string }>).filter(
      (f) => f.kind === 'statement-exception',
    );
    expect(findings.map((f) => f.detail)).toContain(missing?.detail);
    const report = await t.request('GET', '/api/v1/admin/payments/reconciliation?date=2026-11-24', {
      token: owner.token,
    });
    expect(report.status).toBe(200);
    const listed = report.body.data.statementExceptions as Array<{ kind: string; withdrawalId?: string }>;
    expect(listed).toContainEqual(
      expect.objectContaining({ kind: 'payout-not-in-statement', withdrawalId: ids.missing }),
    );
  });

  it('a later statement that shows the debit closes it by itself', async () => {
    at('2026-11-27T04:00:00Z');
    // Booked two days late, as a bank does with a transfer it held.
    const csv = hdfcCsv(
      [upiOut('2026-11-26', 150_000, '633210000002', 'Asha Rao')],
      '2026-11-26',
      '2026-11-26',
    );
    const res = await upload(t, owner.token, csv);
    expect(res.body.data).toMatchObject({ opened: 0, closed: 1 });
    const closed = (await exceptions(t, owner.token, 'resolved')).find((e) => e.withdrawalId === ids.missing);
    expect(closed).toMatchObject({ closedBy: 'statement', note: 'A later statement shows this payout' });
    expect((await exceptions(t, owner.token)).map((e) => e.withdrawalId)).toEqual([ids.neftMissing]);
  });
});

describe('a payout the statement shows with another amount', () => {
  it('is an amount-mismatch naming the withdrawal; a charge under the same UTR is not', async () => {
    at('2026-11-27T09:40:00Z');
    const short = await paid(rahul, 3000, '633310000021');
    const charged = await paid(asha, 1000, '633310000022');
    ids.reversed = await paid(asha, 1200, '633310000023');
    at('2026-11-28T04:00:00Z');
    const csv = hdfcCsv(
      [
        upiOut('2026-11-27', 299_000, '633310000021'),
        upiOut('2026-11-27', 100_000, '633310000022', 'Asha Rao'),
        upiOut('2026-11-27', 590, '633310000022', 'Asha Rao'),
        // Paid, then returned by the bank under the same UTR (below).
        upiOut('2026-11-27', 120_000, '633310000023', 'Asha Rao'),
        upiIn('2026-11-27', 120_000, '633310000023', 'Asha Rao'),
      ],
      '2026-11-27',
      '2026-11-27',
    );
    const res = await upload(t, owner.token, csv);
    expect(res.body.data.opened).toBe(2);
    const mismatches = (await exceptions(t, owner.token)).filter((e) => e.kind === 'amount-mismatch');
    expect(mismatches).toHaveLength(1);
    expect(mismatches[0]).toMatchObject({
      withdrawalId: short,
      utr: '633310000021',
      amount: 3000,
      day: '2026-11-27',
      statementRowId: expect.any(String),
    });
    expect(mismatches[0]?.detail).toBe(
      'UTR 633310000021: the HDFC statement of 27 Nov shows ₹2,990 paid out, but the withdrawal paid to Rahul Kumar (98765 00001) with it on 27 Nov, 3:10 PM is ₹3,000',
    );
    expect(mismatches.map((e) => e.withdrawalId)).not.toContain(charged);
  });

  it('a credit under a paid UTR says the payout may have come back', async () => {
    const back = (await exceptions(t, owner.token)).find((e) => e.kind === 'statement-credit-uncredited');
    expect(back).toMatchObject({ withdrawalId: ids.reversed, utr: '633310000023', amount: 1200 });
    expect(back?.detail).toMatch(
      /^₹1,200 received on 27 Nov \(HDFC: "UPI-ASHA RAO-.*"\) with UTR 633310000023, the UTR of the ₹1,200 withdrawal paid to Asha Rao \(98765 00002\): the payout may have come back to the account, and the player may not have the money$/,
    );
  });
});

describe('a UTR added after the payout (POST /admin/withdrawals/{id}/payout)', () => {
  it('is judged by the periodic re-check for days the statements already cover', async () => {
    // Both were approved without a UTR on the 24th (the first above, whose ₹800 debit the
    // statement of the 24th shows); the statements cover the 24th and 25th.
    const right = ids.noUtr as string;
    at('2026-11-24T10:00:00Z');
    const typo = await paid(asha, 400, null);
    at('2026-11-28T06:00:00Z');
    expect(await recheck(t.deps)).toEqual({ opened: 0, closed: 0 });
    const now = await t.deps.clock.now();
    for (const [id, utr] of [
      [right, '633210000003'],
      [typo, '633210000099'],
    ] as const) {
      const res = await t.request('POST', `/api/v1/admin/withdrawals/${id}/payout`, {
        token: owner.token,
        body: { utr },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // As the database's clock would have stamped the addition.
      await t.db.query('UPDATE withdrawals SET updated_at = $2 WHERE id = $1', [id, now]);
    }
    // The UTR of the 24th's ₹800 debit reconciles one; the other no statement shows.
    expect(await recheck(t.deps)).toEqual({ opened: 1, closed: 0 });
    const raised = (await exceptions(t, owner.token)).filter((e) => e.kind === 'payout-not-in-statement');
    expect(raised.map((e) => e.withdrawalId)).toEqual([ids.neftMissing, typo]);
    expect(raised[1]?.detail).toBe(
      '₹400 paid to Asha Rao (98765 00002) on 24 Nov, 3:30 PM with UTR 633210000099: no statement shows this debit, though the statements cover that day and the next',
    );
  });

  it('an owner resolves one with a note; it is never opened again', async () => {
    const [neft] = (await exceptions(t, owner.token)).filter((e) => e.withdrawalId === ids.neftMissing);
    const res = await t.request('POST', `/api/v1/admin/reconciliation/exceptions/${neft?._id}/resolve`, {
      token: owner.token,
      body: { note: 'Paid by NEFT from the other account: reference checked in its app' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'resolved',
      closedBy: 'owner',
      withdrawalId: ids.neftMissing,
    });
    expect(await recheck(t.deps)).toEqual({ opened: 0, closed: 0 });
    expect((await exceptions(t, owner.token)).map((e) => e.withdrawalId)).not.toContain(ids.neftMissing);
  });
});
