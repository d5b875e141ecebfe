import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, uniquePhone } from './api';
import { type Browser, launchBrowser, screenshot } from './browser';
import { loginPlayer, registerPlayer } from './player';

// A new player's money round trip against the real server: add funds through the sandbox checkout,
// see the credit in the wallet, save a bank account, withdraw, see the held amount and the
// pending withdrawal. Screenshots of every money screen at 360x740.
let browser: Browser;
let page: Page;
const player = { name: 'Money Player', phone: uniquePhone(), password: 'secret12' };

async function token(): Promise<string> {
  const t = await page.evaluate(() => localStorage.getItem('token'));
  if (!t) throw new Error('no token in localStorage');
  return t;
}

async function serverBalance(): Promise<number> {
  const r = await call<{ data: { balance: number } }>('GET', 'user/user-details', { token: await token() });
  return r.body.data.balance;
}

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await registerPlayer(page, player);
  await loginPlayer(page, player.phone, player.password);
});

afterAll(async () => {
  await browser?.close();
});

describe('money screens in Chromium', () => {
  it('starts with an empty wallet', async () => {
    await page.goto('/wallet');
    await page.getByText('No transactions found').waitFor();
    // Money mode: rupees, as in the header (issue 49).
    expect(await page.getByTestId('wallet-balance').textContent()).toBe('₹0');
    await screenshot(page, 'wallet-empty');
  });

  it('adds funds through the sandbox checkout and lands on Payment Successful!', async () => {
    await page.goto('/payment');
    await page.getByText('No Fund history found').waitFor();
    const proceed = page.getByRole('button', { name: 'Proceed' });
    expect(await proceed.isDisabled()).toBe(true);
    await page.getByRole('button', { name: '₹5,000' }).click();
    expect(await page.getByLabel('Enter Amount').inputValue()).toBe('5000');
    await screenshot(page, 'add-fund');
    await proceed.click();
    await page.waitForURL('**/api/payment/checkout/**');
    await page.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL('**/payment/return?order_id=*');
    await page.getByText('Payment Successful!').waitFor();
    expect(await page.getByText('Thank you for your payment.').isVisible()).toBe(true);
    expect(await page.getByText('₹5,000').first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/payment');
    await page.locator('.wallet-chip', { hasText: '₹5,000' }).waitFor();
    await screenshot(page, 'payment-success');
    expect(await serverBalance()).toBe(5000);
  });

  it('shows the paid fund request in the Fund History', async () => {
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL('**/payment');
    const row = page.locator('.fund-table tbody tr').first();
    await row.waitFor();
    expect(await row.locator('td').allTextContents()).toEqual([expect.any(String), '₹5,000', 'Success']);
    await screenshot(page, 'fund-history');
  });

  it('a failed checkout lands on Payment Failed with Try Again', async () => {
    await page.getByLabel('Enter Amount').fill('700');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL('**/api/payment/checkout/**');
    await page.getByRole('button', { name: 'Fail' }).click();
    await page.getByText('Payment Failed').waitFor();
    expect(await page.getByText('Your payment could not be processed.').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Try Again' }).isVisible()).toBe(true);
    await screenshot(page, 'payment-failed');
    expect(await serverBalance()).toBe(5000);
  });

  it('shows the balance and the credit in the wallet', async () => {
    await page.goto('/wallet');
    await page.getByTestId('wallet-balance').getByText('5,000').waitFor();
    const row = page.locator('.wallet-table tbody tr').first();
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(2)).toEqual(['Credit', '+₹5,000', 'completed']);
    await screenshot(page, 'wallet');
  });

  it('saves a bank account, withdraws, and sees the pending withdrawal and the lower balance', async () => {
    await page.goto('/withdrawal');
    await page.getByText('No withdrawal history found').waitFor();
    await page.getByLabel('Enter Amount').fill('1200');
    await page.getByText('Bank Transfer').click();
    const dialog = page.getByRole('dialog', { name: 'Add Bank Transfer Details' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Add Details' }).click();
    await dialog.getByText('Please enter a valid IFSC code').waitFor();
    await screenshot(page, 'withdrawal-method-errors');
    await dialog.getByLabel('Account Holder Name').fill('Money Player');
    await dialog.getByLabel('Account Number', { exact: true }).fill('123456789012');
    await dialog.getByLabel('Confirm Account Number').fill('123456789012');
    await dialog.getByLabel('IFSC Code').fill('SBIN0001234');
    await dialog.getByLabel('Bank Name').fill('State Bank of India');
    await dialog.getByLabel('Branch Name').fill('Andheri');
    await screenshot(page, 'withdrawal-method-modal');
    await dialog.getByRole('button', { name: 'Add Details' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('.method-saved').waitFor();
    await page.getByText('State Bank of India ********9012').waitFor();
    await page.getByRole('button', { name: 'Withdraw Now' }).click();
    await page.getByText('Withdrawal request submitted successfully!').waitFor();
    const row = page.locator('.withdrawal-table tbody tr').first();
    expect((await row.locator('td').allTextContents()).slice(1, 3)).toEqual(['Bank Transfer', '₹1,200']);
    expect(await row.locator('.badge').textContent()).toBe('Pending');
    expect(await row.getByRole('button', { name: 'Cancel withdrawal of ₹1,200' }).isVisible()).toBe(true);
    await page.locator('.balance-line', { hasText: '₹3,800' }).waitFor();
    await screenshot(page, 'withdrawal');
    expect(await serverBalance()).toBe(3800);
    await page
      .getByText('Withdrawal request submitted successfully!')
      .waitFor({ state: 'detached', timeout: 5000 });
  });

  it('keeps Withdraw Now blocked above the balance', async () => {
    await page.getByLabel('Enter Amount').fill('999999');
    expect(await page.getByRole('button', { name: 'Withdraw Now' }).isDisabled()).toBe(true);
  });

  it('shows the held amount as a pending debit in the wallet', async () => {
    await page.goto('/wallet');
    await page.getByTestId('wallet-balance').getByText('3,800').waitFor();
    const row = page.locator('.wallet-table tbody tr').first();
    await row.waitFor();
    expect((await row.locator('td').allTextContents()).slice(2)).toEqual(['Debit', '-₹1,200', 'pending']);
    await screenshot(page, 'wallet-after-withdrawal');
  });
});
