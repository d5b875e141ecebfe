import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Tables } from '../../src/i18n/core';
import { authEn } from '../../src/i18n/en/auth';
import { biddingEn } from '../../src/i18n/en/bidding';
import { listsEn } from '../../src/i18n/en/lists';
import { moneyEn } from '../../src/i18n/en/money';
import { notifyEn } from '../../src/i18n/en/notify';
import { otpEn } from '../../src/i18n/en/otp';
import { tables as hi } from '../../src/i18n/lang-hi';
import { tables as mr } from '../../src/i18n/lang-mr';
import { latestOtp, uniquePhone, useServer } from './api';
import { type Browser, launchBrowser, screenshot } from './browser';
import { startServer } from './global-setup';
import { type SmallTarget, smallTargets } from './touch';
import { UPI_AUTO_ENV } from './upi-server';

// Issue 49, thumbs: every control of the first screens a player meets (sign-in, sign-up, the code,
// home, Add Fund, the UPI checkout page and its waiting screen, Notifications, a bid screen and its
// confirmation) has a hit area of at least 44 x 44 px at 360 x 740, in English, Hindi and Marathi.
// The server is this file's own, with UPI automatic matching on, so the checkout page has its
// "Copy amount" and "Back to the app".

const ENGLISH: Tables = {
  auth: authEn,
  bidding: biddingEn,
  lists: listsEn,
  money: moneyEn,
  notify: notifyEn,
  otp: otpEn,
};
const LANGS = [
  { lang: 'en', name: 'English', tables: ENGLISH },
  { lang: 'hi', name: 'हिंदी', tables: hi as unknown as Tables },
  { lang: 'mr', name: 'मराठी', tables: mr as unknown as Tables },
] as const;

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser | undefined;

beforeAll(async () => {
  server = await startServer(inject('marketTz'), UPI_AUTO_ENV);
  useServer(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe.each(LANGS)('touch targets in $lang', ({ lang, name, tables }) => {
  const t = (area: string, key: string) => tables[area]?.[key] ?? (ENGLISH[area]?.[key] as string);
  const found: Record<string, SmallTarget[]> = {};
  let page: Page;

  /** Screenshots the screen and keeps what is too small on it (all screens are reported at once). */
  async function check(screen: string, root?: string) {
    // A toast passing over a control is not the control's size: wait until none shows.
    await page.waitForFunction(() => !document.querySelector('.toaster [role="status"]'), null, {
      timeout: 10_000,
    });
    await page.waitForTimeout(300);
    await screenshot(page, `touch-${lang}-${screen}`);
    const small = await smallTargets(page, root);
    if (small.length > 0) found[screen] = small;
  }

  it('sign-in, sign-up and the code', async () => {
    // A device of its own per language: nobody signed in, the language not yet chosen.
    await browser?.close();
    browser = await launchBrowser();
    page = await browser.context.newPage();
    await page.goto('/');
    await page.getByRole('button', { name, exact: true }).click();
    await page.getByRole('heading', { name: t('auth', 'headingLogin') }).waitFor();
    await check('login');
    await page.getByRole('button', { name: t('auth', 'register') }).click();
    await page.getByRole('heading', { name: t('auth', 'headingRegister') }).waitFor();
    await check('register');
    const phone = uniquePhone();
    await page.getByLabel(t('auth', 'name')).fill(`Thumb ${lang}`);
    await page.getByLabel(t('auth', 'phone')).fill(phone);
    await page.getByLabel(t('auth', 'password'), { exact: true }).fill('secret12');
    await page.getByLabel(t('auth', 'adultConfirm')).check();
    const since = Date.now() - 2000;
    await page.getByRole('button', { name: t('auth', 'submitRegister') }).click();
    await page.getByRole('dialog', { name: t('otp', 'otpTitle') }).waitFor();
    await check('otp', '[role="dialog"]');
    const code = await latestOtp(phone, since);
    for (let i = 0; i < 4; i++)
      await page.getByLabel(t('otp', 'otpDigit').replace('{n}', String(i + 1))).fill(code[i] ?? '');
    await page.waitForURL('**/home');
  });

  it('home, Notifications, Add Fund, the checkout page and its waiting screen', async () => {
    await page.locator('.market-card').first().waitFor();
    await page.locator('.slider-dots button').first().waitFor();
    await check('home');

    await page.goto('/notifications');
    // The choice is the server's: the radio turns on once it is saved.
    await page.getByRole('radio', { name: t('notify', 'resultsFollowed') }).click();
    await page.locator('.nf-check').first().waitFor();
    await check('notifications');

    await page.goto('/payment');
    await page.locator('.fund-chip').first().waitFor();
    await check('add-fund');
    await page.getByLabel(t('lists', 'enterAmount')).fill('500');
    // Nothing the checkout page asks for is missing (it asked for a /favicon.ico there is not).
    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) missing.push(`${r.status()} ${new URL(r.url()).pathname}`);
    });
    await page.getByRole('button', { name: t('money', 'proceed') }).click();
    await page.waitForURL('**/api/payment/checkout/**');
    await page.locator('#copy-amount').waitFor();
    await check('checkout');
    expect(missing).toEqual([]);
    await page.locator('#i-have-paid').click();
    await page.waitForURL('**/payment/status?**');
    await page.getByTestId('pay-exact').waitFor();
    await check('payment-waiting');
  });

  it('a bid screen and its confirmation', async () => {
    await page.goto('/home');
    await page.locator('.market-play', { hasText: 'Demo Day' }).first().click();
    await page.waitForURL('**/market');
    await page.goto('/single-digit');
    await page.getByLabel(t('bidding', 'amountFor').replace('{value}', '5')).fill('10');
    await check('bid-screen');
    await page.getByRole('button', { name: t('bidding', 'seeBids') }).click();
    await page.getByRole('dialog').waitFor();
    await check('bid-confirmation', '[role="dialog"]');
    expect(found).toEqual({});
  });
});
