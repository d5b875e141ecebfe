import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Tables } from '../../src/i18n/core';
import { authEn } from '../../src/i18n/en/auth';
import { biddingEn } from '../../src/i18n/en/bidding';
import { homeEn } from '../../src/i18n/en/home';
import { otpEn } from '../../src/i18n/en/otp';
import { playEn } from '../../src/i18n/en/play';
import { tables as hi } from '../../src/i18n/lang-hi';
import { tables as mr } from '../../src/i18n/lang-mr';
import { call, latestOtp, serverUrl, uniquePhone } from './api';
import { createGame, type E2eGame } from './bidding-harness';
import { type Browser, launchBrowser, screenshot } from './browser';

// Issue 39: what a new player stumbled on in their first hour, walked in Chromium against the real
// server in English, Hindi and Marathi: the sign-up form survives a language change, the wallet's
// lines read in the language (no English in Hindi or Marathi), an offline bid says what happens to
// it (not sent, nothing queued), and a paused player's home says so.

const ENGLISH: Tables = { auth: authEn, bidding: biddingEn, home: homeEn, otp: otpEn, play: playEn };
const LANGS = [
  { lang: 'en', name: 'English', other: 'हिंदी', tables: ENGLISH },
  { lang: 'hi', name: 'हिंदी', other: 'English', tables: hi as unknown as Tables },
  { lang: 'mr', name: 'मराठी', other: 'English', tables: mr as unknown as Tables },
] as const;

let browser: Browser | undefined;
afterAll(async () => {
  await browser?.close();
});

/** Funds, a bid and a cancelled withdrawal, through the API as the player (the wallet's lines). */
async function someActivity(token: string, game: E2eGame): Promise<void> {
  const fund = await call<{ data: { orderId: string } }>('POST', 'user/fund', {
    token,
    body: { amount: 500 },
  });
  expect(fund.status).toBe(201);
  await fetch(`${serverUrl()}/api/payment/checkout/${fund.body.data.orderId}/pay`, {
    method: 'POST',
    redirect: 'manual',
  });
  const bid = await call('POST', 'user/main/bids', {
    token,
    body: {
      bids: [{ game: game.id, gameType: 'single-digit', amount: 10, session: 'Open', openDigit: '7' }],
    },
  });
  expect(bid.status).toBe(201);
  await call('POST', 'user/withdrawal/methods', {
    token,
    body: { method: 'phonepe', phoneNumber: '9302101538' },
  });
  const held = await call<{ data: { _id: string } }>('POST', 'user/withdrawal', {
    token,
    body: { amount: 100, method: 'phonepe' },
  });
  expect(held.status).toBe(201);
  expect((await call('POST', `user/withdrawal/${held.body.data._id}/cancel`, { token })).status).toBe(200);
}

describe.each(LANGS)('the first hour in $lang', ({ lang, name, other, tables }) => {
  const t = (area: string, key: string) => tables[area]?.[key] ?? (ENGLISH[area]?.[key] as string);
  const player = { name: `First ${lang}`, phone: uniquePhone(), password: 'secret12' };
  let page: Page;
  let token = '';
  let game: E2eGame;

  it('keeps the SIGN UP form through a language change, then signs the new player in', async () => {
    await browser?.close();
    browser = await launchBrowser();
    // A market of this file's own, opening later today: other files declare Demo Day's results.
    game = await createGame(
      'main',
      `FIRST HOUR ${lang.toUpperCase()} ${Date.now().toString(36).toUpperCase()}`,
    );
    page = await browser.context.newPage();
    await page.goto('/');
    // Start in another language, fill the form half-way, then choose this one.
    await page.getByRole('button', { name: other }).click();
    const otherTag = other === 'English' ? 'en' : 'hi';
    await page.waitForFunction((tag) => document.documentElement.lang.startsWith(tag), otherTag);
    await page.locator('.auth-toggle .link-button').click();
    await page.locator('#auth-name').fill(player.name);
    await page.locator('#auth-phone').fill(player.phone);
    await page.locator('#auth-password').fill(player.password);
    await page.locator('#auth-adult').check();
    await page.getByRole('button', { name }).click();
    await page.getByRole('heading', { name: t('auth', 'headingRegister') }).waitFor();
    expect(await page.getByLabel(t('auth', 'name')).inputValue()).toBe(player.name);
    expect(await page.getByLabel(t('auth', 'phone')).inputValue()).toBe(player.phone);
    expect(await page.getByLabel(t('auth', 'adultConfirm')).isChecked()).toBe(true);
    await screenshot(page, `first-hour-${lang}-sign-up`);
    // The 18+ box sits beside its words, on one line with them.
    const box = await page.locator('#auth-adult').boundingBox();
    const words = await page.locator('.check-label span').boundingBox();
    expect(Math.abs((box?.y ?? 0) - (words?.y ?? 100))).toBeLessThan(12);

    const since = Date.now() - 2000;
    await page.getByRole('button', { name: t('auth', 'submitRegister') }).click();
    await page.getByRole('dialog', { name: t('otp', 'otpTitle') }).waitFor();
    const code = await latestOtp(player.phone, since);
    for (let i = 0; i < 4; i++)
      await page.getByLabel(t('otp', 'otpDigit').replace('{n}', String(i + 1))).fill(code[i] ?? '');
    // No empty LOGIN and no second code: the registration's code signs the player in.
    await page.waitForURL('**/home');
    token = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
    expect(token).not.toBe('');
  });

  it('reads every wallet line in the language', async () => {
    await someActivity(token, game);
    await page.goto('/wallet');
    const table = page.locator('.wallet-table');
    // Funds added, the bid, the withdrawal's hold and its refund.
    await table.locator('tbody tr').nth(3).waitFor();
    await page.waitForTimeout(300);
    await screenshot(page, `first-hour-${lang}-wallet`);
    const cells = await table.locator('tbody td').allTextContents();
    if (lang === 'en') {
      expect(cells).toEqual(
        expect.arrayContaining([
          'Withdrawal to PhonePe *******538',
          'Withdrawal cancelled: amount refunded',
          `Bid placed: ${game.name} (1 bid)`,
          'cancelled',
        ]),
      );
      return;
    }
    // What may stay Latin: the market's name, the payment app's, the order id.
    const english = cells
      .map((c) =>
        c
          .replace(game.name, '')
          .replace('PhonePe', '')
          .replace(/ORD[A-Z0-9]+/, ''),
      )
      .filter((c) => /[A-Za-z]/.test(c));
    expect(english).toEqual([]);
  });

  it('an offline bid is not sent, and the dialog says so', async () => {
    await page.goto('/home');
    await page.locator('.market-play', { hasText: game.name }).first().click();
    await page.waitForURL('**/market');
    await page.goto('/single-digit');
    await page.getByLabel(t('bidding', 'amountFor').replace('{value}', '5')).fill('10');
    await page.getByRole('button', { name: t('bidding', 'seeBids') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    const before = await call<{ data: unknown[] }>('GET', 'user/all-bids?limit=50', { token });
    await browser?.context.setOffline(true);
    try {
      await dialog.getByRole('button', { name: t('bidding', 'submit'), exact: true }).click();
      await dialog.getByText(t('bidding', 'offlineNotSent')).waitFor();
      await screenshot(page, `first-hour-${lang}-offline-bid`);
    } finally {
      await browser?.context.setOffline(false);
    }
    // Nothing was queued to go later behind the player's back.
    await page.waitForTimeout(1500);
    const after = await call<{ data: unknown[] }>('GET', 'user/all-bids?limit=50', { token });
    expect(after.body.data.length).toBe(before.body.data.length);
    expect(await dialog.isVisible()).toBe(true);
  });

  it("a paused player's home says so, no market says it is running, and the end is to the minute", async () => {
    expect((await call('POST', 'user/time-out', { token, body: { days: 1 } })).status).toBe(200);
    await page.goto('/home');
    const banner = page.getByRole('status').filter({ hasText: t('home', 'pausedHome') });
    await banner.waitFor({ timeout: 15_000 });
    await page.locator('.market-card').first().waitFor();
    expect(await page.getByText(t('home', 'marketRunning'), { exact: true }).count()).toBe(0);
    expect(await page.getByText(t('home', 'biddingPaused'), { exact: true }).count()).toBeGreaterThan(0);
    await screenshot(page, `first-hour-${lang}-paused-home`);
    await banner.getByRole('link', { name: t('home', 'pausedWhen') }).click();
    await page.waitForURL('**/responsible-play');
    expect(await page.locator('.rp-paused').textContent()).toMatch(/\d\d:\d\d [AP]M/);
  });
});
