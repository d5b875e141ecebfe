import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';

// The bidding browser suite's stack: the real server on a fresh embedded database serving the
// built app, an operator and a fresh player, markets made for the test, and one headless Chromium.
// E2E_BIDDING_BASE_URL points the suite at a server that is already running instead.

const SHOTS = join(process.cwd(), 'test-results', 'screenshots');
const ADMIN = { username: 'e2e-bidding-admin', password: 'e2e-bidding-secret' };
const PORT = 8700 + (process.pid % 200);
export const BASE = process.env.E2E_BIDDING_BASE_URL ?? `http://127.0.0.1:${PORT}`;
const TZ = 'Asia/Kolkata';

let server: ChildProcess | null = null;
let dataDir = '';
export let context: BrowserContext;
let adminToken = '';
export let player = { token: '', id: '' };

type Answer = {
  status: number;
  body: { status?: boolean; message?: string; data?: unknown; token?: string };
};

export async function call(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  headers = {},
): Promise<Answer> {
  const r = await fetch(`${BASE}/api/v1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: r.status, body: (await r.json().catch(() => ({}))) as Answer['body'] };
}

async function startServer() {
  if (process.env.E2E_BIDDING_BASE_URL) return;
  dataDir = mkdtempSync(join(tmpdir(), 'e2e-bidding-'));
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: process.env.E2E_DIST_DIR ?? 'dist',
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120; i++) {
    const up = await fetch(`${BASE}/api/v1/status`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

async function otpFor(phone: string): Promise<string> {
  const out = await call('GET', `/admin/sms-outbox?phone=${phone}`, undefined, adminToken);
  const text = (out.body.data as { text: string }[])[0]?.text ?? '';
  return /\b(\d{4})\b/.exec(text)?.[1] ?? '';
}

/** A fresh verified player with 100,000 points, signed in through the OTP flow. */
export async function newPlayer() {
  const phone = `9${String(Date.now()).slice(-9)}`;
  const password = 'secret123';
  await call('POST', '/user/register', { name: 'E2E Bidder', phone, password, confirmPassword: password });
  await call('POST', '/user/verify-otp', { otp: await otpFor(phone), phone, purpose: 'registration' });
  await call('POST', '/user/login', { phone, password });
  const login = await call('POST', '/user/verify-otp', { otp: await otpFor(phone), phone, purpose: 'login' });
  const token = login.body.token ?? '';
  const me = await call('GET', '/user/user-details', undefined, token);
  const id = (me.body.data as { _id: string })._id;
  await call(
    'POST',
    `/admin/users/${id}/wallet`,
    { type: 'credit', amount: 100000, description: 'E2E' },
    adminToken,
  );
  return { token, id };
}

/** Minutes after midnight in the market zone, now. */
function marketMinutes(): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: TZ,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date())
    .split(':');
  return Number(parts[0]) * 60 + Number(parts[1]);
}

const hhmm = (m: number) =>
  `${String(Math.floor(m / 60) % 24).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** A market that opens later today, so every bet type (whole-day ones too) is open. */
function laterToday() {
  const now = marketMinutes();
  // Late at night the window wraps past midnight: the close lands on the next calendar day.
  const open = Math.min(now + 20, 1439);
  return { openTime: hhmm(open), closeTime: hhmm((open + 60) % 1440) };
}

/** A main market that opened half an hour ago and closes in an hour. */
export function openedEarlier() {
  const now = marketMinutes();
  return { openTime: hhmm(Math.max(0, now - 30)), closeTime: hhmm(Math.min(now + 60, 1439)) };
}

export async function createGame(
  family: 'main' | 'starline' | 'galidisawar',
  name: string,
  extra: object = {},
) {
  const path = {
    main: '/admin/main-games',
    starline: '/admin/starline-games',
    galidisawar: '/admin/galidisawar-games',
  }[family];
  const times = { ...laterToday(), ...extra };
  const body =
    family === 'main'
      ? { gameName: name, ...times, ...extra }
      : { gameName: name, openTime: times.openTime, ...extra };
  const r = await call('POST', path, body, adminToken);
  if (r.status !== 201) throw new Error(`creating ${name}: ${r.status} ${JSON.stringify(r.body)}`);
  const id = (r.body.data as { _id: string })._id;
  const shown =
    family === 'main'
      ? { openTime: times.openTime, closeTime: times.closeTime as string | null }
      : { openTime: times.openTime, closeTime: null };
  return { id, name, family, ...shown };
}

export type E2eGame = Awaited<ReturnType<typeof createGame>>;

/** Opens a page signed in as the player with `game` as the current selection. */
export async function openMarket(game: E2eGame): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${BASE}/`);
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
  await page.goto(`${BASE}/market`);
  await page.getByRole('heading', { name: new RegExp(game.name) }).waitFor();
  return page;
}

export async function balance(): Promise<number> {
  return ((await call('GET', '/user/user-details', undefined, player.token)).body.data as { balance: number })
    .balance;
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
    const path = `/user/all-bids?limit=100&page=${page}&marketType=${game.family}`;
    const r = await call('GET', path, undefined, player.token);
    all.push(...(r.body.data as HistoryBid[]));
    if (!(r.body as { pagination?: { hasNextPage: boolean } }).pagination?.hasNextPage) break;
  }
  return all.filter((b) => b.game.gameName === game.name);
}

export async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(SHOTS, `${name}.png`) });
}

export async function startStack() {
  mkdirSync(SHOTS, { recursive: true });
  await startServer();
  adminToken = (await call('POST', '/admin/login', ADMIN)).body.token ?? '';
  if (!adminToken) throw new Error('operator login failed');
  player = await newPlayer();
  context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'e2e-bidding-profile-')), {
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
    viewport: { width: 360, height: 740 },
  });
}

export async function stopStack() {
  await context?.close();
  server?.kill('SIGTERM');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
}
