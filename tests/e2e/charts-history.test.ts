import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, creditWallet, getAdminToken, latestOtp, uniquePhone } from './api';
import { type Browser, launchBrowser, screenshot } from './browser';
import { loginPlayer } from './player';

// Charts and histories against the real server and its seeded 28 days of results: a new player
// with funds bids on the always-open Demo Day, the operator declares the result, and the bid and
// the win show in the histories.
let browser: Browser;
let page: Page;
const player = { name: 'Chart Player', phone: uniquePhone(), password: 'secret12' };

type Game = { _id: string; gameName: string; marketDay: string; todayResult: { openPanna: unknown } | null };

async function mustBe(r: { status: number; body: unknown }, status: number[], what: string) {
  if (!status.includes(r.status)) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
}

async function registerByApi(): Promise<void> {
  const since = Date.now() - 2000;
  await mustBe(
    await call('POST', 'user/register', { body: { ...player, adult: true } }),
    [200, 201],
    'register',
  );
  const otp = await latestOtp(player.phone, since);
  const body = { otp, phone: player.phone, purpose: 'registration' };
  await mustBe(await call('POST', 'user/verify-otp', { body }), [200], 'verify');
}

async function demoDay(): Promise<Game> {
  const r = await call<{ data: Game[] }>('GET', 'admin/main-games');
  const game = r.body.data.find((g) => g.gameName === 'Demo Day');
  if (!game) throw new Error('no Demo Day market');
  return game;
}

let game: Game;
let playerToken = '';

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.context.newPage();
  await registerByApi();
  await loginPlayer(page, player.phone, player.password);
  playerToken = (await page.evaluate(() => localStorage.getItem('token'))) ?? '';
  const me = await call<{ data: { _id: string } }>('GET', 'user/user-details', { token: playerToken });
  const credited = await creditWallet(me.body.data._id, 500, 'e2e charts funds');
  await mustBe({ status: credited, body: null }, [200, 201], 'wallet credit');
  game = await demoDay();
});

afterAll(async () => {
  await browser?.close();
});

/**
 * Column heads of the seeded markets: other files make markets named 'E2E ...' in the same server,
 * and whether they ran first depends on the order vitest picks.
 */
/** The column heads of the seeded markets: a market other tests made is named 'E2E ...' (its head
 * may show its draw time, with the name in the title). */
async function seededHeads(table: Locator): Promise<string[]> {
  const heads = await table
    .locator('thead th')
    .evaluateAll((ths) =>
      ths.map((th) => ({ text: th.textContent ?? '', title: th.getAttribute('title') ?? '' })),
    );
  return heads.filter((h) => !h.text.startsWith('E2E ') && !h.title.startsWith('E2E ')).map((h) => h.text);
}

async function open(path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
}

describe('charts in Chromium at 360x740', () => {
  it('picks a main game and shows its weeks, newest first, Monday to Sunday', async () => {
    await open('/game-chart');
    await page
      .getByRole('link', { name: /Kalyan/ })
      .first()
      .waitFor();
    await screenshot(page, 'chart-picker');
    await page
      .getByRole('link', { name: /^Kalyan\b/ })
      .first()
      .click();
    await page.waitForURL('**/game-chart/kalyan');
    const table = page.getByRole('table', { name: 'Kalyan weekly chart' });
    await table.waitFor();
    // 28 seeded days span at least four Monday-to-Sunday weeks.
    expect(await table.getByTestId('chart-week').count()).toBeGreaterThanOrEqual(4);
    const heads = await table.locator('thead th').allTextContents();
    expect(heads).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    const jodis = await table.locator('.wc-jodi').allTextContents();
    expect(jodis.filter((j) => /^\d\d$/.test(j)).length).toBeGreaterThan(15);
    // Kalyan is off on Sundays: those cells stay masked.
    const sundays = await table.locator('tbody tr:last-child td:last-child .wc-jodi').allTextContents();
    expect(sundays.every((j) => j === '**')).toBe(true);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    await screenshot(page, 'chart-kalyan');
  });

  it('starline chart: today first with a badge, earlier days below, sticky date column', async () => {
    await open('/starline-chart');
    const table = page.getByRole('table', { name: 'Starline Chart' });
    await table.waitFor();
    expect(await seededHeads(table)).toHaveLength(13);
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(28);
    expect(await rows.first().locator('th').textContent()).toMatch(/^\d\d\/\d\d\/\d{4}Today$/);
    expect(await rows.nth(1).locator('th').textContent()).toMatch(/^\d\d\/\d\d\/\d{4}$/);
    expect(await rows.nth(1).locator('.dc-cell.drawn').count()).toBe(12);
    await screenshot(page, 'chart-starline');
    const scroller = page.locator('.chart-scroll');
    const before = await rows.first().locator('th').boundingBox();
    await scroller.evaluate((el) => {
      el.scrollLeft = 400;
    });
    expect(await scroller.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    const after = await rows.first().locator('th').boundingBox();
    expect(after?.x).toBe(before?.x);
    await screenshot(page, 'chart-starline-scrolled');
  });

  it('galidisawar chart: a jodi per game and day', async () => {
    await open('/galidisawar-chart');
    const table = page.getByRole('table', { name: 'Galidisawar Chart' });
    await table.waitFor();
    expect(await seededHeads(table)).toEqual(['Date', 'Desawar', 'Faridabad', 'Ghaziabad', 'Gali']);
    const yesterday = await table.locator('tbody tr').nth(1).locator('.dc-jodi').allTextContents();
    // Yesterday every seeded game has its jodi; markets made today have none.
    expect(yesterday.filter((j) => /^\d\d$/.test(j))).toHaveLength(4);
    await screenshot(page, 'chart-galidisawar');
  });
});

describe('histories for a player who bid on Demo Day', () => {
  const bidRow = (digit: string) => ({
    game: '',
    gameType: 'single-digit',
    amount: 10,
    session: 'Close',
    closeDigit: digit,
  });

  it('shows the placed bids as pending in Bid History', async () => {
    const bids = [5, 6].map((d) => ({ ...bidRow(String(d)), game: game._id }));
    await mustBe(
      await call('POST', 'user/main/bids', { token: playerToken, body: { bids } }),
      [201],
      'place bids',
    );
    await open('/bid-history/main');
    const table = page.getByRole('table', { name: 'Bid History' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(2);
    expect(await table.locator('tbody').textContent()).toContain('Demo Day');
    expect(await table.locator('.badge').allTextContents()).toEqual(['pending', 'pending']);
    await screenshot(page, 'bid-history-pending');
  });

  it('after the result, Win History shows the win and Bid History won and lost', async () => {
    const admin = await getAdminToken();
    const current = await demoDay();
    const base = { gameId: game._id, resultDate: current.marketDay };
    // The automatic draw normally declared the open panna at 00:05; declare it if it has not yet.
    if (!current.todayResult?.openPanna) {
      const r = await call('POST', 'admin/results/main', {
        token: admin,
        body: { ...base, session: 'open', panna: '123' },
      });
      await mustBe(r, [200, 201, 409], 'declare open');
    }
    // 140: 1 + 4 + 0 = 5, so the Close bid on 5 wins and the one on 6 loses.
    const close = await call('POST', 'admin/results/main', {
      token: admin,
      body: { ...base, session: 'close', panna: '140' },
    });
    await mustBe(close, [200, 201], 'declare close');

    await open('/win-history/main');
    const wins = page.getByRole('table', { name: 'Win History' });
    await wins.waitFor();
    const cells = await wins.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells[0]).toBe('1');
    expect(cells[2]).toBe('Demo DaySingle Digit');
    expect(cells[3]).toBe('Close');
    expect(cells[4]).toBe('5');
    expect(cells[5]).toBe('₹95');
    await screenshot(page, 'win-history');

    await page.getByRole('link', { name: 'Starline' }).click();
    await page.waitForURL('**/win-history/starline');
    await page.getByText('No winners found for the selected date').waitFor();
    await screenshot(page, 'win-history-empty');

    await open('/bid-history/main');
    const bids = page.getByRole('table', { name: 'Bid History' });
    await bids.waitFor();
    // A won bid says what it won (issue 39), not just 'won' beside its stake.
    expect((await bids.locator('.badge').allTextContents()).sort()).toEqual([
      'lost',
      expect.stringMatching(/^won ₹\d/),
    ]);
    await screenshot(page, 'bid-history');

    await open('/game-chart/demo%20day');
    const chart = page.getByRole('table', { name: 'Demo Day weekly chart' });
    await chart.waitFor();
    expect(await chart.locator(`td[data-day="${current.marketDay}"] .wc-panna`).last().textContent()).toBe(
      '140',
    );
    await screenshot(page, 'chart-demo-day');
  });

  it('an earlier date without bids shows the empty state', async () => {
    await open('/bid-history/main');
    await page.getByLabel('Select Date').fill('2026-01-01');
    await page.getByText('No bids found for the selected date').waitFor();
    await screenshot(page, 'bid-history-empty');
  });
});
