import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRupees } from '../../src/domain/format';
import { call, getAdminToken } from './api';
import { context, createGame, type E2eGame, player, shot, startStack, stopStack } from './bidding-harness';

// A player's day end to end through the screens: bids placed through the game-type menu on a market
// made for this test show in Bid History; the operator's result makes one of them win, and Win
// History and the header balance show exactly that win.

type Data<T> = { data: T; message?: string };
let game: E2eGame;
let page: Page;

/** The header's wallet chip, in rupees ('Wallet balance ₹99,980' -> 99980). */
async function headerBalance(): Promise<number> {
  const chip = page.getByRole('link', { name: /^Wallet balance / });
  await chip.waitFor();
  const label = (await chip.getAttribute('aria-label')) ?? '';
  return Number(label.replace(/[^\d.]/g, ''));
}

/**
 * Widths of a history table's scroll box at the phone's 360 px: every column, the money one last,
 * must show without a sideways scroll, however long the market name.
 */
async function sidewaysWidths(table: Locator): Promise<{ scrollWidth: number; clientWidth: number }> {
  return table.evaluate((t) => {
    const box = t.parentElement as HTMLElement;
    return { scrollWidth: box.scrollWidth, clientWidth: box.clientWidth };
  });
}

async function expectNoSidewaysScroll(table: Locator): Promise<void> {
  const { scrollWidth, clientWidth } = await sidewaysWidths(table);
  expect(clientWidth).toBeGreaterThan(0);
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

type SingleDigitRate = { singleDigitPoint: number; singleDigitAmount: number };

/** The server's main single digit rate now. */
async function singleDigitRate(): Promise<SingleDigitRate> {
  const r = await call<Data<SingleDigitRate[]>>('GET', 'admin/game-point');
  const rate = r.body.data[0];
  if (!rate) throw new Error('no main rates');
  return { singleDigitPoint: rate.singleDigitPoint, singleDigitAmount: rate.singleDigitAmount };
}

/** What a winning Single Digit bid of `points` pays at a rate. */
const singleDigitWin = (points: number, rate: SingleDigitRate) =>
  (points * rate.singleDigitAmount) / rate.singleDigitPoint;

beforeAll(async () => {
  await startStack();
  game = await createGame('main', `E2E HIST ${Date.now().toString(36).toUpperCase()}`);
  page = await context.newPage();
  await page.goto('/');
  await page.evaluate((token) => localStorage.setItem('token', token), player.token);
}, 120_000);

afterAll(stopStack);

describe('Bid History and Win History after bids placed through the screens', () => {
  let afterBids = 0;
  /** The rate the bids were placed at: they keep it whatever the operator changes after. */
  let placedAt: SingleDigitRate;

  it('places two Open Single Digit bids from home through See Bids and Submit', async () => {
    await page.goto('/home');
    const before = await headerBalance();
    await page.getByRole('button', { name: `Play ${game.name}` }).click();
    await page.waitForURL('**/market');
    await page.getByRole('link', { name: 'Single Digit Bulk', exact: true }).click();
    await page.waitForURL('**/single-digit-bulk');
    await page.getByLabel('Select Market Type').selectOption({ label: 'Open' });
    await page.getByLabel('Amount', { exact: true }).fill('10');
    await page.getByRole('button', { name: '1', exact: true }).click();
    await page.getByRole('button', { name: '2', exact: true }).click();
    await page.getByRole('button', { name: 'See Bids', exact: true }).click();
    const dialog = page.getByRole('dialog');
    // Each row's Wins: what it pays if it wins, at the rate it will keep.
    placedAt = await singleDigitRate();
    const wins = await dialog.getByTestId('dialog-win').allTextContents();
    expect(wins).toEqual([String(singleDigitWin(10, placedAt)), String(singleDigitWin(10, placedAt))]);
    await shot(page, 'history-after-bid-dialog');
    await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText('Bid created successfully!').waitFor();
    await expect.poll(headerBalance).toBe(before - 20);
    afterBids = before - 20;
  });

  it('Bid History lists both bids with market, session, digit and amount', async () => {
    await page.goto('/bid-history');
    const table = page.getByRole('table', { name: 'Bid History' });
    await table.waitFor();
    const rows = table.locator('tbody tr').filter({ hasText: game.name });
    await expect.poll(() => rows.count()).toBe(2);
    const cells = async (i: number) => (await rows.nth(i).locator('td').allTextContents()).slice(2);
    const seen = [await cells(0), await cells(1)].map(([market, session, digit, amount]) => ({
      market,
      session,
      digit: digit?.match(/^\d+/)?.[0],
      // The rate each bid keeps, in the words of the rate screens.
      rate: digit?.match(/\((\d+ KA \d+)\)/)?.[1],
      pending: digit?.includes('pending'),
      amount,
    }));
    expect(seen.sort((a, b) => String(a.digit).localeCompare(String(b.digit)))).toEqual(
      ['1', '2'].map((digit) => ({
        market: game.name,
        session: 'Open',
        digit,
        rate: `${placedAt.singleDigitPoint} KA ${placedAt.singleDigitAmount}`,
        pending: true,
        amount: '₹10',
      })),
    );
    await expectNoSidewaysScroll(table);
    await shot(page, 'history-after-bid-bids');
  });

  it('after a rate change and the open result, the win is paid at the rate the bid was placed at', async () => {
    // The operator lowers the rate after the bids (issue 45: the win used to follow the change).
    const owner = await getAdminToken();
    const lowered = placedAt.singleDigitAmount - 15;
    const put = await call('PUT', 'admin/game-point', { token: owner, body: { singleDigitAmount: lowered } });
    expect(put.status).toBe(200);
    try {
      await declareAndCheckWin();
    } finally {
      await call('PUT', 'admin/game-point', {
        token: owner,
        body: { singleDigitAmount: placedAt.singleDigitAmount },
      });
    }
  });

  async function declareAndCheckWin() {
    const games = await call<Data<Array<{ _id: string; marketDay: string }>>>('GET', 'admin/main-games');
    const marketDay = games.body.data.find((g) => g._id === game.id)?.marketDay;
    expect(marketDay).toMatch(/^\d{4}-\d\d-\d\d$/);
    // 128: 1 + 2 + 8 = 11, so the open digit is 1: the bid on 1 wins, the bid on 2 loses.
    const declared = await call<Data<{ settlement: { winners: number; totalWinAmount: number } }>>(
      'POST',
      'admin/results/main',
      {
        token: await getAdminToken(),
        body: { gameId: game.id, resultDate: marketDay, session: 'open', panna: '128' },
      },
    );
    expect(declared.status).toBe(201);
    const win = singleDigitWin(10, placedAt);
    expect(win).toBeGreaterThan(0);
    expect(declared.body.data.settlement).toMatchObject({ winners: 1, totalWinAmount: win });

    await page.goto('/win-history');
    const wins = page.getByRole('table', { name: 'Win History' });
    await wins.waitFor();
    const row = wins.locator('tbody tr').filter({ hasText: game.name });
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(2)).toEqual([`${game.name}Single Digit`, 'Open', '1', formatRupees(win)]);
    // The balance is read at sign-in; a reload reads it again from the server.
    await page.reload();
    await wins.waitFor();
    expect(await headerBalance()).toBe(afterBids + win);
    await expectNoSidewaysScroll(wins);
    await shot(page, 'history-after-bid-wins');

    await page.goto('/bid-history');
    const bids = page.getByRole('table', { name: 'Bid History' });
    await bids.waitFor();
    const badges = bids.locator('tbody tr').filter({ hasText: game.name }).locator('.badge');
    // The win says what it won (issue 39), not just 'won' beside its stake.
    expect((await badges.allTextContents()).sort()).toEqual(['lost', `won ${formatRupees(win)}`]);
    const placedWords = `(${placedAt.singleDigitPoint} KA ${placedAt.singleDigitAmount})`;
    for (const text of await bids.locator('tbody tr').filter({ hasText: game.name }).allTextContents()) {
      expect(text).toContain(placedWords);
    }
    await expectNoSidewaysScroll(bids);
    await shot(page, 'history-after-bid-settled');
  }
});
