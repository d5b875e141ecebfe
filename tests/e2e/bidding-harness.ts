import type { BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { call, creditWallet, getAdminToken, latestOtp, uniquePhone } from './api';
import { type Browser, launchBrowser, screenshot } from './browser';

// What the bidding browser suite adds to the shared e2e harness (global-setup starts the server
// with the built app; api.ts and browser.ts reach it): a fresh player with points, markets made for
// the test at times relative to now, and a page that opens /market with a market selected.

type Family = 'main' | 'starline' | 'galidisawar';
type Data<T> = { data: T; token?: string; message?: string; pagination?: { hasNextPage: boolean } };

let browser: Browser | null = null;
export let context: BrowserContext;
export const player = { token: '', id: '' };

/** A POST with headers the shared `call` does not send (the Idempotency-Key). */
export async function postWithHeaders(path: string, body: unknown, headers: Record<string, string>) {
  const r = await fetch(`${inject('baseUrl')}/api/v1/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${player.token}`, ...headers },
    body: JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json()) as { message?: string } };
}

/** A fresh verified player with 100,000 points, signed in through register, login and OTPs. */
export async function newPlayer() {
  const phone = uniquePhone();
  const password = 'secret123';
  let since = Date.now() - 2000;
  await call('POST', 'user/register', {
    body: { name: 'E2E Bidder', phone, password, confirmPassword: password, adult: true },
  });
  const otp1 = await latestOtp(phone, since);
  await call('POST', 'user/verify-otp', { body: { otp: otp1, phone, purpose: 'registration' } });
  since = Date.now() - 500;
  await call('POST', 'user/login', { body: { phone, password } });
  const otp2 = await latestOtp(phone, since);
  const login = await call<Data<unknown>>('POST', 'user/verify-otp', {
    body: { otp: otp2, phone, purpose: 'login' },
  });
  const token = login.body.token ?? '';
  const me = await call<Data<{ _id: string }>>('GET', 'user/user-details', { token });
  const credit = await creditWallet(me.body.data._id, 100000, 'E2E bidding');
  if (credit >= 300) throw new Error(`wallet credit failed: ${credit}`);
  return { token, id: me.body.data._id, phone, password };
}

/** Minutes after midnight in the market zone (the server's MARKET_TZ, midday by choice), now. */
function marketMinutes(): number {
  const [h, m] = new Intl.DateTimeFormat('en-GB', {
    timeZone: inject('marketTz'),
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':');
  return Number(h) * 60 + Number(m);
}

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** Opens 20 minutes from now, so every bet type (whole-day ones too) is open; midday, far from midnight. */
function laterToday() {
  const open = Math.min(marketMinutes() + 20, 1439);
  return { openTime: hhmm(open), closeTime: hhmm((open + 60) % 1440) };
}

/** A main market that opened half an hour ago and closes in an hour. */
export function openedEarlier() {
  const now = marketMinutes();
  return { openTime: hhmm(Math.max(0, now - 30)), closeTime: hhmm(Math.min(now + 60, 1439)) };
}

const GAME_PATHS: Record<Family, string> = {
  main: 'admin/main-games',
  starline: 'admin/starline-games',
  galidisawar: 'admin/galidisawar-games',
};

export async function createGame(family: Family, name: string, extra: Record<string, unknown> = {}) {
  const times = { ...laterToday(), ...extra } as { openTime: string; closeTime: string };
  const body =
    family === 'main' ? { gameName: name, ...times } : { ...extra, gameName: name, openTime: times.openTime };
  const r = await call<Data<{ _id: string }>>('POST', GAME_PATHS[family], {
    token: await getAdminToken(),
    body,
  });
  if (r.status !== 201) throw new Error(`creating ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  const closeTime = family === 'main' ? times.closeTime : null;
  return { id: r.body.data._id, name, family, openTime: times.openTime, closeTime };
}

export type E2eGame = Awaited<ReturnType<typeof createGame>>;

/** A new page signed in as the player, with `game` as the current selection, showing /market. */
export async function openMarket(game: E2eGame): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  const selection = {
    gameId: game.id,
    gameName: game.name,
    openTime: game.openTime,
    closeTime: game.closeTime,
    gamePurpose: game.family,
    formattedOpenTime: '',
    formattedCloseTime: null,
  };
  await page.evaluate(
    ([token, sel]) => {
      localStorage.setItem('token', token as string);
      localStorage.setItem('currentGame', sel as string);
    },
    [player.token, JSON.stringify(selection)],
  );
  await page.goto('/market');
  try {
    await page.getByRole('heading', { name: new RegExp(game.name) }).waitFor({ timeout: 20_000 });
  } catch (error) {
    await screenshot(page, `failed-open-market-${game.family}`);
    const text = ((await page.locator('body').textContent()) ?? '').slice(0, 300);
    throw new Error(`/market did not show ${game.name}: at ${page.url()} showing "${text}"`, {
      cause: error,
    });
  }
  return page;
}

export async function balance(): Promise<number> {
  return (await call<Data<{ balance: number }>>('GET', 'user/user-details', { token: player.token })).body
    .data.balance;
}

export type HistoryBid = {
  gameType: string;
  game: { gameName: string };
  amount: number;
  session: string | null;
  digit: string | null;
  openDigit: string | null;
  closeDigit: string | null;
};

/** The player's bids on one market, from GET /user/all-bids (every page). */
export async function bidsOf(game: E2eGame): Promise<HistoryBid[]> {
  const all: HistoryBid[] = [];
  for (let page = 1; ; page++) {
    const path = `user/all-bids?limit=100&page=${page}&marketType=${game.family}`;
    const r = await call<Data<HistoryBid[]>>('GET', path, { token: player.token });
    all.push(...r.body.data);
    if (!r.body.pagination?.hasNextPage) break;
  }
  return all.filter((b) => b.game.gameName === game.name);
}

export const shot = screenshot;

export async function startStack() {
  Object.assign(player, await newPlayer());
  browser = await launchBrowser();
  context = browser.context;
}

export async function stopStack() {
  await browser?.close();
}
