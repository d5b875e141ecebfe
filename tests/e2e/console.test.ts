import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SECOND_OWNER } from '../../scripts/bench/helpers.mjs';
import { call, postOnce } from './api';
import { createGame, type E2eGame, newPlayer } from './bidding-harness';
import { type Browser, launchBrowser, screenshot } from './browser';

// The operator console at /admin in Chromium (issue 12): an operator signs in, declares a result
// after its exposure preview and the player's win arrives, approves a withdrawal, blocks a player,
// and the audit log shows all three.

let browser: Browser;
let page: Page;
let game: E2eGame;
let bettor: Awaited<ReturnType<typeof newPlayer>>;
let withdrawer: Awaited<ReturnType<typeof newPlayer>>;
let blocked: Awaited<ReturnType<typeof newPlayer>>;

type Data<T> = { data: T };
const balanceOf = async (token: string) =>
  (await call<Data<{ balance: number }>>('GET', 'user/user-details', { token })).body.data.balance;

const post = postOnce;

beforeAll(async () => {
  game = await createGame('main', `CONSOLE ${Date.now().toString(36).toUpperCase()}`);
  bettor = await newPlayer();
  withdrawer = await newPlayer();
  expect(
    (await post('user/withdrawal/methods', withdrawer.token, { method: 'gpay', phoneNumber: '9876543210' }))
      .status,
  ).toBeLessThan(300);
  const w = await post('user/withdrawal', withdrawer.token, { amount: 500, method: 'gpay' });
  expect(w.status, JSON.stringify(w.body)).toBe(201);
  blocked = await newPlayer();
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 1280, height: 800 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('the operator console', () => {
  it('signs the operator in with the admin credentials', async () => {
    await page.goto('/admin');
    await page.getByLabel('Username').fill(inject('admin').username);
    await page.getByLabel('Password').fill(inject('admin').password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByText('Bids today', { exact: true }).waitFor();
    await page.getByText('Players online (5 min)').waitFor();
    await page.getByRole('table', { name: 'Bids by market' }).waitFor();
    await screenshot(page, 'console-dashboard');
  });

  it('schedules a market: created in the console, closed on a weekday, open today; bids come in', async () => {
    const name = `CONSOLE NEW ${Date.now().toString(36).toUpperCase()}`;
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Markets' }).click();
    await page.getByText('Add a main market').click();
    await page.getByLabel('New market name').fill(name);
    await page.getByLabel('Opens', { exact: true }).fill(game.openTime);
    await page.getByLabel('Closes', { exact: true }).fill(game.closeTime as string);
    await page.getByRole('button', { name: 'Create market' }).click();
    await page.getByText(`${name} created`).waitFor();
    // Found by name, opened, a weekday unticked: nothing changes until the question is answered.
    await page.getByLabel('Find a market').fill(name);
    const card = page.getByRole('listitem', { name });
    await card.locator('summary').click();
    // Tomorrow's weekday in the market's zone: the market stays open today, whatever day the suite
    // runs on, so the bid below is taken.
    const tomorrow = (style: 'long' | 'short') =>
      new Intl.DateTimeFormat('en-US', { weekday: style, timeZone: inject('marketTz') }).format(
        new Date(Date.now() + 86_400_000),
      );
    const day = tomorrow('long').toLowerCase();
    const short = tomorrow('short');
    const weekday = card.getByLabel(`${name} open on ${day}`);
    await weekday.click();
    await card.getByRole('button', { name: `Save weekdays of ${name}` }).click();
    const ask = page.getByRole('alertdialog');
    expect(await ask.textContent()).toContain(
      `Closed from now on: ${short} (players cannot bid on it those days)`,
    );
    await ask.getByRole('button', { name: 'Save weekdays' }).click();
    // The outcome stays in view at the top of the screen, and the box follows the server.
    await page.getByRole('status').getByText(`${name}: closed on ${short}`).waitFor();
    await expect.poll(() => weekday.isChecked()).toBe(false);
    await screenshot(page, 'console-markets');
    const list = await call<
      Data<Array<{ _id: string; gameName: string; schedule: Record<string, { marketStatus: boolean }> }>>
    >('GET', 'admin/main-games');
    const created = list.body.data.find((g) => g.gameName === name);
    expect(created?.schedule[day]?.marketStatus).toBe(false);
    // The player bids on the market the console made (the declaration below is on it).
    game = { ...game, id: created?._id as string, name };
    const bid = await post('user/main/bids', bettor.token, {
      bids: [{ game: game.id, gameType: 'single-digit', session: 'Open', openDigit: '6', amount: 10 }],
    });
    expect(bid.status, JSON.stringify(bid.body)).toBe(201);
  });

  it('declares a result after its preview, and the player is paid what the preview said', async () => {
    const before = await balanceOf(bettor.token);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Results' }).click();
    // Screens are lazy chunks: the Markets screen stays until Results has loaded, so ask for the
    // Results screen's own control (a select), not any label containing "Market".
    await page.getByRole('combobox', { name: 'Market', exact: true }).selectOption({ label: game.name });
    await page.getByLabel('Panna').fill('123');
    await page.getByRole('button', { name: 'Preview' }).click();
    // 123 makes open ank 6: the 10-point single digit bet wins 10 x 95 / 10.
    await page.getByText('1 winning bid', { exact: true }).waitFor();
    await page.getByText('pays ₹95').waitFor();
    await page.getByRole('table', { name: 'Most expensive results' }).waitFor();
    // The market's Open session closes later today: the console warns before an early result.
    const early = page.getByRole('alert').filter({ hasText: 'Before its time.' });
    expect(await early.textContent()).toMatch(
      new RegExp(
        `${game.name}'s Open result for \\d+ [A-Z][a-z]{2} is due at .*from now\\. Declaring it early`,
      ),
    );
    await screenshot(page, 'console-preview');
    await page.getByRole('button', { name: 'Declare 123-6 early' }).click();
    // Nothing is paid on the first tap: the question warns, names the result and what it pays.
    const ask = page.getByRole('alertdialog');
    expect(await ask.textContent()).toContain(`${game.name}'s Open result`);
    expect(await ask.textContent()).toContain(`Declare 123-6 for ${game.name}`);
    // Counts in English grammar (issue 49): one bid, one player.
    expect(await ask.textContent()).toContain('1 bid wins and 1 player is paid ₹95 at once');
    await ask.getByRole('button', { name: 'Declare early and pay ₹95' }).click();
    await page.getByText(/Result declared: 1 bid settled, 1 winner, ₹95 paid/).waitFor();
    expect((await balanceOf(bettor.token)) - before).toBe(95);
    // The day's winners list has the bet: market, numbers, stake and win.
    const winners = page.getByRole('table', { name: 'Winners' });
    await winners.getByText(game.name).waitFor();
    expect(await winners.locator('tbody tr').filter({ hasText: game.name }).first().textContent()).toMatch(
      /Single Digit, Open.*6.*₹10.*₹95/,
    );
  });

  it('approves a withdrawal', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Money' }).click();
    await page.getByRole('button', { name: `Approve withdrawal of ${withdrawer.phone}` }).click();
    const ask = page.getByRole('alertdialog');
    expect(await ask.textContent()).toContain('Approve ₹500 to Google Pay 98765 43210 for E2E Bidder');
    await ask.getByRole('button', { name: 'Approve ₹500' }).click();
    await page.getByText(/Withdrawal approved: ₹500/).waitFor();
    const mine = await call<Data<Array<{ status: string }>>>('GET', 'user/withdrawal', {
      token: withdrawer.token,
    });
    expect(mine.body.data[0]?.status).toBe('approved');
  });

  it('blocks a player, who is refused at once', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Players' }).click();
    await page.getByLabel('Phone or name').fill(blocked.phone);
    await page.getByRole('button', { name: 'Search' }).click();
    // Its ledger: the 100,000-point credit the test gave it, with the balance after it.
    await page.getByRole('button', { name: `Ledger of ${blocked.phone}` }).click();
    const ledger = page.getByRole('table', { name: `Ledger of ${blocked.phone}` });
    await ledger.getByText('+₹1,00,000').waitFor();
    await page.getByText(/Last login \d/).waitFor();
    expect(await ledger.locator('tbody tr').first().textContent()).toContain('₹1,00,000');
    await page.getByRole('button', { name: `Block ${blocked.phone}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Block' }).click();
    await page.getByText(`${blocked.phone} blocked`).waitFor();
    expect([401, 403]).toContain((await call('GET', 'user/user-details', { token: blocked.token })).status);
  });

  it('the audit log shows all three, newest first, at phone size too', async () => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    const list = page.getByRole('list', { name: 'Audit log' });
    const spaced = (phone: string) => `${phone.slice(0, 5)} ${phone.slice(5)}`;
    await list.getByText(`Blocked E2E Bidder (${spaced(blocked.phone)})`).waitFor();
    const rows = (await list.locator(':scope > li').allTextContents()).slice(0, 3);
    expect(rows[0]).toContain(`Blocked E2E Bidder (${spaced(blocked.phone)})`);
    expect(rows[1]).toContain(
      `Approved ₹500 to Google Pay 98765 43210 for E2E Bidder (${spaced(withdrawer.phone)})`,
    );
    expect(rows[2]).toMatch(
      new RegExp(`Declared 123 for ${game.name} \\(Open\\) on \\d+ [A-Z][a-z]{2}: 1 winner, ₹95 paid`),
    );
    for (const row of rows) expect(row).toContain(inject('admin').username);
    await screenshot(page, 'console-audit');
    await page.setViewportSize({ width: 360, height: 740 });
    await screenshot(page, 'console-audit-phone');
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('reverts the result with a reason: the win is taken back and the reason is in the audit log', async () => {
    const before = await balanceOf(bettor.token);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Results' }).click();
    await page.getByLabel(`Reason to revert ${game.name}`).fill('Wrong panna typed');
    await page.getByRole('button', { name: `Revert ${game.name}` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revert and take wins back' }).click();
    await page.getByText(/Result reverted: 1 bid back to pending, ₹95 taken back/).waitFor();
    expect(before - (await balanceOf(bettor.token))).toBe(95);
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Audit log' }).click();
    const first = page.getByRole('list', { name: 'Audit log' }).locator(':scope > li').first();
    await first
      .getByText(
        new RegExp(`^Reverted ${game.name}'s result of \\d+ [A-Z][a-z]{2}.*\\("Wrong panna typed"\\)$`),
      )
      .waitFor();
    await first.getByText('Request and raw record').click();
    await page.getByText(/"reason": "Wrong panna typed"/).waitFor();
  });

  it('an owner asks for staff, a second owner approves; staff see no settings or operators; the password is not logged', async () => {
    const username = `desk-${Date.now().toString(36)}`;
    const signInAs = async (name: string, password: string) => {
      await page.getByLabel('Username').fill(name);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign in' }).click();
    };
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Operators' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('desk-pass-123');
    await page.getByRole('button', { name: 'Ask for a new operator' }).click();
    await page.getByText('Waiting for a second owner', { exact: true }).waitFor();
    await page.getByText(`Waiting for a second owner: New operator for ${username}`).waitFor();
    // An account not yet approved is only a request (issue 49): its asker may only reject it.
    const card = page.getByRole('listitem', { name: `Operator ${username}` });
    await expect.poll(() => card.getByRole('button').allTextContents()).toEqual(['Reject']);
    await screenshot(page, 'console-operator-waiting');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInAs(SECOND_OWNER.username, SECOND_OWNER.password);
    // The second owner is told: a count on the menu, a line on the dashboard linking to it.
    const menu = page.getByRole('navigation', { name: 'Console' });
    await menu.getByRole('link', { name: /^Dashboard \d+ waiting for you$/ }).click();
    const told = page
      .getByRole('region', { name: 'Waiting for you' })
      .getByRole('link', { name: /^\d+ operator changes? waits? for your approval$/ });
    await told.waitFor();
    await screenshot(page, 'console-waiting-operator-1280');
    await told.click();
    await page.getByRole('heading', { name: 'Operators' }).waitFor();
    // The heading shows before the list has loaded: wait for the card's buttons.
    await expect.poll(() => card.getByRole('button').allTextContents()).toEqual(['Approve', 'Reject']);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-operator-pending-1280');
    await page.setViewportSize({ width: 360, height: 740 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'console-operator-pending-360');
    await page.setViewportSize({ width: 1280, height: 800 });
    // They approve it from the Money screen's list of what waits for them.
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Money' }).click();
    const waiting = page.getByRole('list', { name: 'Operator changes waiting' });
    await waiting.getByRole('button', { name: `Approve: New operator for ${username}, asked by` }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
    await page.getByText(`Approved: New operator for ${username}`).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await signInAs(username, 'desk-pass-123');
    await page.getByText(`${username} (staff)`).waitFor();
    const nav = page.getByRole('navigation', { name: 'Console' });
    expect(await nav.getByRole('link').allTextContents()).not.toEqual(expect.arrayContaining(['Settings']));
    expect(await nav.getByRole('link', { name: 'Operators' }).count()).toBe(0);
    await nav.getByRole('link', { name: 'Audit log' }).click();
    const created = page
      .getByRole('list', { name: 'Audit log' })
      .locator(':scope > li')
      .filter({ hasText: `Asked to add staff operator ${username} (waits for a second owner)` });
    await created.waitFor();
    await created.getByText('Request and raw record').click();
    await created.getByText(/"password": "\[redacted\]"/).waitFor();
    expect(await created.textContent()).not.toContain('desk-pass-123');
    await screenshot(page, 'console-staff-audit');
    // Content is staff's to run too: the five kinds the player app shows, with what is there now.
    await nav.getByRole('link', { name: 'Content' }).click();
    for (const kind of ['Notices', 'Home banners', 'How-to-play videos', 'Footer links', 'App logos']) {
      await page.getByRole('button', { name: kind, exact: true }).click();
      await page.getByRole('heading', { name: kind }).waitFor();
    }
    await page.getByRole('button', { name: 'Notices', exact: true }).click();
    const notices = await call<Data<Array<{ title: string }>>>('GET', 'notices');
    const first = notices.body.data[0]?.title;
    if (first) await page.getByRole('list', { name: 'Notices' }).getByText(first).first().waitFor();
    await screenshot(page, 'console-content');
  });
});
