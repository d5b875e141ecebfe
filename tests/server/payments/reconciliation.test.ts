/**
 * Every automatic credit checked against the bank (issue 44): credits made by bank messages, by
 * the player's UTR and by an operator are reconciled with uploaded statements by UTR and amount.
 * Each kind of exception, raised only once the statements cover the credit's day and the next,
 * closed by itself by a later statement or credit, resolved by an owner (audited), reported by the
 * watchdog (alerted once) and in the daily reconciliation report.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recheck } from '../../../server/services/reconciliation/run';
import { runWatchdogPass } from '../../../server/services/watchdog/run';
import { formatRupees } from '../../../src/domain/money';
import { createAdmin, type PlayerFixture } from '../helpers/fixtures';
import type { TestContext } from '../helpers/test-app';
import { assertInvariants } from '../money/helpers/invariants';
import {
  creditedByMessage,
  exceptions,
  hdfcCsv,
  order,
  reconciliationScene,
  upiIn,
  upload,
} from './helpers/statements';

let t: TestContext;
let owner: { token: string; id: string };
let rahul: PlayerFixture;
let asha: PlayerFixture;
const at = (iso: string) => t.clock.set(new Date(iso));

beforeAll(async () => {
  ({ t, owner, rahul, asha } = await reconciliationScene());
});
afterAll(async () => {
  await assertInvariants(t.db);
  await t.close();
});

describe('a credit no statement shows (a forged or misread message)', () => {
  let genuine: { payPaise: number; fundId: string };
  let forged: { payPaise: number; fundId: string };
  // The account's balance when the 25th began: the same lines carry the same balances in every export.
  const opening25 = () => 10_000_000 + genuine.payPaise;
  it('is not raised while the statements do not yet cover the day after the credit', async () => {
    at('2026-11-24T09:40:00Z');
    genuine = await creditedByMessage(t, rahul, 1000, '632810000001');
    forged = await creditedByMessage(t, asha, 500, '632810000002');
    // The statement of the 23rd and 24th: the genuine payment is in it, the forged one is not.
    at('2026-11-25T04:00:00Z');
    const csv = hdfcCsv([upiIn('2026-11-24', genuine.payPaise, '632810000001')], '2026-11-23', '2026-11-24');
    const res = await upload(t, owner.token, csv);
    expect(res.status).toBe(201);
    expect(res.body.data.opened).toBe(0);
    expect(await exceptions(t, owner.token)).toEqual([]);
  });

  it('is raised once a statement covers the day after, in words, with the credit and its message', async () => {
    at('2026-11-26T04:00:00Z');
    const csv = hdfcCsv(
      [upiIn('2026-11-25', 20_000, '632910000009', 'Vijay Patil')],
      '2026-11-25',
      '2026-11-25',
      opening25(),
    );
    const res = await upload(t, owner.token, csv);
    expect(res.body.data.opened).toBe(2);
    const open = await exceptions(t, owner.token);
    const missing = open.find((e) => e.kind === 'credited-not-in-statement');
    expect(missing).toMatchObject({
      amount: forged.payPaise / 100,
      utr: '632810000002',
      fundId: forged.fundId,
      day: '2026-11-24',
      status: 'open',
      notificationId: expect.any(String),
    });
    expect(missing?.detail).toBe(
      `₹${(forged.payPaise / 100).toFixed(2)} credited to Asha Rao (98765 00002) by a bank message on 24 Nov, 3:10 PM: no statement shows UTR 632810000002, though the statements cover that day and the next`,
    );
    // The 25th's payment nobody was credited with: a player who paid and waits.
    expect(open.find((e) => e.kind === 'statement-credit-uncredited')).toMatchObject({
      amount: 200,
      utr: '632910000009',
      day: '2026-11-25',
      statementRowId: expect.any(String),
    });
    expect(open.filter((e) => e.fundId === genuine.fundId)).toEqual([]);
  });

  it('the same and an overlapping statement again open nothing twice', async () => {
    const csv = hdfcCsv(
      [upiIn('2026-11-25', 20_000, '632910000009', 'Vijay Patil')],
      '2026-11-25',
      '2026-11-25',
      opening25(),
    );
    expect((await upload(t, owner.token, csv)).status).toBe(200);
    const wider = hdfcCsv(
      [
        upiIn('2026-11-24', genuine.payPaise, '632810000001'),
        upiIn('2026-11-25', 20_000, '632910000009', 'Vijay Patil'),
      ],
      '2026-11-24',
      '2026-11-25',
    );
    expect((await upload(t, owner.token, wider)).body.data).toMatchObject({
      newRows: 0,
      opened: 0,
      closed: 0,
    });
    expect((await recheck(t.deps)).opened).toBe(0);
    expect(await exceptions(t, owner.token)).toHaveLength(2);
  });

  it('a later statement that shows the missing credit closes it by itself', async () => {
    at('2026-11-27T04:00:00Z');
    const csv = hdfcCsv(
      [upiIn('2026-11-26', forged.payPaise, '632810000002', 'Asha Rao')],
      '2026-11-26',
      '2026-11-26',
    );
    const res = await upload(t, owner.token, csv);
    expect(res.body.data.closed).toBe(1);
    const closed = (await exceptions(t, owner.token, 'resolved')).find((e) => e.fundId === forged.fundId);
    expect(closed).toMatchObject({ closedBy: 'statement', note: 'A later statement shows this credit' });
  });
});

describe('a statement credit nobody was credited with', () => {
  it('closes by itself once a request is credited with its UTR (the periodic re-check)', async () => {
    const [waiting] = (await exceptions(t, owner.token)).filter(
      (e) => e.kind === 'statement-credit-uncredited',
    );
    // The player types the UTR on an order of that amount, and an operator approves it.
    at('2026-11-27T05:00:00Z');
    const o = await order(t, rahul, 200);
    await t.db.query(`UPDATE payment_orders SET amount_paise = 20000 WHERE order_id = $1`, [o.orderId]);
    await t.db.query(`UPDATE fund_requests SET amount_paise = 20000 WHERE id = $1`, [o.fundId]);
    expect(
      (
        await t.request('POST', `/api/payment/orders/${o.orderId}/utr`, {
          token: rahul.token,
          body: { utr: '632910000009' },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.request('POST', `/api/v1/admin/funds/${o.fundId}/approve`, { token: owner.token, body: {} }))
        .status,
    ).toBe(200);
    expect(await recheck(t.deps)).toEqual({ opened: 0, closed: 1 });
    const closed = (await exceptions(t, owner.token, 'resolved')).find((e) => e._id === waiting?._id);
    expect(closed).toMatchObject({ closedBy: 'credit', note: 'A fund request was credited with this UTR' });
  });
});

describe('the amount differs', () => {
  it('raises amount-mismatch with both amounts', async () => {
    at('2026-11-27T06:00:00Z');
    const o = await creditedByMessage(t, rahul, 2000, '633110000003');
    at('2026-11-28T04:00:00Z');
    const csv = hdfcCsv([upiIn('2026-11-27', o.payPaise - 100, '633110000003')], '2026-11-27', '2026-11-27');
    expect((await upload(t, owner.token, csv)).body.data.opened).toBe(1);
    const [m] = (await exceptions(t, owner.token)).filter((e) => e.kind === 'amount-mismatch');
    expect(m).toMatchObject({ utr: '633110000003', fundId: o.fundId, amount: o.payPaise / 100 });
    expect(m?.detail).toContain(
      `shows ${formatRupees((o.payPaise - 100) / 100)} received, but ${formatRupees(o.payPaise / 100)} was credited to Rahul Kumar (98765 00001) by a bank message on 27 Nov, 11:30 AM`,
    );
  });
});

describe('an edited statement', () => {
  it('raises balance-break on the line whose balance does not follow', async () => {
    const csv = hdfcCsv(
      [
        upiIn('2026-11-20', 10_000, '632410000001'),
        upiIn('2026-11-20', 20_000, '632410000002'),
        upiIn('2026-11-21', 30_000, '632510000003'),
      ],
      '2026-11-20',
      '2026-11-21',
    ).replace('"1,00,300.00"', '"1,00,900.00"');
    const res = await upload(t, owner.token, csv);
    expect(res.status).toBe(201);
    const breaks = (await exceptions(t, owner.token)).filter((e) => e.kind === 'balance-break');
    expect(breaks).toHaveLength(2);
    expect(breaks[0]?.detail).toContain('HDFC statement line 10 (20 Nov');
    expect(breaks[0]?.detail).toContain('the statement may have been edited');
  });
});

describe('a credit without a UTR', () => {
  it('cannot be confirmed by a statement: raised with what to look for', async () => {
    at('2026-11-22T05:00:00Z');
    const o = await order(t, asha, 700);
    expect(
      (await t.request('POST', `/api/v1/admin/funds/${o.fundId}/approve`, { token: owner.token, body: {} }))
        .status,
    ).toBe(200);
    // The server's clock is the database's: the credit is stamped as the server would have.
    await t.db.query(`UPDATE ledger SET created_at = $2 WHERE kind = 'fund' AND ref_id = $1`, [
      o.fundId,
      new Date('2026-11-22T05:00:00Z'),
    ]);
    at('2026-11-28T05:00:00Z');
    const csv = hdfcCsv(
      [upiIn('2026-11-22', 5_000, '632610000001'), upiIn('2026-11-23', 5_000, '632710000001')],
      '2026-11-22',
      '2026-11-23',
    );
    await upload(t, owner.token, csv);
    const e = (await exceptions(t, owner.token)).find((x) => x.fundId === o.fundId);
    expect(e?.kind).toBe('credited-not-in-statement');
    expect(e?.detail).toContain('without a UTR: no statement can confirm it');
  });
});

describe('an owner resolves one, audited; the watchdog and the daily report show them', () => {
  it('the watchdog reports each open exception once as statement-exception, and clears it when resolved', async () => {
    const open = await exceptions(t, owner.token);
    expect(open.length).toBeGreaterThan(0);
    await runWatchdogPass(t.deps, { force: true });
    const wd = await t.request('GET', '/api/v1/admin/watchdog', { token: owner.token });
    const findings = (wd.body.data.findings as Array<{ kind: string; detail: string }>).filter(
      (f) => f.kind === 'statement-exception',
    );
    expect(findings.map((f) => f.detail).sort()).toEqual(open.map((e) => e.detail).sort());
    // Found again on the next pass, each stays the one finding it was (its alert went out once).
    await runWatchdogPass(t.deps, { force: true });
    const rows = await t.db.query(`SELECT 1 FROM watchdog_findings WHERE kind = 'statement-exception'`);
    expect(rows.rows).toHaveLength(open.length);
    const staff = await createAdmin(t, undefined, 'staff');
    const seen = await t.request('GET', '/api/v1/admin/reconciliation/exceptions', { token: staff.token });
    expect(seen.status).toBe(200);
    const target = open[0] as { _id: string; detail: string };
    const refused = await t.request('POST', `/api/v1/admin/reconciliation/exceptions/${target._id}/resolve`, {
      token: staff.token,
      body: { note: 'Checked with the bank' },
    });
    expect(refused.status).toBe(403);
    expect(
      (
        await t.request('POST', `/api/v1/admin/reconciliation/exceptions/${target._id}/resolve`, {
          token: owner.token,
          body: { note: ' ' },
        })
      ).status,
    ).toBe(400);
    const done = await t.request('POST', `/api/v1/admin/reconciliation/exceptions/${target._id}/resolve`, {
      token: owner.token,
      body: { note: 'Checked with the bank: paid in cash at the branch' },
    });
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      status: 'resolved',
      closedBy: 'owner',
      note: 'Checked with the bank: paid in cash at the branch',
    });
    const again = await t.request('POST', `/api/v1/admin/reconciliation/exceptions/${target._id}/resolve`, {
      token: owner.token,
      body: { note: 'twice' },
    });
    expect(again.status).toBe(409);
    const audit = await t.db.query<{
      status: number;
      request: { note: string };
      before: { status: string };
      after: { status: string };
    }>(
      `SELECT status, request, before, after FROM audit_log WHERE route = '/api/v1/admin/reconciliation/exceptions/:id/resolve'
        AND path LIKE $1 ORDER BY id`,
      [`%${target._id}%`],
    );
    expect(audit.rows.map((r) => r.status)).toEqual([403, 400, 200, 409]);
    expect(audit.rows[2]).toMatchObject({
      request: { note: 'Checked with the bank: paid in cash at the branch' },
      before: { status: 'open' },
      after: { status: 'resolved' },
    });
    await runWatchdogPass(t.deps, { force: true });
    const after = await t.request('GET', '/api/v1/admin/watchdog', { token: owner.token });
    const left = (after.body.data.findings as Array<{ kind: string; detail: string }>).filter(
      (f) => f.kind === 'statement-exception',
    );
    expect(left.map((f) => f.detail)).not.toContain(target.detail);
    expect(left).toHaveLength(open.length - 1);
  });

  it("the daily reconciliation report lists the day's statement exceptions", async () => {
    const res = await t.request('GET', '/api/v1/admin/payments/reconciliation?date=2026-11-24', {
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const listed = res.body.data.statementExceptions as Array<{ kind: string; day: string; status: string }>;
    expect(listed.map((e) => e.kind)).toContain('credited-not-in-statement');
    expect(listed.every((e) => e.day === '2026-11-24' || e.status)).toBe(true);
  });

  it('every upload is audited with the file it carried', async () => {
    const rows = await t.db.query<{
      status: number;
      request: { file: { bytes: number; sha256: string; contentType: string } };
    }>(`SELECT status, request FROM audit_log WHERE route = '/api/v1/admin/bank-statements' ORDER BY id`);
    expect(rows.rows.length).toBeGreaterThan(5);
    expect(rows.rows[0]?.request.file).toMatchObject({
      contentType: 'text/csv',
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });
});
