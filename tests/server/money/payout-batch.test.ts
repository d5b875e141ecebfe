/**
 * The payout batch (issue 48): the waiting withdrawals as a CSV for a bank's bulk upload, and the
 * bank's answer imported back: paid rows approved with their UTR, failed rows refunded once, rows
 * for decided withdrawals reported and left alone, a dry run first, the same file twice changing
 * nothing, and four eyes holding above FOUR_EYES_ABOVE.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readCsv } from '../../../server/services/reports/csv-read';
import { createAdmin, createPlayer, type PlayerFixture } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { assertInvariants } from './helpers/invariants';
import { balanceOf } from './helpers/money-fixtures';

let t: TestContext;
let ravi: PlayerFixture;
let asha: PlayerFixture;
let ownerA: { id: string; token: string };
let ownerB: { id: string; token: string };
let staff: { token: string };

beforeAll(async () => {
  t = await createTestContext({ env: { FOUR_EYES_ABOVE: '1000' } });
  ownerA = await createAdmin(t, 'batch-owner-a');
  ownerB = await createAdmin(t, 'batch-owner-b');
  staff = await createAdmin(t, 'batch-staff', 'staff');
  ravi = await createPlayer(t, { name: "=cmd|' /C calc'!A0", balance: 50_000 });
  asha = await createPlayer(t, { name: 'Asha', balance: 50_000 });
  await t.request('POST', '/api/v1/user/withdrawal/methods', {
    token: ravi.token,
    body: { method: 'phonepe', phoneNumber: '9302101538' },
  });
  await t.request('POST', '/api/v1/user/withdrawal/methods', {
    token: asha.token,
    body: {
      method: 'bank',
      accountHolderName: '+SUM(1,2) Asha, K',
      accountNumber: '50100123456789',
      confirmAccountNumber: '50100123456789',
      ifscCode: 'hdfc0001234',
      bankName: 'HDFC',
    },
  });
});
afterEach(() => assertInvariants(t.db));
afterAll(() => t.close());

async function withdraw(p: PlayerFixture, amount: number): Promise<string> {
  const method = p === asha ? 'bank' : 'phonepe';
  const r = await t.request('POST', '/api/v1/user/withdrawal', { token: p.token, body: { amount, method } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data._id;
}

const approve = (id: string, body: unknown = {}) =>
  t.request('POST', `/api/v1/admin/withdrawals/${id}/approve`, { token: ownerA.token, body });
const reject = (id: string, reason: string) =>
  t.request('POST', `/api/v1/admin/withdrawals/${id}/reject`, { token: ownerA.token, body: { reason } });

const exportCsv = (token = ownerA.token, query = '?status=pending') =>
  t.request('GET', `/api/v1/admin/payouts.csv${query}`, { token });

const importCsv = (csv: string, opts: { dryRun?: boolean; token?: string; type?: string } = {}) =>
  t.request('POST', `/api/v1/admin/payouts/results${opts.dryRun ? '?dryRun=true' : ''}`, {
    token: opts.token ?? ownerA.token,
    raw: csv,
    headers: { 'content-type': opts.type ?? 'text/csv' },
  });

async function statusOf(id: string) {
  const r = await t.db.query<{ status: string; payout_utr: string | null; note: string | null }>(
    'SELECT status, payout_utr, note FROM withdrawals WHERE id = $1',
    [id],
  );
  return r.rows[0];
}

async function refunds(id: string): Promise<number> {
  const r = await t.db.query<{ n: number }>(
    "SELECT count(*)::int8 AS n FROM ledger WHERE kind = 'withdrawal-refund' AND ref_id = $1",
    [id],
  );
  return r.rows[0]?.n ?? 0;
}

/** Decides every withdrawal still pending, so each test's export and import see only its own. */
async function clearDesk() {
  const pending = await t.db.query<{ id: string }>("SELECT id FROM withdrawals WHERE status = 'pending'");
  for (const { id } of pending.rows) await reject(id, 'x');
}

describe('the export', () => {
  it('one row per waiting withdrawal, in the columns a bank upload maps, formula-safe', async () => {
    await clearDesk();
    const upi = await withdraw(ravi, 100);
    const bank = await withdraw(asha, 250);
    const paid = await withdraw(ravi, 10);
    await approve(paid);
    // Paid by the bank and waiting for a second approval: never in a batch again.
    const waiting = await withdraw(asha, 2000);
    await approve(waiting, { utr: '433200009999' });
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="payouts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const text = res.body as string;
    expect(text.split('\r\n')[0]).toBe('reference,name,method,vpa,account,ifsc,amount,phone');
    expect(readCsv(text).map((r) => r.cells)).toEqual([
      ['reference', 'name', 'method', 'vpa', 'account', 'ifsc', 'amount', 'phone'],
      [upi, "'=cmd|' /C calc'!A0", 'phonepe', '', '', '', '100.00', '9302101538'],
      [bank, "'+SUM(1,2) Asha, K", 'bank', '', '50100123456789', 'HDFC0001234', '250.00', asha.phone],
    ]);
    // The cells a spreadsheet would run are written as text: quoted where they hold a comma.
    expect(text).toContain(`${bank},"'+SUM(1,2) Asha, K",bank,,50100123456789,HDFC0001234,250.00,`);
    expect(text).toContain(`${upi},'=cmd|' /C calc'!A0,phonepe,,,,100.00,9302101538\r\n`);
  });

  it('owners only, status pending only, and audited', async () => {
    expect((await exportCsv(staff.token)).status).toBe(403);
    const wrong = await exportCsv(ownerA.token, '?status=approved');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('status must be pending');
    expect((await exportCsv(ownerA.token, '')).status).toBe(200);
    const audit = await t.db.query(
      "SELECT 1 FROM audit_log WHERE route = '/api/v1/admin/payouts.csv' AND status = 200 AND admin_username = 'batch-owner-a'",
    );
    expect(audit.rows.length).toBeGreaterThan(0);
  });
});

describe("the bank's answer", () => {
  it('a dry run shows what it would do and writes nothing; the import then does exactly that, once', async () => {
    await clearDesk();
    const paid = await withdraw(ravi, 300);
    const failed = await withdraw(asha, 400);
    const rejected = await withdraw(ravi, 50);
    await reject(rejected, 'Wrong number');
    const oldPaid = await withdraw(ravi, 20);
    await approve(oldPaid, { utr: '433255550000' });
    const [badStatus, badUtr, usedUtr, twiceUtr] = [
      await withdraw(asha, 11),
      await withdraw(asha, 12),
      await withdraw(asha, 13),
      await withdraw(asha, 14),
    ];
    const csv = [
      '\uFEFFReference,Status, UTR ,Remarks',
      `${paid},PAID,433200000001,ok`,
      `${failed},failed,,"Account closed, returned"`,
      `${rejected},failed,,`,
      '00000000-0000-4000-8000-000000000000,paid,433200000002,',
      'not-a-reference,paid,433200000003,',
      `${badStatus},SUCCESS,433200000004,`,
      `${badUtr},paid,4.33212E+11,`,
      `${paid},paid,433200000005,`,
      '',
      `${usedUtr},paid,433255550000,`,
      `${twiceUtr},paid,433200000001,`,
    ].join('\r\n');
    const balances = async () => [await balanceOf(t, ravi.id), await balanceOf(t, asha.id)];
    const before = await balances();
    const problems = [
      { line: 4, reason: 'Already rejected and refunded' },
      { line: 5, reason: 'No withdrawal has the reference "00000000-0000-4000-8000-000000000000"' },
      { line: 6, reason: 'No withdrawal has the reference "not-a-reference"' },
      { line: 7, reason: 'The status must be paid or failed, not "SUCCESS"' },
      {
        line: 8,
        reason: 'The UTR "4.33212E+11" was shortened by a spreadsheet: keep the utr column as text',
      },
      { line: 9, reason: 'The reference is on line 2 already: only that row counts' },
      { line: 11, reason: 'This UTR is already the payout of another withdrawal' },
      { line: 12, reason: 'UTR 433200000001 is on line 2 already: one UTR pays one withdrawal' },
    ];
    const dry = await importCsv(csv, { dryRun: true });
    expect(dry.status).toBe(200);
    expect(dry.body.message).toBe('Dry run: nothing was changed');
    expect(dry.body.data).toMatchObject({
      dryRun: true,
      paid: 1,
      failed: 1,
      unchanged: 1,
      waiting: 0,
      problems,
    });
    expect(dry.body.data.rows[0]).toEqual({
      line: 2,
      reference: paid,
      outcome: 'paid',
      amount: 300,
      player: { name: "=cmd|' /C calc'!A0", phone: ravi.phone },
      utr: '433200000001',
      reason: null,
      approvals: null,
    });
    expect(await statusOf(paid)).toMatchObject({ status: 'pending', payout_utr: null });
    expect(await statusOf(failed)).toMatchObject({ status: 'pending' });
    expect(await balances()).toEqual(before);

    const done = await importCsv(csv);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      dryRun: false,
      paid: 1,
      failed: 1,
      unchanged: 1,
      waiting: 0,
      problems,
    });
    expect(done.body.data.rows).toEqual(dry.body.data.rows);
    expect(await statusOf(paid)).toEqual({ status: 'approved', payout_utr: '433200000001', note: null });
    expect(await statusOf(failed)).toEqual({
      status: 'rejected',
      payout_utr: null,
      note: 'Payment failed at the bank',
    });
    expect(await refunds(failed)).toBe(1);
    expect(await balances()).toEqual([before[0], (before[1] as number) + 400]);
    for (const id of [badStatus, badUtr, usedUtr, twiceUtr])
      expect((await statusOf(id))?.status).toBe('pending');

    // The same file again: every row it decided is now unchanged and said so; no money moves.
    const again = await importCsv(csv);
    expect(again.body.data).toMatchObject({ paid: 0, failed: 0, unchanged: 3, waiting: 0 });
    expect(again.body.data.problems.slice(0, 3)).toEqual([
      { line: 2, reason: 'Already paid with this UTR' },
      { line: 3, reason: 'Already rejected and refunded' },
      { line: 4, reason: 'Already rejected and refunded' },
    ]);
    expect(await refunds(failed)).toBe(1);
    expect(await balances()).toEqual([before[0], (before[1] as number) + 400]);
  });

  it('the player reads the paid UTR and the bank failure in their language, and is told', async () => {
    await clearDesk();
    const paid = await withdraw(asha, 60);
    const failed = await withdraw(asha, 70);
    await importCsv(`reference,status,utr\n${paid},paid,433201010101\n${failed},failed,\n`);
    for (const [lang, reason] of [
      ['en', 'Payment failed at the bank'],
      ['hi', 'बैंक में पेमेंट फ़ेल हो गया'],
      ['mr', 'बँकेत पेमेंट अयशस्वी झाले'],
    ]) {
      const list = await t.request('GET', '/api/v1/user/withdrawal?limit=50', {
        token: asha.token,
        headers: { 'accept-language': lang as string },
      });
      const mine = (id: string) => list.body.data.find((w: { _id: string }) => w._id === id);
      expect(mine(paid)).toMatchObject({ status: 'approved', payoutUtr: '433201010101' });
      expect(mine(failed)).toMatchObject({ status: 'rejected', reason, payoutUtr: null });
    }
    const push = await t.db.query<{ title: string; body: string }>(
      'SELECT title, body FROM push_outbox WHERE dedupe_key = $1',
      [`withdrawal:${failed}`],
    );
    expect(push.rows).toEqual([
      {
        title: 'Withdrawal failed at the bank',
        body: 'Your withdrawal of ₹70 could not be paid by the bank and was refunded to your wallet.',
      },
    ]);
    const line = await t.db.query<{ description: string }>(
      "SELECT description FROM ledger WHERE kind = 'withdrawal-refund' AND ref_id = $1",
      [failed],
    );
    expect(line.rows[0]?.description).toBe('Withdrawal failed at the bank: amount refunded');
  });

  it('reports a paid row for a withdrawal the player cancelled, and a failed row for one approved', async () => {
    await clearDesk();
    const cancelled = await withdraw(ravi, 25);
    await t.request('POST', `/api/v1/user/withdrawal/${cancelled}/cancel`, { token: ravi.token });
    const approved = await withdraw(ravi, 35);
    await approve(approved);
    const out = await importCsv(
      `reference,status,utr\n${cancelled},paid,433202020202\n${approved},failed,\n`,
    );
    expect(out.body.data).toMatchObject({ paid: 0, failed: 0, unchanged: 2 });
    expect(out.body.data.problems).toEqual([
      {
        line: 2,
        reason:
          'Already cancelled by the player and refunded, but the bank says it paid it (UTR 433202020202): recover the money or settle it by hand',
      },
      { line: 3, reason: 'Already approved as paid, but the bank says it failed: check with the bank first' },
    ]);
    expect(await refunds(approved)).toBe(0);
  });
});

describe('four eyes on large rows', () => {
  it('a paid row above the limit waits for a second owner, who completes it with the same file', async () => {
    await clearDesk();
    const big = await withdraw(asha, 2000);
    const small = await withdraw(asha, 500);
    const bigFailed = await withdraw(asha, 3000);
    const csv = `reference,status,utr\n${big},paid,433203030303\n${small},paid,433203030304\n${bigFailed},failed,\n`;
    const first = await importCsv(csv);
    expect(first.body.data).toMatchObject({ paid: 1, failed: 1, waiting: 1, unchanged: 0, problems: [] });
    expect(first.body.data.rows[0]).toMatchObject({
      outcome: 'waiting',
      approvals: 1,
      reason: 'Above the four-eyes limit: waits for a second owner',
    });
    // A rejection needs no second operator: the large failed row is refunded at once.
    expect(await statusOf(bigFailed)).toMatchObject({ status: 'rejected' });
    expect(await statusOf(big)).toEqual({ status: 'pending', payout_utr: '433203030303', note: null });
    const desk = await t.request('GET', '/api/v1/admin/withdrawals?status=pending', { token: ownerA.token });
    const card = desk.body.data.find((w: { _id: string }) => w._id === big);
    expect(card).toMatchObject({ waitingUtr: '433203030303', approvals: [{ username: 'batch-owner-a' }] });
    // Not in the next batch: the bank has paid it.
    expect(await exportCsv().then((r) => r.body as string)).not.toContain(big);

    const same = await importCsv(csv);
    expect(same.body.data).toMatchObject({ paid: 0, failed: 0, waiting: 1, unchanged: 2 });
    expect(same.body.data.rows[0]).toMatchObject({
      outcome: 'waiting',
      approvals: 1,
      reason: 'You approved it already: a second owner must approve it',
    });
    const approvals = await t.db.query('SELECT 1 FROM four_eyes_approvals WHERE subject_id = $1', [big]);
    expect(approvals.rows).toHaveLength(1);

    const preview = await importCsv(csv, { dryRun: true, token: ownerB.token });
    expect(preview.body.data).toMatchObject({ paid: 1, waiting: 0 });
    expect(await statusOf(big)).toMatchObject({ status: 'pending' });
    const second = await importCsv(csv, { token: ownerB.token });
    expect(second.body.data).toMatchObject({ paid: 1, failed: 0, waiting: 0, unchanged: 2 });
    expect(await statusOf(big)).toEqual({ status: 'approved', payout_utr: '433203030303', note: null });
    const both = await t.db.query('SELECT 1 FROM four_eyes_approvals WHERE subject_id = $1', [big]);
    expect(both.rows).toHaveLength(2);
  });
});

describe('files refused whole', () => {
  it.each([
    ['not CSV', '{"reference": 1}', 'application/json', 415, 'Send the file as text/csv'],
    [
      'empty',
      '',
      'text/csv',
      400,
      "Send the bank's answer as CSV with a header row naming at least the columns reference, status and utr",
    ],
    ['no utr column', 'reference,status\nabc,paid\n', 'text/csv', 400, 'The header row has no utr column. '],
    [
      'a quote never closed',
      'reference,status,utr\nabc,paid,"43320\n',
      'text/csv',
      400,
      'A quote opened on line 2 is never closed',
    ],
    [
      'a control character',
      'reference,status,utr\nabc\u0000,paid,1\n',
      'text/csv',
      400,
      'Control characters are not allowed',
    ],
    [
      'too many rows',
      `reference,status,utr\n${'x,paid,1\n'.repeat(1001)}`,
      'text/csv',
      400,
      'At most 1000 rows in one file: split it',
    ],
  ])('%s', async (_name, csv, type, status, message) => {
    const before = await t.db.query('SELECT count(*)::int8 AS n FROM ledger');
    const res = await importCsv(csv, { type });
    expect(res.status).toBe(status);
    expect(res.body.message).toContain(message);
    expect((await t.db.query('SELECT count(*)::int8 AS n FROM ledger')).rows).toEqual(before.rows);
  });

  it('hostile rows are problems, never a 500, and change nothing', async () => {
    const before = await t.db.query('SELECT count(*)::int8 AS n FROM ledger');
    const rows = [
      'reference,status,utr',
      '=HYPERLINK("http://x"),paid,433200000010',
      `${'9'.repeat(10_000)},failed,`,
      "' OR 1=1 --,paid,433200000011",
      '00000000-0000-4000-8000-00000000000g,failed,',
      ',,',
      'a,b,c,d,e,f,g',
    ].join('\n');
    const res = await importCsv(rows);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ paid: 0, failed: 0, unchanged: 0, waiting: 0 });
    expect(res.body.data.problems.map((p: { line: number }) => p.line)).toEqual([2, 3, 4, 5, 6, 7]);
    expect(res.body.data.problems[1].reason).toBe(`No withdrawal has the reference "${'9'.repeat(40)}…"`);
    // Bytes that are not UTF-8 read as replacement characters: a reference nobody has.
    const bytes = new Uint8Array([
      ...Buffer.from('reference,status,utr\n'),
      0xc3,
      0x28,
      0xff,
      0x2c,
      0x66,
      0x0a,
    ]);
    const raw = await t.app.request('/api/v1/admin/payouts/results', {
      method: 'POST',
      headers: { authorization: `Bearer ${ownerA.token}`, 'content-type': 'text/csv' },
      body: bytes,
    });
    expect(raw.status).toBe(200);
    expect(((await raw.json()) as { data: { problems: unknown[] } }).data.problems).toHaveLength(1);
    expect((await t.db.query('SELECT count(*)::int8 AS n FROM ledger')).rows).toEqual(before.rows);
  });

  it('the API document says the body is a CSV file', async () => {
    const doc = await t.request('GET', '/api/docs/openapi.json');
    const post = doc.body.paths['/api/v1/admin/payouts/results'].post;
    expect(post.requestBody.content).toEqual({
      'text/csv': { schema: { type: 'string' } },
      'text/plain': { schema: { type: 'string' } },
    });
    expect(post['x-auth']).toBe('owner');
  });

  it('owners only; the audit log keeps the file and whether it was a dry run', async () => {
    const csv = 'reference,status,utr\n00000000-0000-4000-8000-000000000001,failed,\n';
    expect((await importCsv(csv, { token: staff.token })).status).toBe(403);
    await importCsv(csv, { dryRun: true });
    const row = await t.db.query<{
      request: { file: { text: string; contentType: string }; query: Record<string, string> };
      after: unknown;
    }>(
      `SELECT request, after FROM audit_log WHERE route = '/api/v1/admin/payouts/results' AND status = 200
        ORDER BY id DESC LIMIT 1`,
    );
    expect(row.rows[0]?.request).toMatchObject({
      file: { text: csv, contentType: 'text/csv' },
      query: { dryRun: 'true' },
    });
    expect(row.rows[0]?.after).toMatchObject({ dryRun: true, problems: [{ line: 2 }] });
  });
});
