import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, postOnce, serverUrl } from './api';
import { newPlayer } from './bidding-harness';
import { type Browser, launchBrowser, PHONE_VIEWPORT, screenshot, signInToConsole } from './browser';
import { signInAs } from './player';

// Issue 39, the operator's first hour on a 360x740 phone: content written per language in the
// console reaches each player in their language (English where a language is left empty); the
// ledger, SMS outbox, Content and Markets screens fit the screen (no sideways scrolling, no
// endless page); a deposit card warns of the player's own pause and limit; closing a market asks
// first and its outcome stays in view.

let browser: Browser;
let desk: Page;
let app: Page;

type Data<T> = { data: T };

/** A player the app is signed in as, in `language` (saved on the server and on the device). */
async function signedInApp(language: 'en' | 'hi' | 'mr') {
  const p = await newPlayer();
  await signInAs(app, p.token, language);
  return p;
}

async function go(label: string) {
  const nav = desk.getByRole('navigation', { name: 'Console' });
  if (!(await nav.isVisible())) await desk.getByRole('button', { name: /^Menu/ }).click();
  await nav.getByRole('link', { name: label, exact: true }).click();
  await desk.getByRole('heading', { level: 1, name: label === 'SMS' ? 'SMS outbox' : label }).waitFor();
}

/** The page is no wider than the phone: nothing scrolls sideways. */
async function fitsThePhone(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

const post = (path: string, token: string, body: unknown) =>
  postOnce<Data<{ orderId: string }>>(path, token, body);

beforeAll(async () => {
  browser = await launchBrowser();
  app = await browser.context.newPage();
  desk = await browser.context.newPage();
  await signInToConsole(desk);
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

describe('content per language', () => {
  const title = `Diwali timings ${Date.now().toString(36)}`;
  const hindi = `दिवाली का समय ${Date.now().toString(36)}`;

  it('an operator writes a notice in English and Hindi on the Content screen', async () => {
    await go('Content');
    await desk.getByText('Add a notice').click();
    const form = desk.getByRole('form', { name: 'New notice' });
    await form.getByLabel('Title', { exact: true }).fill(title);
    await form.getByLabel('Message', { exact: true }).fill('Markets close at 6 PM today.');
    await form.getByLabel('Title in Hindi').fill(hindi);
    await form.getByLabel('Message in Hindi').fill('आज मार्केट शाम 6 बजे बंद होंगे।');
    // Marathi is left empty: Marathi players read the English.
    await form.getByRole('button', { name: 'Add notice' }).click();
    await desk.getByRole('status').getByText('Notices: added').waitFor();
    const card = desk.getByRole('listitem', { name: `notice: ${title}` });
    await card.getByText(hindi).waitFor();
    expect(await card.getByRole('list', { name: 'In each language' }).textContent()).toContain(
      'Marathi: English shown',
    );
    await card.scrollIntoViewIfNeeded();
    await screenshot(desk, 'console-content-languages');
    await fitsThePhone(desk, 'Content');
  });

  it('a Hindi player reads it in Hindi; English and Marathi players read the English', async () => {
    for (const [language, expected, absent] of [
      ['hi', hindi, title],
      ['en', title, hindi],
      ['mr', title, hindi],
    ] as const) {
      await signedInApp(language);
      await app.goto('/notice');
      await app.getByText(expected).waitFor();
      expect(await app.getByText(absent).count()).toBe(0);
      if (language === 'hi') {
        await app.getByText('आज मार्केट शाम 6 बजे बंद होंगे।').waitFor();
        await screenshot(app, 'notice-in-hindi');
      }
    }
  });

  it('a home banner shows the caption written for its picture, in the player language', async () => {
    const slides = await call<Data<Array<{ imageUrl: string; caption: string }>>>('GET', 'admin/sliders', {
      token: (await call<{ token: string }>('POST', 'admin/login', { body: inject('admin') })).body.token,
    });
    const refer = slides.body.data.find((s) => s.imageUrl === '/demo/slide-3.svg');
    expect(refer?.caption).toBe('Refer friends and earn points');
    await signedInApp('mr');
    await app.goto('/home');
    const figure = app.locator('figure.slide', { has: app.locator('img[src="/demo/slide-3.svg"]') });
    // Read again once the Marathi catalogue is in (the first read may go out before it).
    await expect
      .poll(() => figure.locator('figcaption').textContent(), { timeout: 15_000 })
      .toBe('मित्रांना बोलवा, पॉइंट कमवा');
  });
});

describe('the console at 360 px', () => {
  it('Markets: one line per market, found by name, never endless; no sideways scrolling', async () => {
    await go('Markets');
    const list = desk.getByRole('list', { name: 'Markets' });
    await list.getByRole('listitem').first().waitFor();
    expect(await list.getByRole('listitem').count()).toBeLessThanOrEqual(20);
    // Every market of the demo and of the other browser tests: still a page of a few screens.
    const height = await desk.evaluate(() => document.documentElement.scrollHeight);
    expect(height).toBeLessThan(4000);
    await list.getByRole('listitem').first().locator('summary').click();
    await fitsThePhone(desk, 'Markets with a market open');
    await desk.getByLabel('Find a market').fill('Kalyan');
    await list.getByRole('listitem', { name: 'Kalyan', exact: true }).waitFor();
    await screenshot(desk, 'console-markets-phone');
  });

  it('closing a market asks first, and the outcome shows where the operator is', async () => {
    const name = `PHONE CLOSE ${Date.now().toString(36).toUpperCase()}`;
    const token = (await call<{ token: string }>('POST', 'admin/login', { body: inject('admin') })).body
      .token;
    const created = await call('POST', 'admin/main-games', {
      token,
      body: { gameName: name, openTime: '10:00', closeTime: '12:00' },
    });
    expect(created.status).toBe(201);
    await desk.reload();
    await desk.getByLabel('Find a market').fill(name);
    const card = desk.getByRole('listitem', { name });
    await card.locator('summary').click();
    await card.getByRole('button', { name: `Close ${name}` }).click();
    const ask = desk.getByRole('alertdialog');
    expect(await ask.textContent()).toContain('until an operator opens it again');
    await screenshot(desk, 'console-market-close-confirm');
    await ask.getByRole('button', { name: `Close ${name}` }).click();
    const notice = desk.getByRole('status').getByText(`${name} closed until opened again`);
    await notice.waitFor();
    const box = await notice.boundingBox();
    expect(box && box.y >= 0 && box.y + box.height <= PHONE_VIEWPORT.height).toBe(true);
    await card.getByText('Closed until an operator opens it').waitFor();
    await screenshot(desk, 'console-market-closed');
  });

  it('Content: every kind, with a form open, fits the phone', async () => {
    await go('Content');
    for (const kind of ['Notices', 'Home banners', 'How-to-play videos', 'Footer links', 'App logos']) {
      await desk.getByRole('button', { name: kind, exact: true }).click();
      await desk.getByRole('heading', { name: kind, level: 2 }).waitFor();
      await desk.getByRole('list', { name: kind }).getByRole('listitem').first().waitFor();
      await desk.getByRole('list', { name: kind }).getByRole('button', { name: 'Edit' }).first().click();
      await fitsThePhone(desk, `Content: ${kind}`);
    }
    await desk.getByRole('button', { name: 'Home banners', exact: true }).click();
    await screenshot(desk, 'console-content-banners-phone');
  });

  it('SMS outbox and a player ledger are cards on a phone', async () => {
    await go('SMS');
    await desk.getByRole('table', { name: 'SMS outbox' }).locator('tbody tr').first().waitFor();
    await fitsThePhone(desk, 'SMS outbox');
    await screenshot(desk, 'console-sms-phone');
    const p = await newPlayer();
    await go('Players');
    await desk.getByLabel('Phone or name').fill(p.phone);
    await desk.getByRole('button', { name: 'Search' }).click();
    const item = desk.getByRole('list', { name: 'Players' }).getByRole('listitem').first();
    await item.getByRole('button', { name: `Ledger of ${p.phone}` }).click();
    const ledger = desk.getByRole('table', { name: `Ledger of ${p.phone}` });
    await ledger.getByText('+₹1,00,000').waitFor();
    await fitsThePhone(desk, 'the ledger');
    await ledger.scrollIntoViewIfNeeded();
    await screenshot(desk, 'console-ledger-phone');
    // The red Block button sits apart from the everyday ones (a row of its own).
    const block = await item.getByRole('button', { name: `Block ${p.phone}` }).boundingBox();
    const open = await item.getByRole('button', { name: `Ledger of ${p.phone}` }).boundingBox();
    expect(block && open && block.y > open.y + open.height).toBe(true);
  });
});

describe('guardrails on the money desk', () => {
  it('a deposit card warns that the player is on a time-out and past their own deposit limit', async () => {
    const p = await newPlayer();
    await call('PUT', 'user/limits', { token: p.token, body: { depositDay: 1000 } });
    const paid = await post('user/fund', p.token, { amount: 800 });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    await fetch(`${serverUrl()}/api/payment/checkout/${paid.body.data.orderId}/pay`, {
      method: 'POST',
      redirect: 'manual',
    });
    expect((await post('user/fund', p.token, { amount: 200 })).status).toBe(201);
    await call('PUT', 'user/limits', { token: p.token, body: { depositDay: 500 } });
    expect((await post('user/time-out', p.token, { days: 1 })).status).toBe(200);

    await go('Money');
    const spaced = `${p.phone.slice(0, 5)} ${p.phone.slice(5)}`;
    const card = desk.getByRole('listitem', { name: `Deposit of ₹200 by E2E Bidder (${spaced})` });
    const warning = card.getByRole('note', { name: /Before crediting/ });
    await warning.getByText(/^On a time-out until .* by their own choice\.$/).waitFor();
    await warning
      .getByText('Daily deposit limit ₹500: ₹800 received today; crediting this makes ₹1,000.')
      .waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(desk, 'console-deposit-warning');
    await card.getByRole('button', { name: `Approve fund request of ${p.phone}` }).click();
    expect(await desk.getByRole('alertdialog').textContent()).toContain('Mind: On a time-out until');
    await desk.getByRole('alertdialog').getByRole('button', { name: 'Back' }).click();

    // The Players list shows them paused.
    await go('Players');
    await desk.getByLabel('Phone or name').fill(p.phone);
    await desk.getByRole('button', { name: 'Search' }).click();
    const item = desk.getByRole('list', { name: 'Players' }).getByRole('listitem').first();
    await item.getByText('Paused', { exact: true }).waitFor();
    await item.getByText(/On a time-out until .*, by their own choice/).waitFor();
  });
});
