import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPgliteDb } from '../../server/db/pglite';
import { statementRows, toCsv } from '../fixtures/bank-statements/make';
import { call, getAdminToken, uniquePhone, useServer } from './api';
import { type Browser, launchBrowser, screenshot, signInToConsole } from './browser';
import { startServer } from './global-setup';
import { loginPlayer, registerPlayer } from './player';

// Every automatic credit checked against the bank (issue 44), in Chromium. Two UPI deposits are
// credited by forwarded bank messages, one of them forged (the bank never received it). Two days
// later (the test moves the credits back two days in the stopped server's database, as if they
// had been made then) the owner uploads the bank's statement, which shows the genuine payment and
// not the forged one: the console's Bank statements screen shows the exception in words at 360 px,
// the watchdog reports it, and resolving it with a note is audited. A withdrawal paid the same day
// with a UTR the statement does not show is a card too, in words.
const SECRET = 'e2e-statement-secret-0123456789';
const ENV = {
  PAYMENT_PROVIDER: 'upi',
  UPI_VPA: 'matka.shop@okaxis',
  UPI_PAYEE_NAME: 'Matka Shop',
  UPI_AUTO_MATCH: 'true',
  PAYMENT_NOTIFY_SECRET: SECRET,
  UPI_NOTIFY_SENDERS: 'HDFCBK',
  WATCHDOG_INTERVAL_MS: '2000',
};
const base = Date.now() % 1_000_000;
const GENUINE = `63${String(base).padStart(6, '0')}0001`;
const FORGED = `63${String(base).padStart(6, '0')}0002`;
const PAYOUT = `63${String(base).padStart(6, '0')}0003`;
const player = { name: 'Statement Player', phone: uniquePhone(), password: 'secret12' };

let runDir: string;
let server: { baseUrl: string; stop: () => Promise<void> };
let browser: Browser;
let paid: { genuine: number; forged: number };

/** The calendar day of an instant in the market's zone (YYYY-MM-DD). */
const dayOf = (t: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: inject('marketTz') }).format(new Date(t));

async function forward(text: string) {
  const r = await fetch(`${server.baseUrl}/api/payment/notify/${SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ from: 'AD-HDFCBK', text }),
  });
  return ((await r.json()) as { data: { outcome: string } }).data.outcome;
}

/** A UPI order of `amount` by the signed-in player, paid and credited by a bank message with `utr`. */
async function creditedDeposit(page: Page, amount: number, utr: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const r = await fetch(`${server.baseUrl}/api/v1/user/fund`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ amount }),
  });
  const pay = ((await r.json()) as { data: { payAmount: number } }).data.payAmount;
  const sms = `Rs. ${pay.toFixed(2)} credited to HDFC Bank A/c XX1234 from VPA rahul@okaxis (UPI ${utr})`;
  expect(await forward(sms)).toBe('matched');
  return Math.round(pay * 100);
}

beforeAll(async () => {
  runDir = mkdtempSync(join(tmpdir(), 'matka-e2e-statements-'));
  const dataDir = join(runDir, 'data');
  server = await startServer(inject('marketTz'), ENV, { dataDir });
  useServer(server.baseUrl);
  const first = await launchBrowser();
  const page = await first.context.newPage();
  await registerPlayer(page, player);
  await loginPlayer(page, player.phone, player.password);
  paid = {
    genuine: await creditedDeposit(page, 1000, GENUINE),
    forged: await creditedDeposit(page, 500, FORGED),
  };
  // A withdrawal paid with a UTR that the statement will not show.
  const token = (await page.evaluate(() => localStorage.getItem('token'))) as string;
  await call('POST', 'user/withdrawal/methods', {
    token,
    body: { method: 'phonepe', phoneNumber: player.phone },
  });
  const asked = await call<{ data: { _id: string } }>('POST', 'user/withdrawal', {
    token,
    body: { amount: 300, method: 'phonepe' },
  });
  // Signed in here, not through getAdminToken: its token would outlive this server.
  const login = await call<{ token: string }>('POST', 'admin/login', { body: inject('admin') });
  const approved = await call('POST', `admin/withdrawals/${asked.body.data._id}/approve`, {
    token: login.body.token,
    body: { utr: PAYOUT },
  });
  expect(approved.status).toBe(200);
  await first.close();
  await server.stop();
  // Two days pass: the deposits were credited (and their messages received) two days ago.
  const db = await createPgliteDb({ dataDir });
  await db.query(`UPDATE payment_notifications SET received_at = received_at - interval '2 days'`);
  await db.query(`UPDATE ledger SET created_at = created_at - interval '2 days' WHERE kind = 'fund'`);
  await db.query(
    `UPDATE withdrawals SET paid_at = paid_at - interval '2 days', decided_at = decided_at - interval '2 days',
            updated_at = updated_at - interval '2 days' WHERE status = 'approved'`,
  );
  await db.close();
  server = await startServer(inject('marketTz'), ENV, { dataDir });
  useServer(server.baseUrl);
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (runDir) rmSync(runDir, { recursive: true, force: true });
});

describe('a forged credit found by the bank statement, in Chromium', () => {
  it('the owner uploads the statement at 360 px and the forged credit waits as a card in words', async () => {
    const credited = dayOf(Date.now() - 2 * 86_400_000);
    const next = dayOf(Date.now() - 86_400_000);
    const csv = toCsv(
      statementRows(
        'hdfc',
        [
          {
            date: credited,
            kind: 'upi-in',
            amount: paid.genuine,
            name: 'Statement Player',
            vpa: 'rahul@okaxis',
            utr: GENUINE,
          },
          { date: next, kind: 'neft-in', amount: 2_500_000 },
          { date: next, kind: 'charge', amount: 1770 },
        ],
        { opening: 10_000_000, from: credited, to: next },
      ),
    );
    const page = await browser.context.newPage();
    await signInToConsole(page);
    await page.getByRole('button', { name: /^Menu/ }).click();
    await page
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Bank statements' })
      .click();
    await page.getByRole('heading', { name: 'Bank statements' }).waitFor();
    await page.getByLabel('Statement file (CSV or Excel .xlsx)').setInputFiles({
      name: 'hdfc-statement.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByRole('button', { name: 'Upload statement' }).click();
    await page.getByText(/HDFC statement, .* 3 lines: 2 credits .*2 new exceptions\./).waitFor();
    const cards = page.getByRole('list', { name: 'Open exceptions' });
    const card = cards.getByRole('listitem').filter({ hasText: 'Credited, but not in the bank statement' });
    await card.waitFor();
    const text = (await card.textContent()) ?? '';
    expect(text).toContain(
      `credited to Statement Player (${player.phone.slice(0, 5)} ${player.phone.slice(5)}) by a bank message on`,
    );
    expect(text).toContain(`no statement shows UTR ${FORGED}`);
    expect(text).not.toContain(GENUINE);
    // Words, not records: no raw ids or JSON on the card.
    expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-|[{}]/);
    const payout = cards.getByRole('listitem').filter({ hasText: 'Paid out, but not in the bank statement' });
    expect(await payout.textContent()).toMatch(
      new RegExp(
        `₹300 paid to Statement Player \\(\\d{5} \\d{5}\\) on .* with UTR ${PAYOUT}: no statement shows this debit`,
      ),
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Every control of the screen is a 44 px touch target.
    const small = await page
      .locator('.bank-statements button, .bank-statements select, .bank-statements input')
      .evaluateAll((els) =>
        els
          .filter((e) => (e as HTMLElement).getBoundingClientRect().height < 44)
          .map((e) => e.outerHTML.slice(0, 80)),
      );
    expect(small).toEqual([]);
    await screenshot(page, 'bank-statements-360');
    await card.screenshot({ path: 'test-results/screenshots/bank-statements-card-360.png' });
    await payout.screenshot({ path: 'test-results/screenshots/bank-statements-payout-card-360.png' });
  });

  it('the watchdog reports it as statement-exception', async () => {
    const token = await getAdminToken();
    let found: { kind: string; detail: string } | undefined;
    for (let i = 0; i < 60 && !found; i++) {
      const r = await call<{ data: { findings: Array<{ kind: string; detail: string }> } }>(
        'GET',
        'admin/watchdog',
        { token },
      );
      found = r.body.data.findings.find((f) => f.kind === 'statement-exception' && f.detail.includes(FORGED));
      if (!found) await new Promise((res) => setTimeout(res, 500));
    }
    expect(found?.detail).toContain(`no statement shows UTR ${FORGED}`);
  });

  it('the owner resolves it with a note; the card closes and the audit log has it', async () => {
    const page = browser.context.pages().at(-1) as Page;
    const card = page
      .getByRole('list', { name: 'Open exceptions' })
      .getByRole('listitem')
      .filter({ hasText: FORGED });
    await card
      .getByLabel('What you found')
      .fill('Not in the bank app: forged SMS. Amount taken back, player blocked.');
    await card.getByRole('button', { name: 'Resolve' }).click();
    await page.getByRole('alertdialog').getByText('with your note? The audit log keeps it.').waitFor();
    await screenshot(page, 'bank-statements-resolve-360');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Resolve' }).click();
    await page.getByText('Resolved: Credited, but not in the bank statement').waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByLabel('Show').selectOption('resolved');
    const closed = page
      .getByRole('list', { name: 'Closed exceptions' })
      .getByRole('listitem')
      .filter({ hasText: FORGED });
    await closed.getByText('Not in the bank app: forged SMS.', { exact: false }).waitFor();
    await screenshot(page, 'bank-statements-closed-360');
    const token = await getAdminToken();
    type Row = { status: number; request: { note?: string } | null; after: { status?: string } | null };
    const resolved = await call<{ data: Row[] }>('GET', 'admin/audit-log?action=exception-resolve', {
      token,
    });
    expect(resolved.body.data[0]).toMatchObject({
      status: 200,
      request: { note: 'Not in the bank app: forged SMS. Amount taken back, player blocked.' },
      after: { status: 'resolved' },
    });
    // The watchdog's finding clears on its next pass.
    let still = true;
    for (let i = 0; i < 60 && still; i++) {
      const r = await call<{ data: { findings: Array<{ detail: string }> } }>('GET', 'admin/watchdog', {
        token,
      });
      still = r.body.data.findings.some((f) => f.detail.includes(FORGED));
      if (still) await new Promise((res) => setTimeout(res, 500));
    }
    expect(still).toBe(false);
    const uploads = await call<{ data: Row[] }>('GET', 'admin/audit-log?action=statement-upload', { token });
    expect(uploads.body.data.map((a) => a.status)).toContain(201);
    // The console's audit log names the action in words.
    await page.goto('/admin/audit');
    await page
      .getByRole('list', { name: 'Audit log' })
      .getByText('Resolved "Credited, but not in the bank statement"', { exact: false })
      .first()
      .waitFor();
    await screenshot(page, 'bank-statements-audit-360');
  });
});
