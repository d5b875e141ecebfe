import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, getAdminToken, uniquePhone, useServer } from './api';
import { type Browser, launchBrowser, screenshot } from './browser';
import { startServer } from './global-setup';
import { loginPlayer, registerPlayer } from './player';

// A UPI deposit end to end against a server started with PAYMENT_PROVIDER=upi: Add Fund, the
// checkout page's upi:// intent link and QR code, the UTR typed in, the operator's approval
// through the API, and the wallet screen showing the credit.
let server: { baseUrl: string; stop: () => Promise<void> };
let browser: Browser;
let page: Page;
const player = { name: 'Upi Player', phone: uniquePhone(), password: 'secret12' };
const UTR = `${Date.now()}`.slice(-12).padStart(12, '4');

beforeAll(async () => {
  server = await startServer(inject('marketTz'), {
    PAYMENT_PROVIDER: 'upi',
    UPI_VPA: 'matka.shop@okaxis',
    UPI_PAYEE_NAME: 'Matka Shop',
  });
  useServer(server.baseUrl);
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await registerPlayer(page, player);
  await loginPlayer(page, player.phone, player.password);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a UPI deposit in Chromium', () => {
  let orderId = '';

  it('Add Fund opens the UPI checkout with the intent link and its QR code', async () => {
    await page.goto('/payment');
    await page.getByLabel('Enter Amount').fill('800');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL('**/api/payment/checkout/**');
    orderId = new URL(page.url()).pathname.split('/').pop() as string;
    const link = page.getByRole('link', { name: 'Pay with a UPI app' });
    expect(await link.getAttribute('href')).toBe(
      `upi://pay?pa=matka.shop%40okaxis&pn=Matka%20Shop&am=800.00&tn=${orderId}&cu=INR`,
    );
    expect(await page.locator('#upi-qr svg').isVisible()).toBe(true);
    await screenshot(page, 'upi-checkout');
  });

  it("takes the UTR with the player's session and says so", async () => {
    await page.getByLabel(/12-digit UTR/).fill('12345');
    await page.getByRole('button', { name: 'Submit UTR' }).click();
    await page.getByText('Please enter the 12-digit UTR number of your payment').waitFor();
    await page.getByLabel(/12-digit UTR/).fill(UTR);
    await page.getByRole('button', { name: 'Submit UTR' }).click();
    await page.getByText('UTR received.', { exact: false }).waitFor();
    await screenshot(page, 'upi-utr-received');
  });

  it('the operator approves it through the API and the wallet shows the credit', async () => {
    const admin = await getAdminToken();
    const pending = await call<{ data: Array<{ _id: string; orderId: string; utr: string | null }> }>(
      'GET',
      'admin/funds?status=pending&limit=100',
      { token: admin },
    );
    const fund = pending.body.data.find((f) => f.orderId === orderId);
    expect(fund?.utr).toBe(UTR);
    const approved = await call('POST', `admin/funds/${fund?._id}/approve`, { token: admin });
    expect(approved.status).toBe(200);
    await page.goto('/wallet');
    await page
      .getByTestId('wallet-balance')
      .filter({ hasText: /^₹800$/ })
      .waitFor();
    await screenshot(page, 'upi-wallet-credited');
  });
});
