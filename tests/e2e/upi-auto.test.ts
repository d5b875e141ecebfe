import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SECOND_OWNER } from '../../scripts/bench/helpers.mjs';
import { formatRupees } from '../../src/domain/format';
import { uniquePhone, useServer } from './api';
import { type Browser, launchBrowser, screenshot } from './browser';
import { startServer } from './global-setup';
import { loginPlayer, registerPlayer } from './player';
import { NOTIFY_SECRET, UPI_AUTO_ENV } from './upi-server';

// Automatic UPI deposits end to end (issue 35) against a server started with PAYMENT_PROVIDER=upi
// and UPI_AUTO_MATCH: Add Fund, the exact amount on the checkout page, "I have paid", the status
// page waiting for the bank, a forwarded bank SMS, the balance rising on that page by itself, and
// the message in the operator's Payments inbox (1280 px and 360 px), where an unmatched one is
// matched to a request: of another amount, so it waits until a second owner approves it.
let server: { baseUrl: string; stop: () => Promise<void> };
let browser: Browser;
let page: Page;
const player = { name: 'Auto Upi Player', phone: uniquePhone(), password: 'secret12' };
const utr = `${Date.now()}`.slice(-12).padStart(12, '5');

async function forward(text: string) {
  const r = await fetch(`${server.baseUrl}/api/payment/notify/${NOTIFY_SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'SMS Forwarder App' },
    body: JSON.stringify({
      from: 'AD-HDFCBK',
      text,
      sentStamp: Date.now(),
      receivedStamp: Date.now(),
      sim: 'sim1',
    }),
  });
  return (await r.json()) as { data: { _id: string; outcome: string } };
}

beforeAll(async () => {
  server = await startServer(inject('marketTz'), UPI_AUTO_ENV);
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

describe('a UPI deposit that credits itself, in Chromium', () => {
  let orderId = '';
  let exact = '';

  it('Add Fund shows the exact amount to pay, with a copy button and the reference in the intent', async () => {
    await page.goto('/payment');
    await page.getByLabel('Enter Amount').fill('500');
    await page.getByRole('button', { name: 'Proceed' }).click();
    await page.waitForURL('**/api/payment/checkout/**');
    orderId = new URL(page.url()).pathname.split('/').pop() as string;
    exact = (await page.locator('#exact-amount').textContent())?.replace('₹', '') ?? '';
    expect(exact).toMatch(/^500\.\d\d$/);
    expect(exact).not.toBe('500.00');
    const reference = (await page.locator('#upi-reference').textContent()) ?? '';
    expect(reference).toMatch(/^M[A-Z2-9]{7}$/);
    const intent = await page.getByRole('link', { name: 'Pay with a UPI app' }).getAttribute('href');
    expect(intent).toBe(
      `upi://pay?pa=matka.shop%40okaxis&pn=Matka%20Shop&am=${exact}&tn=${reference}&cu=INR`,
    );
    await page.getByRole('button', { name: 'Copy amount' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    await page.getByText(/Time left: 1[45]:\d\d/).waitFor();
    await screenshot(page, 'upi-auto-checkout');
  });

  it('"I have paid": the status page waits for the bank, then turns to success and the balance rises by itself', async () => {
    await page.getByRole('link', { name: 'I have paid' }).click();
    await page.waitForURL(`**/payment/status?order_id=${orderId}`);
    await page.getByText("Waiting for your bank's confirmation").waitFor();
    expect(await page.getByTestId('pay-exact').textContent()).toContain(`₹${exact}`);
    await screenshot(page, 'upi-auto-waiting');
    const sms = `Rs. ${exact} credited to HDFC Bank A/c XX1234 on 21-11-26 from VPA rahul@okaxis (UPI ${utr})`;
    expect((await forward(sms)).data.outcome).toBe('matched');
    // No reload, no click: the page asks again by itself.
    await page.getByText('Payment Successful!').waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: `Wallet balance ${formatRupees(Number(exact))}` }).waitFor();
    await screenshot(page, 'upi-auto-credited');
  });

  it('the operator sees it in the Payments inbox and matches an unmatched one, at 1280 and 360 px', async () => {
    // A second order, paid with the wrong paise: the message matches no order and waits.
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const second = await fetch(`${server.baseUrl}/api/v1/user/fund`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ amount: 300 }),
    });
    expect(second.status).toBe(201);
    // Money the payee sent is no deposit (issue 49): the inbox says so, not "₹250 received".
    const sent = await forward(
      `Sent Rs.250.00 From HDFC Bank A/C *1234 To SHOP On 21/11/26 Ref ${Number(utr) + 2} Not You? Call 18002586161`,
    );
    expect(sent.data.outcome).toBe('ignored');
    const unmatched = await forward(
      `Rs. 300.00 credited to HDFC Bank A/c XX1234 on 21-11-26 from VPA rahul@okaxis (UPI ${Number(utr) + 1})`,
    );
    expect(unmatched.data.outcome).toBe('unmatched');

    const console = await browser.context.newPage();
    await console.setViewportSize({ width: 1280, height: 900 });
    await console.goto('/admin');
    await console.getByLabel('Username').fill(inject('admin').username);
    await console.getByLabel('Password').fill(inject('admin').password);
    await console.getByRole('button', { name: 'Sign in' }).click();
    await console.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await console
      .getByRole('navigation', { name: 'Console' })
      .getByRole('link', { name: 'Payments inbox' })
      .click();
    await console.getByRole('heading', { name: 'Payments inbox' }).waitFor();
    const all = console.getByRole('list', { name: 'Payment messages' });
    await all.getByText(`Rs. ${exact} credited`, { exact: false }).waitFor();
    expect(await all.getByRole('listitem').first().textContent()).toContain('Unmatched');
    await all.getByText('Matched', { exact: true }).first().waitFor();
    const debit = all.getByRole('listitem', { name: '₹250 sent (not a deposit), Ignored' });
    expect(await debit.getByRole('heading').textContent()).toBe('₹250 sent (not a deposit) Ignored');
    const waiting = console.getByRole('list', { name: 'Unmatched messages' });
    await waiting.getByText('Rs. 300.00 credited', { exact: false }).waitFor();
    await console.screenshot({ path: 'test-results/screenshots/upi-inbox-1280.png', fullPage: true });

    await console.setViewportSize({ width: 360, height: 740 });
    const choose = waiting.getByLabel('Fund request paid by the message of ₹300');
    const option = await choose.locator('option', { hasText: '₹300.' }).first().getAttribute('value');
    await choose.selectOption(option as string);
    // Nothing on the phone-wide screen scrolls sideways, the long request names included.
    expect(await console.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await waiting.getByRole('button', { name: 'Match and credit' }).click();
    // Another amount than the order's exact one: four eyes, it waits for another owner.
    await console
      .getByRole('alertdialog')
      .getByText('Ask another owner to approve crediting ₹300 (what this message says was received)')
      .waitFor();
    await screenshot(console, 'upi-inbox-360-confirm');
    await console.getByRole('button', { name: 'Ask for approval' }).click();
    await console.getByText('Asked: crediting ₹300 to Auto Upi Player', { exact: false }).waitFor();
    await waiting
      .getByText('Waiting for another owner: credit ₹300 to Auto Upi Player', { exact: false })
      .waitFor();
    await waiting.getByText(`Asked by ${inject('admin').username}`, { exact: false }).waitFor();
    expect(await waiting.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    await screenshot(console, 'upi-inbox-360-waiting');
    // The second owner signs in (at 1280 px the menu is open) and approves it at 360 px.
    await console.setViewportSize({ width: 1280, height: 900 });
    await console.getByRole('button', { name: 'Sign out' }).click();
    await console.getByLabel('Username').fill(SECOND_OWNER.username);
    await console.getByLabel('Password').fill(SECOND_OWNER.password);
    await console.getByRole('button', { name: 'Sign in' }).click();
    await console.getByRole('button', { name: 'Sign out' }).waitFor();
    // What waits for them is on their menu and their dashboard (issue 49), a link to where it is.
    const nav = console.getByRole('navigation', { name: 'Console' });
    await nav.getByRole('link', { name: 'Dashboard 1 waiting for you' }).click();
    await console.getByRole('heading', { name: 'Dashboard' }).waitFor();
    const waitsForYou = console.getByRole('region', { name: 'Waiting for you' });
    const matchWaits = waitsForYou.getByRole('link', {
      name: '1 bank message matched to a deposit waits for your approval',
    });
    await matchWaits.waitFor();
    await screenshot(console, 'console-waiting-1280');
    await console.setViewportSize({ width: 360, height: 740 });
    await console.getByRole('button', { name: 'Menu: Dashboard · 1 waiting for you' }).waitFor();
    await screenshot(console, 'console-waiting-360');
    await matchWaits.click();
    await console.getByRole('heading', { name: 'Payments inbox' }).waitFor();
    const toApprove = console.getByRole('list', { name: 'Unmatched messages' });
    await toApprove
      .getByText('Approve it if the money is in the bank: credit ₹300', { exact: false })
      .waitFor();
    await screenshot(console, 'upi-inbox-360-approve');
    await toApprove.getByRole('button', { name: 'Approve' }).click();
    await console.getByRole('button', { name: 'Approve and credit ₹300' }).click();
    await console.getByText('Matched: ₹300 credited to Auto Upi Player', { exact: false }).waitFor();
    await toApprove.getByText('Rs. 300.00 credited', { exact: false }).waitFor({ state: 'detached' });
    const width = await console.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
    await screenshot(console, 'upi-inbox-360');
    // Approved: nothing waits any more; the audit log says who matched what to whose request.
    await console.getByRole('button', { name: /^Menu: Payments inbox$/ }).click();
    await nav.getByRole('link', { name: 'Audit log', exact: true }).click();
    await console.getByRole('button', { name: 'What operators did' }).click();
    const log = console.getByRole('list', { name: 'Audit log' });
    await log
      .getByText(
        /^Approved the match of the ₹300 message to Auto Upi Player's request of ₹300(\.\d\d)?: ₹300 credited$/,
      )
      .waitFor();
    await log
      .getByText(
        /^Matched the ₹300 message to Auto Upi Player's request of ₹300(\.\d\d)? \(waits for an owner\)$/,
      )
      .waitFor();
    expect(await log.getByText('Signed in', { exact: true }).count()).toBe(0);
    await screenshot(console, 'console-audit-actions-360');
    await console.setViewportSize({ width: 1280, height: 900 });
    await screenshot(console, 'console-audit-actions-1280');
    await console.getByRole('button', { name: 'Sign-ins' }).click();
    await log.getByText('Signed in', { exact: true }).first().waitFor();
    expect(await log.getByText(/^Matched the/).count()).toBe(0);
  });
});
