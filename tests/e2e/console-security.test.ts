import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base32Decode, totp } from '../../server/services/operators/totp';
import { call, getAdminToken, getSecondOwnerToken, serverUrl } from './api';
import { newPlayer } from './bidding-harness';
import { type Browser, launchBrowser, screenshot } from './browser';

// Issue 19 in Chromium at 360x740: an operator sets up two-factor sign-in in the console (reading
// the secret from the page, as an authenticator app would), signs in again with a code, and a
// withdrawal above FOUR_EYES_ABOVE needs a second operator's approval before it is paid.

let browser: Browser;
let page: Page;
let player: Awaited<ReturnType<typeof newPlayer>>;
let secret = '';
const suffix = Date.now().toString(36);
const first = { username: `tfa-a-${suffix}`, password: 'tfa-first-pass-1' };
const second = { username: `tfa-b-${suffix}`, password: 'tfa-second-pass-1' };
const nowS = () => Math.floor(Date.now() / 1000);

async function signIn(op: { username: string; password: string }) {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(op.username);
  await page.getByLabel('Password').fill(op.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut() {
  // On a phone the operator's name and Sign out show with the opened menu (issue 21).
  const button = page.getByRole('button', { name: 'Sign out' });
  if (!(await button.isVisible())) await page.getByRole('button', { name: /^Menu/ }).click();
  await button.click();
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
}

/** A console screen by its menu entry: on a phone the menu opens from one button first (issue 21). */
async function open(name: string) {
  const menu = page.getByRole('navigation', { name: 'Console' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: /^Menu/ }).click();
  await menu.getByRole('link', { name }).click();
}

beforeAll(async () => {
  const admin = await getAdminToken();
  // A new operator is asked for by one owner and approved by another (nobody alone).
  for (const op of [first, second]) {
    const r = await call<{ data: { _id: string } }>('POST', 'admin/operators', {
      token: admin,
      body: { ...op, role: 'staff' },
    });
    expect(r.status).toBe(202);
    const approved = await call('POST', `admin/operators/${r.body.data._id}/approve`, {
      token: await getSecondOwnerToken(),
    });
    expect(approved.status).toBe(200);
  }
  player = await newPlayer();
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${player.token}` };
  const method = await fetch(`${serverUrl()}/api/v1/user/withdrawal/methods`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ method: 'gpay', phoneNumber: '9876543210' }),
  });
  expect(method.status).toBeLessThan(300);
  const w = await fetch(`${serverUrl()}/api/v1/user/withdrawal`, {
    method: 'POST',
    headers: { ...headers, 'Idempotency-Key': randomUUID() },
    body: JSON.stringify({ amount: 15000, method: 'gpay' }),
  });
  expect(w.status).toBe(201);
  browser = await launchBrowser();
  page = await browser.context.newPage();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('sign-in security and four eyes in the console, at 360x740', () => {
  it('sets up two-factor sign-in from the page: QR, key, a typed code, recovery codes once', async () => {
    await signIn(first);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await open('Sign-in security');
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    secret = (await page.getByTestId('totp-secret').textContent()) ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await screenshot(page, 'console-2fa-setup');
    await page.getByLabel('Code from the app').fill(totp(base32Decode(secret), nowS()));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' });
    await codes.waitFor();
    expect(await codes.locator('li').count()).toBe(10);
    await screenshot(page, 'console-2fa-recovery-codes');
    await page.getByRole('button', { name: 'I have saved them' }).click();
    await page.getByText('Two-factor sign-in is on.').waitFor();
    // Where this operator is signed in: this session, from this browser.
    await page.getByRole('list', { name: 'Sessions' }).getByText('this session').waitFor();
    await screenshot(page, 'console-2fa-on-sessions');
    await signOut();
  });

  it('the password alone no longer opens the console: the code does', async () => {
    await signIn(first);
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    await page.getByLabel('Code from the app').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page
      .getByText(/The code is not right/)
      .first()
      .waitFor();
    await screenshot(page, 'console-2fa-wrong-code');
    // The enabling code's time step is spent: the next step's code (one step ahead is accepted).
    await page.getByLabel('Code from the app').fill(totp(base32Decode(secret), nowS() + 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
  });

  it('a large withdrawal waits for a second operator, who completes it', async () => {
    // The money desk (issue 21) shows each request as a card whose Approve asks first.
    const shown = `${player.phone.slice(0, 5)} ${player.phone.slice(5)}`;
    const card = () => page.getByRole('listitem').filter({ hasText: shown }).filter({ hasText: '₹15,000' });
    const approve = async () => {
      await card()
        .getByRole('button', { name: `Approve withdrawal of ${player.phone}` })
        .click();
      await page
        .getByRole('alertdialog')
        .getByRole('button', { name: /^Approve ₹15,000/ })
        .click();
    };
    await open('Money');
    await approve();
    await page.getByText('Waiting for a second operator').first().waitFor();
    await card().getByText(`Approved by ${first.username}: waits for a second operator`).waitFor();
    await screenshot(page, 'console-four-eyes-first');
    // The same operator again is refused.
    await approve();
    await page.getByText('You approved this already: a second operator must approve it').waitFor();
    await signOut();

    await signIn(second);
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await open('Money');
    await card().getByText(`Approved by ${first.username}`).waitFor();
    await approve();
    await page
      .getByText(/Withdrawal approved/)
      .first()
      .waitFor();
    await card().waitFor({ state: 'detached' });
    await screenshot(page, 'console-four-eyes-second');
    const mine = await call<{ data: Array<{ status: string; amount: number }> }>('GET', 'user/withdrawal', {
      token: player.token,
    });
    expect(mine.body.data[0]).toMatchObject({ status: 'approved', amount: 15000 });
  });
});
