import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, getAdminToken, useServer } from './api';
import { createGame, type E2eGame, newPlayer, openedEarlier } from './bidding-harness';
import { type Browser, launchBrowser, PHONE_VIEWPORT, screenshot, signInToConsole } from './browser';
import { startServer } from './global-setup';

// Issue 46 in Chromium, against a server with RESULT_FEED_SECRET: two push sources report the
// same open result; the first alone declares nothing, the second declares it and the player's open
// home shows it within a second (the live stream); the operator's Results screen says "declared by
// feed (A, B)"; the player's chart says when it was declared; the Result sources and Chart history
// screens work at 360 px.

const SECRET = 'e2e-feed-secret-0123456789';
let server: { baseUrl: string; stop: () => Promise<void> };
let browser: Browser;
let home: Page;
let game: E2eGame;
const stamp = Date.now().toString(36).toUpperCase().slice(-5);
const day = () => new Intl.DateTimeFormat('en-CA', { timeZone: inject('marketTz') }).format(new Date());

async function report(source: string, result: string) {
  const r = await fetch(`${server.baseUrl}/api/results/feed/${SECRET}/${source}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ market: game.name.toLowerCase(), date: day(), result }),
  });
  return (await r.json()) as { data: Array<{ outcome: string }> };
}

/** The page is no wider than the phone: nothing scrolls sideways. */
async function fitsThePhone(page: Page, what: string) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what} is ${width} px wide`).toBeLessThanOrEqual(PHONE_VIEWPORT.width);
}

async function go(page: Page, label: string) {
  const nav = page.getByRole('navigation', { name: 'Console' });
  if (!(await nav.isVisible())) await page.getByRole('button', { name: /^Menu/ }).click();
  await nav.getByRole('link', { name: label, exact: true }).click();
}

beforeAll(async () => {
  server = await startServer(inject('marketTz'), { RESULT_FEED_SECRET: SECRET });
  useServer(server.baseUrl);
  game = await createGame('main', `FEED ${stamp}`, openedEarlier());
  const owner = await getAdminToken();
  for (const name of ['A', 'B']) {
    const r = await call('POST', 'admin/result-sources', {
      token: owner,
      body: { name, kind: 'push', markets: { [game.name]: game.id } },
    });
    if (r.status !== 201) throw new Error(`source ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  }
  const player = await newPlayer();
  browser = await launchBrowser();
  home = await browser.context.newPage();
  await home.goto('/');
  await home.evaluate((token) => localStorage.setItem('token', token), player.token);
  const streaming = home.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/events', {
    timeout: 30_000,
  });
  await home.goto('/home');
  await streaming;
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const result = () => home.locator('article.market-card', { hasText: game.name }).getByTestId('market-result');

describe('results that declare themselves', () => {
  it('one source alone declares nothing; the second makes it appear on the open home within a second', async () => {
    expect((await report('A', '128-1')).data.map((r) => r.outcome)).toEqual(['waiting']);
    await home.waitForTimeout(1500);
    expect(await result().textContent()).toBe('***-**-***');
    const started = Date.now();
    const second = report('B', '128-1');
    await home.waitForFunction(
      (name) =>
        [...document.querySelectorAll('article.market-card')]
          .find((a) => a.textContent?.includes(name))
          ?.querySelector('[data-testid="market-result"]')
          ?.textContent?.includes('128-1'),
      game.name,
      { timeout: 1000, polling: 20 },
    );
    const ms = Date.now() - started;
    console.log(`feed result on the home screen ${ms} ms after the second report was sent`);
    expect(ms).toBeLessThan(1000);
    expect((await second).data.map((r) => r.outcome)).toEqual(['agreed']);
    await screenshot(home, 'result-feed-home');
  });

  it("the player's chart says when it was declared", async () => {
    await home.goto(`/game-chart/${encodeURIComponent(game.name.toLowerCase())}`);
    const line = home.getByTestId('latest-result');
    await line.getByText('Latest result 128-1').waitFor();
    expect(await line.textContent()).toMatch(/Open declared at \d\d:\d\d [AP]M, \d\d [A-Z]{3} \d{4}/);
    await screenshot(home, 'result-feed-chart');
  });

  it('the operator sees "declared by feed (A, B)" beside the result', async () => {
    const desk = await browser.context.newPage();
    await desk.setViewportSize({ width: 1280, height: 900 });
    await signInToConsole(desk);
    await go(desk, 'Results');
    const declared = desk.getByRole('table', { name: 'Declared results' });
    const row = declared.getByRole('row', { name: new RegExp(game.name) });
    await row.getByText('declared by feed (A, B)').waitFor();
    expect(await row.textContent()).toContain('128-1');
    await desk.getByRole('table', { name: 'Result source reports' }).getByText('agreed').first().waitFor();
    await desk.screenshot({ path: 'test-results/screenshots/result-feed-console.png', fullPage: true });
    await desk.setViewportSize(PHONE_VIEWPORT);
    await fitsThePhone(desk, 'Results');
    await screenshot(desk, 'result-feed-console-phone');
    await desk.close();
  });

  it('Result sources and Chart history work at 360 px', async () => {
    const desk = await browser.context.newPage();
    await signInToConsole(desk);
    await go(desk, 'Result sources');
    await desk.getByRole('heading', { level: 1, name: 'Result sources' }).waitFor();
    await desk.getByRole('listitem', { name: 'Result source A' }).getByText(game.name).waitFor();
    await fitsThePhone(desk, 'Result sources');
    await screenshot(desk, 'result-feed-sources');
    await go(desk, 'Chart history');
    await desk.getByRole('heading', { level: 1, name: 'Chart history' }).waitFor();
    await desk.getByLabel('Market').selectOption({ label: game.name });
    const csv = 'date,open,jodi,close\n2024-01-15,123,68,440\n2024-01-16,***,**,***\n2024-01-17,321,68,440\n';
    await desk
      .getByLabel('Chart file (CSV)')
      .setInputFiles({ name: 'old.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await desk.getByRole('button', { name: 'Check the file' }).click();
    await desk.getByText('1 day to add').waitFor();
    await desk.getByRole('table', { name: 'Lines refused' }).getByText('Line 4').waitFor();
    await fitsThePhone(desk, 'Chart history dry run');
    await screenshot(desk, 'result-feed-chart-dry-run');
    await desk.getByRole('button', { name: 'Import 1 day' }).click();
    await desk.getByRole('alertdialog').getByRole('button', { name: 'Import' }).click();
    await desk.getByRole('status').getByText(`${game.name}: 1 day imported`).waitFor();
    const rows = await call<{ data: Array<{ resultDate: string; imported: boolean }> }>(
      'GET',
      `admin/all-result?gameId=${game.id}&limit=10`,
    );
    expect(rows.body.data.find((r) => r.resultDate === '2024-01-15')?.imported).toBe(true);
    await desk.close();
  });
});
