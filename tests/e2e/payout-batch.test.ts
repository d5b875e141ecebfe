import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, getAdminToken } from './api';
import { newPlayer } from './bidding-harness';
import { type Browser, launchBrowser, PHONE_VIEWPORT, screenshot, signInToConsole } from './browser';
import { signInAs } from './player';

// Withdrawals paid with proof (issue 48) on a 360x740 phone: the owner downloads the payout batch,
// checks the bank's answer (one payment failed) in a dry run, applies it; a withdrawal is approved
// with its UTR on its card and another gets its UTR later; players in English and Hindi then read
// "Paid on ..., UTR ..." with a Copy button, and the failed one refunded with the bank's reason.

let browser: Browser;
let desk: Page;
let app: Page;
type Player = Awaited<ReturnType<typeof newPlayer>>;
let english: Player;
let hindi: Player;
const ids: Record<string, string> = {};
const UTR = { en: '433240000001', hi: '433240000002', card: '433240000003', later: 'SBIN118240000004' };

type Data<T> = { data: T };

async function withdraw(p: Player, amount: number): Promise<string> {
  const r = await call<Data<{ _id: string }>>('POST', 'user/withdrawal', {
    token: p.token,
    body: { amount, method: 'phonepe' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data._id;
}

/** The player's withdrawal screen, signed in as `p`, in `language`. */
async function withdrawalScreen(p: Player, language: 'en' | 'hi') {
  await signInAs(app, p.token, language);
  await app.goto('/withdrawal');
  await app.locator('.withdrawal-table').waitFor();
}

async function fitsThePhone(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

/** The withdrawal table shows every column at 360 px: it does not scroll sideways either. */
async function tableFits(page: Page) {
  const [scroll, client] = await page
    .locator('.withdrawal-table')
    .evaluate((el) => [el.scrollWidth, el.clientWidth] as const);
  expect(scroll, 'the withdrawal table scrolls sideways').toBeLessThanOrEqual(client);
}

async function atLeast44(page: Page, selector: string) {
  const box = await page.locator(selector).first().boundingBox();
  expect(box?.height, `${selector} height`).toBeGreaterThanOrEqual(44);
  expect(box?.width, `${selector} width`).toBeGreaterThanOrEqual(44);
}

beforeAll(async () => {
  browser = await launchBrowser();
  app = await browser.context.newPage();
  desk = await browser.context.newPage();
  english = await newPlayer();
  hindi = await newPlayer();
  for (const p of [english, hindi])
    await call('POST', 'user/withdrawal/methods', {
      token: p.token,
      body: { method: 'phonepe', phoneNumber: '9302101538' },
    });
  ids.enPaid = await withdraw(english, 210);
  ids.enFailed = await withdraw(english, 120);
  ids.hiPaid = await withdraw(hindi, 230);
  ids.hiFailed = await withdraw(hindi, 140);
  await signInToConsole(desk);
  const nav = desk.getByRole('navigation', { name: 'Console' });
  if (!(await nav.isVisible())) await desk.getByRole('button', { name: /^Menu/ }).click();
  await nav.getByRole('link', { name: 'Money', exact: true }).click();
  await desk.getByRole('heading', { level: 1, name: 'Money' }).waitFor();
}, 300_000);

afterAll(async () => {
  await browser?.close();
});

describe('paying withdrawals with a bank batch', () => {
  it('the owner downloads the batch: one row per waiting withdrawal, ours among them', async () => {
    const batch = desk.getByRole('region', { name: 'Pay by bank batch' });
    await batch.waitFor();
    await screenshot(desk, 'payout-batch');
    const [download] = await Promise.all([
      desk.waitForEvent('download'),
      batch.getByRole('button', { name: 'Download the batch (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^payouts-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await download.path()) as string, 'utf8');
    expect(text.split('\r\n')[0]).toBe('reference,name,method,vpa,account,ifsc,amount,phone');
    for (const id of Object.values(ids)) expect(text).toContain(`${id},`);
    expect(text).toContain(`${ids.enPaid},E2E Bidder,phonepe,,,,210.00,9302101538`);
    await batch.getByText(/^Saved payouts-.*withdrawals? to pay/).waitFor();
  });

  it("checks the bank's answer in a dry run, then applies it: two paid, two failed", async () => {
    const answer = [
      'reference,status,utr,bank remarks',
      `${ids.enPaid},paid,${UTR.en},Success`,
      `${ids.enFailed},failed,,Account closed`,
      `${ids.hiPaid},paid,${UTR.hi},Success`,
      `${ids.hiFailed},failed,,Invalid VPA`,
    ].join('\r\n');
    const batch = desk.getByRole('region', { name: 'Pay by bank batch' });
    await batch
      .getByLabel("The bank's answer (CSV)")
      .setInputFiles({ name: 'bank-answer.csv', mimeType: 'text/csv', buffer: Buffer.from(answer) });
    await batch.getByRole('button', { name: 'Check bank-answer.csv' }).click();
    const dry = batch.getByRole('region', { name: 'Dry run' });
    await dry
      .getByText(
        'If applied: 2 paid, 2 failed and refunded, 0 waiting for a second owner, 0 already decided (unchanged), 0 with problems.',
      )
      .waitFor();
    const rows = dry.getByRole('list', { name: 'What the file would do' }).getByRole('listitem');
    expect(await rows.count()).toBe(4);
    expect(await rows.nth(0).textContent()).toContain(`→ paid, UTR ${UTR.en}`);
    expect(await rows.nth(1).textContent()).toContain('→ failed: refunded');
    // Nothing moved yet.
    const before = await call<Data<Array<{ _id: string; status: string }>>>('GET', 'user/withdrawal', {
      token: english.token,
    });
    expect(before.body.data.find((w) => w._id === ids.enPaid)?.status).toBe('pending');
    await dry.scrollIntoViewIfNeeded();
    await screenshot(desk, 'payout-batch-dry-run');
    await fitsThePhone(desk, 'the Money screen with a dry run');
    await atLeast44(desk, '.payout-batch input[type=file]');
    await dry.getByRole('button', { name: "Apply the bank's answer" }).click();
    const confirm = desk.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain(
      '2 withdrawals become paid with their UTR, 2 failed ones are refunded',
    );
    await screenshot(desk, 'payout-batch-confirm');
    await confirm.getByRole('button', { name: 'Apply' }).click();
    const applied = batch.getByRole('region', { name: 'Applied' });
    await applied.getByText(/^2 paid, 2 failed and refunded/).waitFor();
    await desk
      .getByRole('status')
      .getByText(/^Bank answer applied: 2 paid/)
      .waitFor();
    await applied.scrollIntoViewIfNeeded();
    await screenshot(desk, 'payout-batch-applied');
    await fitsThePhone(desk, 'the Money screen after the import');
  });

  it('a card approves with the UTR typed, and an approved one gets its UTR later', async () => {
    const card = await withdraw(english, 55);
    const later = await withdraw(english, 65);
    await desk.reload();
    const phone = english.phone;
    const cardItem = desk.getByRole('listitem', { name: /^Withdrawal of ₹55 for E2E Bidder/ }).filter({
      hasText: phone.slice(5),
    });
    await cardItem.getByLabel(`UTR of the payment to ${phone}`).fill(UTR.card);
    await atLeast44(desk, '.withdrawal-card .actions input');
    await cardItem.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await screenshot(desk, 'payout-card-approve-utr');
    await cardItem
      .getByRole('button', { name: `Approve withdrawal of ${phone}` })
      .first()
      .click();
    const dialog = desk.getByRole('alertdialog');
    expect(await dialog.textContent()).toContain(`with UTR ${UTR.card}`);
    await dialog.getByRole('button', { name: 'Approve ₹55' }).click();
    await desk
      .getByText(`Withdrawal approved: ₹55 to PhonePe 93021 01538 for E2E Bidder`, { exact: false })
      .waitFor();
    await call('POST', `admin/withdrawals/${later}/approve`, { token: await getAdminToken(), body: {} });
    await desk.getByLabel('Show').selectOption('approved');
    const laterItem = desk.getByRole('listitem', { name: /^Withdrawal of ₹65 for E2E Bidder/ }).filter({
      hasText: phone.slice(5),
    });
    await laterItem.getByText('no UTR yet').waitFor();
    await laterItem.getByLabel(`UTR paid to ${phone}`, { exact: true }).fill(UTR.later.toLowerCase());
    await laterItem.getByRole('button', { name: `Add the UTR paid to ${phone}` }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: 'Save UTR' }).click();
    await desk.getByText(`UTR ${UTR.later} saved for the ₹65 paid to`, { exact: false }).waitFor();
    await laterItem.getByText(`UTR ${UTR.later}`).waitFor();
    await laterItem.scrollIntoViewIfNeeded();
    await screenshot(desk, 'payout-card-utr-later');
    const mine = await call<Data<Array<{ _id: string; payoutUtr: string | null }>>>(
      'GET',
      'user/withdrawal',
      {
        token: english.token,
      },
    );
    expect(mine.body.data.find((w) => w._id === card)?.payoutUtr).toBe(UTR.card);
    expect(mine.body.data.find((w) => w._id === later)?.payoutUtr).toBe(UTR.later);
  });

  it('the English player reads "Paid on ..., UTR ..." with a Copy button, and the failed one refunded', async () => {
    await withdrawalScreen(english, 'en');
    const table = app.locator('.withdrawal-table');
    await table.getByText(`UTR ${UTR.en}`).waitFor();
    expect(await table.textContent()).toMatch(/Paid on \d{2} [A-Z][a-z]{2}, \d{2}:\d{2} [AP]M/);
    await table.getByText('Reason: Payment failed at the bank').waitFor();
    const copy = app.getByRole('button', { name: `Copy UTR ${UTR.en}` });
    await atLeast44(app, '.withdrawal-copy');
    await app.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await copy.click();
    await app.getByText('UTR copied').waitFor();
    expect(await app.evaluate(() => navigator.clipboard.readText())).toBe(UTR.en);
    await table.getByText(`UTR ${UTR.en}`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(app, 'payout-player-en');
    await fitsThePhone(app, 'the withdrawal screen');
    await tableFits(app);
    // 100000 credited, 210 + 120 + 55 + 65 held, the failed 120 refunded.
    const me = await call<Data<{ balance: number }>>('GET', 'user/user-details', { token: english.token });
    expect(me.body.data.balance).toBe(100000 - 210 - 55 - 65);
  });

  it('the Hindi player reads it in Hindi, the bank failure included', async () => {
    await withdrawalScreen(hindi, 'hi');
    const table = app.locator('.withdrawal-table');
    await table.getByText(`UTR ${UTR.hi}`).waitFor();
    expect(await table.textContent()).toMatch(/\d{2} \S+, \d{2}:\d{2} [AP]M को पैसा भेजा गया/);
    await table.getByText('कारण: बैंक में पेमेंट फ़ेल हो गया').waitFor();
    expect(await table.textContent()).not.toMatch(/Paid on|Payment failed/);
    await app.getByRole('button', { name: `UTR ${UTR.hi} कॉपी करें` }).waitFor();
    await table.getByText(`UTR ${UTR.hi}`).evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await screenshot(app, 'payout-player-hi');
    await fitsThePhone(app, 'the Hindi withdrawal screen');
    await tableFits(app);
    const me = await call<Data<{ balance: number }>>('GET', 'user/user-details', { token: hindi.token });
    expect(me.body.data.balance).toBe(100000 - 230);
  });
});
