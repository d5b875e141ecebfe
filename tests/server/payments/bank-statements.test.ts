/**
 * Uploading bank statements (issue 44): the five banks' layouts as CSV and two as real .xlsx
 * files, preamble and totals skipped, the same or an overlapping statement adding no line twice,
 * and what is refused (another file, an amount that cannot be read for sure, a day after today,
 * a spreadsheet that unpacks to too much, staff).
 */
import { readFileSync } from 'node:fs';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_PERIOD,
  fixtureTxns,
  statementRows,
  toCsv,
  toXlsx,
} from '../../fixtures/bank-statements/make';
import { createAdmin } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { hdfcCsv, upiIn, upload, XLSX } from './helpers/statements';

const fixture = (name: string) =>
  readFileSync(new URL(`../../fixtures/bank-statements/${name}`, import.meta.url));

let t: TestContext;
let owner: { token: string };
beforeAll(async () => {
  t = await createTestContext({ now: new Date('2026-11-28T04:30:00Z') });
  owner = await createAdmin(t);
});
afterAll(() => t.close());

const lineCount = async () =>
  Number((await t.db.query<{ n: number }>('SELECT count(*)::int8 AS n FROM bank_statement_rows')).rows[0]?.n);
const utrsOf = async (id: string) =>
  (
    await t.db.query<{ utr: string }>(
      `SELECT utr FROM bank_statement_rows WHERE statement_id = $1 AND upi AND credit_paise > 0 ORDER BY txn_date, utr`,
      [id],
    )
  ).rows.map((r) => r.utr);

describe('each bank as its net banking exports it', () => {
  it.each([
    ['hdfc.csv', 'HDFC', '1'],
    ['sbi.csv', 'SBI', '2'],
    ['icici.csv', 'ICICI', '3'],
    ['axis.csv', 'Axis', '4'],
    ['kotak.csv', 'Kotak', '5'],
  ])(
    '%s: the bank from its header, the period, every line and each UPI credit with its UTR',
    async (file, bank, n) => {
      const res = await upload(t, owner.token, fixture(file).toString('utf8'));
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        bank,
        from: '2026-11-23',
        to: '2026-11-27',
        rows: 9,
        credits: 6,
        debits: 3,
        creditTotal: 153_801.99,
        debitTotal: 5_267.7,
        newRows: 9,
        fileType: 'csv',
        duplicate: false,
      });
      // The preamble, the separator lines, the totals and the legends are not lines.
      expect(await utrsOf(res.body.data._id)).toEqual(
        [
          [327, 1],
          [328, 3],
          [329, 4],
          [330, 5],
          [331, 6],
        ].map(([day, i]) => `6${day}${n}${String(i).padStart(7, '0')}`),
      );
    },
  );

  it.each([
    ['hdfc.xlsx', 'HDFC'],
    ['sbi.xlsx', 'SBI'],
  ])(
    '%s (Excel, dates and amounts as the spreadsheet holds them): the same lines as the CSV, none added twice',
    async (file, bank) => {
      const before = await lineCount();
      const res = await upload(t, owner.token, fixture(file), XLSX);
      expect(res.status).toBe(201);
      expect(res.body.data).toMatchObject({
        bank,
        rows: 9,
        credits: 6,
        debits: 3,
        fileType: 'xlsx',
        newRows: 0,
      });
      expect(await lineCount()).toBe(before);
    },
  );
});

describe('the same or an overlapping statement', () => {
  const txns = fixtureTxns('hdfc').map((x) => (x.utr ? { ...x, utr: `7${x.utr.slice(1)}` } : x));
  it('the same file again answers its statement and adds nothing', async () => {
    const csv = hdfcCsv(txns, '2026-11-23', '2026-11-27', 5_000_000);
    const first = await upload(t, owner.token, csv);
    expect(first.status).toBe(201);
    const count = await lineCount();
    const again = await upload(t, owner.token, csv);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('This statement was uploaded before');
    expect(again.body.data).toMatchObject({ _id: first.body.data._id, duplicate: true, newRows: 9 });
    expect(await lineCount()).toBe(count);
  });

  it('an overlapping period stores only the lines not seen before', async () => {
    const early = txns
      .filter((x) => x.date <= '2026-11-25')
      .map((x) => ({ ...x, utr: x.utr && `8${x.utr.slice(1)}` }));
    const late = txns
      .filter((x) => x.date >= '2026-11-24')
      .map((x) => ({ ...x, utr: x.utr && `8${x.utr.slice(1)}` }));
    const before = await lineCount();
    const a = await upload(t, owner.token, hdfcCsv(early, '2026-11-23', '2026-11-25', 7_000_000));
    expect(a.body.data).toMatchObject({ rows: 6, newRows: 6 });
    // The second statement starts on the 24th: its opening balance is the first's balance before that day.
    const opening = 7_000_000 + 100_052 - 25_000;
    const b = await upload(t, owner.token, hdfcCsv(late, '2026-11-24', '2026-11-27', opening));
    expect(b.status).toBe(201);
    expect(b.body.data).toMatchObject({ rows: 7, newRows: 3, from: '2026-11-24', to: '2026-11-27' });
    expect(await lineCount()).toBe(before + 9);
  });

  it('a statement that stops before its stated period ends still covers the period (a quiet last day)', async () => {
    const csv = hdfcCsv([upiIn('2026-11-20', 12_345, '620000000001')], '2026-11-19', '2026-11-21');
    expect((await upload(t, owner.token, csv)).body.data).toMatchObject({
      from: '2026-11-19',
      to: '2026-11-21',
    });
  });
});

describe('what is refused', () => {
  it('a file that is no bank statement, with the banks it knows', async () => {
    const res = await upload(t, owner.token, 'Date,Description,Amount\n28/11/26,Tea,20.00\n');
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('HDFC, SBI, ICICI, Axis, Kotak');
  });

  it('an amount with three decimals, with its line, and nothing stored', async () => {
    const before = await lineCount();
    const csv = hdfcCsv([upiIn('2026-11-26', 50_037, '640000000001')], '2026-11-26', '2026-11-26').replace(
      '500.37',
      '500.375',
    );
    const res = await upload(t, owner.token, csv);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Line 9: the amount "500.375" cannot be read for sure/);
    expect(await lineCount()).toBe(before);
  });

  it('a line dated after today (28 Nov on the clock)', async () => {
    const res = await upload(
      t,
      owner.token,
      hdfcCsv([upiIn('2026-11-29', 100, '640000000002')], '2026-11-29', '2026-11-29'),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('after today');
  });

  it('another content type (415), an empty body, a non-zip called xlsx', async () => {
    expect((await upload(t, owner.token, '{}', 'application/json')).status).toBe(415);
    expect((await upload(t, owner.token, '', 'text/csv')).status).toBe(400);
    const fake = await upload(t, owner.token, 'Date,Narration', XLSX);
    expect(fake.status).toBe(400);
    expect(fake.body.message).toContain('not an Excel .xlsx spreadsheet');
  });

  it('a spreadsheet that unpacks to more than 32 MB (a zip bomb), refused before it is read', async () => {
    const bomb = zipSync({ 'xl/worksheets/sheet1.xml': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(256 * 1024);
    const res = await upload(t, owner.token, bomb, XLSX);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('unpacks to more than 32 MB');
  });

  it('a body over the body limit (413)', async () => {
    const res = await upload(t, owner.token, 'x'.repeat(300 * 1024));
    expect(res.status).toBe(413);
  });

  it('staff cannot upload (owners only), and nobody without a token', async () => {
    const staff = await createAdmin(t, undefined, 'staff');
    expect((await upload(t, staff.token, fixture('hdfc.csv').toString())).status).toBe(403);
    expect((await upload(t, '', fixture('hdfc.csv').toString())).status).toBe(401);
  });
});

describe('a statement written newest first (some exports)', () => {
  it('is read the same, its balances followed in the order the bank wrote them', async () => {
    const txns = fixtureTxns('axis').map((x) => (x.utr ? { ...x, utr: `9${x.utr.slice(1)}` } : x));
    const rows = statementRows('axis', txns, FIXTURE_PERIOD);
    const header = rows.findIndex((r) => r[0] === 'Tran Date');
    const lines = rows.slice(header + 2, header + 11).reverse();
    const reversed = [...rows.slice(0, header + 2), ...lines, ...rows.slice(header + 11)];
    const res = await upload(t, owner.token, await toXlsx(reversed), XLSX);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ bank: 'Axis', rows: 9, opened: expect.any(Number) });
    const breaks = await t.db.query(
      `SELECT 1 FROM reconciliation_exceptions WHERE kind = 'balance-break' AND statement_id = $1`,
      [res.body.data._id],
    );
    expect(breaks.rows).toHaveLength(0);
    expect(toCsv(reversed)).toContain('UPI/P2A/');
  });
});
