import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from './api';
import {
  context,
  createGame,
  type E2eGame,
  openMarket,
  player,
  shot,
  startStack,
  stopStack,
} from './bidding-harness';

// Responsible play in Chromium at 360x740 (issue 20): the screen one tap from the side menu and
// from Add Fund, a deposit limit hit on Add Fund, a stake limit hit on a bid screen, a time-out
// that every bid button names, the reality check after a moved clock, and the points-mode app
// with no Add Fund or Withdrawal anywhere.

let game: E2eGame;
let page: Page;

beforeAll(async () => {
  await startStack();
  game = await createGame('main', `E2E RP ${Date.now().toString(36).toUpperCase()}`);
  page = await openMarket(game);
}, 180_000);
afterAll(stopStack);

/** Lets the drawer slide shut and a toast slide in before a screenshot. */
const settle = (p: Page) => p.waitForTimeout(500);

async function setLimit(label: string, value: string) {
  await page.goto('/responsible-play');
  await page.getByLabel(label, { exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save limits' }).click();
  await page.getByText('Your limits were saved').first().waitFor();
}

async function bidTen(p: Page) {
  await p.goto('/market');
  await p.getByRole('link', { name: 'Single Digit', exact: true }).click();
  await p.waitForURL('**/single-digit');
  await p.getByLabel('Amount for 3', { exact: true }).fill('20');
}

describe('responsible play in Chromium', () => {
  it('is one tap from the side menu', async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('link', { name: 'Responsible Play' })
      .click();
    await page.waitForURL('**/responsible-play');
    await page.getByRole('heading', { name: 'Your limits' }).waitFor();
    await settle(page);
    await shot(page, 'responsible-play');
  });

  it('a deposit limit: set it, see it, hit it on Add Fund', async () => {
    await setLimit('Deposit limit per day', '1000');
    expect(await page.getByText('₹0 of ₹1,000 used').isVisible()).toBe(true);
    await settle(page);
    await shot(page, 'responsible-play-limit-set');
    await page.goto('/payment');
    const link = page.getByRole('link', { name: 'Set a deposit limit (Responsible Play)' });
    expect(await link.getAttribute('href')).toBe('/responsible-play');
    await page.getByLabel('Enter Amount').fill('5000');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page
      .getByText(/^Deposit limit reached: you can add ₹1,000 more until \d\d \w{3}, 12:00 AM$/)
      .first()
      .waitFor();
    await settle(page);
    await shot(page, 'add-fund-deposit-limit');
    expect(page.url()).toMatch(/\/payment$/);
  });

  it('a daily stake limit: hit it on a bid screen', async () => {
    await setLimit('Daily stake limit', '10');
    await bidTen(page);
    await page.getByRole('button', { name: 'See Bids', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit', exact: true }).click();
    await page
      .getByText(/^Daily stake limit reached: you can bid ₹10 more until/)
      .first()
      .waitFor();
    await settle(page);
    await shot(page, 'bid-stake-limit');
  });

  it('a time-out: every bid button says why', async () => {
    await page.goto('/responsible-play');
    await page.getByRole('button', { name: '1 day', exact: true }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.textContent()).toMatch(
      /You will not be able to bid or add funds until \w+day, \d+ \w+ \d{4}/,
    );
    await shot(page, 'time-out-confirm');
    await dialog.getByRole('button', { name: 'Yes, pause my account' }).click();
    await page.locator('.rp-paused').filter({ hasText: 'your account is paused until' }).waitFor();
    await shot(page, 'responsible-play-paused');
    await bidTen(page);
    const button = page.locator('.bid-submit');
    await expect
      .poll(() => button.textContent())
      .toMatch(/^Your account is paused until \d\d \w{3} \d{4}, \d\d:\d\d [AP]M$/);
    expect(await button.isDisabled()).toBe(true);
    await shot(page, 'bid-screen-paused');
    const direct = await call('POST', 'user/fund', { token: player.token, body: { amount: 100 } });
    expect(direct.status).toBe(403);
  });

  it('the reality check comes after an hour of play (a moved clock) with Continue and Log out', async () => {
    const p = await context.newPage();
    await p.clock.install();
    await p.goto('/home');
    await p.getByRole('heading', { name: /./ }).first().waitFor();
    await p.clock.fastForward(61 * 60_000);
    const dialog = p.getByRole('dialog', { name: 'Reality check' });
    await dialog.waitFor({ timeout: 20_000 });
    expect(await dialog.textContent()).toMatch(/You have been playing for 1 h 0\d min/);
    expect(await dialog.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    await shot(p, 'reality-check');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.waitFor({ state: 'detached' });
    await p.close();
  });

  it('points mode: no Add Fund or Withdrawal anywhere, and no cash value said', async () => {
    const p = await context.newPage();
    await p.route('**/api/v1/config', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ status: true, data: { marketTz: 'Asia/Kolkata', moneyMode: 'points' } }),
      }),
    );
    await p.goto('/home');
    await p.getByRole('navigation', { name: 'Quick actions' }).waitFor();
    await expect.poll(() => p.getByText('Points have no cash value').count()).toBeGreaterThan(0);
    expect(await p.getByRole('link', { name: 'Add Fund' }).count()).toBe(0);
    expect(await p.getByRole('link', { name: 'Withdrawal' }).count()).toBe(0);
    await shot(p, 'points-home');
    await p.getByRole('button', { name: 'Open menu' }).click();
    const menu = p.getByRole('navigation', { name: 'Main menu' });
    expect(await menu.getByRole('link', { name: 'Add Fund' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Withdrawal' }).count()).toBe(0);
    expect(await menu.getByRole('link', { name: 'Responsible Play' }).count()).toBe(1);
    await settle(p);
    await shot(p, 'points-menu');
    await menu.getByRole('link', { name: 'Wallet' }).click();
    await p.waitForURL('**/wallet');
    await p.getByText('Transaction History').waitFor();
    await settle(p);
    expect(await p.getByRole('link', { name: 'Add Fund' }).count()).toBe(0);
    expect(await p.getByText('Points have no cash value').count()).toBeGreaterThan(0);
    await shot(p, 'points-wallet');
    await p.goto('/profile');
    await p.getByText('Current Balance').waitFor();
    expect(await p.getByRole('link', { name: 'Withdrawal' }).count()).toBe(0);
    await shot(p, 'points-profile');
    await p.goto('/payment');
    // Here the guard has been seen to judge by a mode still 'real' (the screen opened: Add Fund in
    // points mode); the screen itself now leaves for the wallet once the mode says points. The
    // address is polled: that move is a replaceState, which waitForURL did not see.
    await expect.poll(() => new URL(p.url()).pathname, { timeout: 15_000 }).toBe('/wallet');
    await p.getByText('Transaction History').waitFor();
    await p.close();
  });

  it('operators see the pause and the refusals in the console, read only', async () => {
    const me = await call<{ data: { phone: string } }>('GET', 'user/user-details', { token: player.token });
    // The console writes phones as people do: 98765 43210.
    const phone = `${me.body.data.phone.slice(0, 5)} ${me.body.data.phone.slice(5)}`;
    const p = await context.newPage();
    await p.goto('/admin');
    await p.getByLabel('Username').fill(inject('admin').username);
    await p.getByLabel('Password').fill(inject('admin').password);
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await p.goto('/admin/risk');
    const paused = p.getByRole('list', { name: 'Paused players' });
    await paused.getByText(new RegExp(`${phone}: (On a time-out|Self-excluded) until`)).waitFor();
    const refusals = p.getByRole('list', { name: 'Refusals by limit' });
    await refusals.getByText(new RegExp(`${phone}: Deposit limit per day`)).waitFor();
    await refusals.getByText(new RegExp(`${phone}: Daily stake limit`)).waitFor();
    await p.getByRole('heading', { name: 'Responsible play', exact: true }).scrollIntoViewIfNeeded();
    await shot(p, 'console-responsible-play');
    await p.close();
  });
});
