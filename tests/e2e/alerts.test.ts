import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Tables } from '../../src/i18n/core';
import { homeEn } from '../../src/i18n/en/home';
import { notifyEn } from '../../src/i18n/en/notify';
import { tables as hi } from '../../src/i18n/lang-hi';
import { tables as mr } from '../../src/i18n/lang-mr';
import { call, serverUrl, useServer } from './api';
import { newPlayer } from './bidding-harness';
import { type Browser, launchBrowser, screenshot } from './browser';
import { startServer } from './global-setup';

// Issue 49, the bell: following a market asks this phone for notifications and registers it for
// push, or says plainly why no alert can come. Against a build of the app with a Firebase web
// config (a made-up project: FCM's two web APIs are answered by the test, and the browser's push
// service, which headless Chromium cannot reach, by a stand-in PushManager), in Chromium:
// - the phone's question answered Allow: the device is registered (POST /user/device-token), the
//   toast says results will come to this phone, Notifications says alerts are on;
// - answered Block (headless Chromium refuses a question nobody answers), or blocked before
//   (CDP Browser.setPermission): the toast and Notifications say they are blocked and how to allow;
// - iPhone Safari outside the installed app: says to add it to the Home Screen first.
// The build without a config (every other browser test's) says alerts are not available on this
// install: tests/e2e/first-week.test.ts.

const PROJECT = 'matka-e2e';
const FIREBASE_ENV = {
  VITE_FIREBASE_API_KEY: 'AIzaSyE2E-not-a-real-key-0000000000000',
  VITE_FIREBASE_AUTH_DOMAIN: `${PROJECT}.firebaseapp.com`,
  VITE_FIREBASE_PROJECT_ID: PROJECT,
  VITE_FIREBASE_MESSAGING_SENDER_ID: '123456789012',
  VITE_FIREBASE_APP_ID: '1:123456789012:web:e2e0000000000000',
  VITE_FIREBASE_VAPID_KEY: Buffer.alloc(65, 4).toString('base64url'),
};
const FCM_TOKEN = 'e2e-fcm-token';

const ENGLISH: Tables = { home: homeEn, notify: notifyEn };
const LANGS = [
  { lang: 'en', name: 'English', tables: ENGLISH },
  { lang: 'hi', name: 'हिंदी', tables: hi as unknown as Tables },
  { lang: 'mr', name: 'मराठी', tables: mr as unknown as Tables },
] as const;

let buildDir = '';
let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  buildDir = mkdtempSync(join(tmpdir(), 'matka-push-build-'));
  const built = spawnSync('npx', ['vite', 'build', '--outDir', join(buildDir, 'dist'), '--emptyOutDir'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production', ...FIREBASE_ENV },
  });
  if (built.status !== 0) throw new Error('the build with a Firebase config failed');
  server = await startServer(inject('marketTz'), { DIST_DIR: join(buildDir, 'dist') });
  useServer(server.baseUrl);
}, 300_000);

afterAll(async () => {
  await server?.stop();
  if (buildDir) rmSync(buildDir, { recursive: true, force: true });
});

/**
 * What a phone's push side does out of reach of a test: FCM's installation and registration
 * calls, and the browser's push subscription. The question's answer is the test's (`answer`).
 */
async function standInForFcm(context: BrowserContext, answer: 'allow' | 'block') {
  await context.route('https://firebaseinstallations.googleapis.com/**', async (route) => {
    const sent = route.request().postDataJSON() as { fid?: string } | null;
    await route.fulfill({
      contentType: 'application/json',
      body: JSON.stringify({
        name: `projects/${PROJECT}/installations/${sent?.fid ?? 'fid'}`,
        fid: sent?.fid ?? 'cAAAAAAAAAAAAAAAAAAAAA',
        refreshToken: 'e2e-refresh',
        authToken: { token: 'e2e-auth', expiresIn: '604800s' },
      }),
    });
  });
  await context.route('https://fcmregistrations.googleapis.com/**', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ token: FCM_TOKEN }) }),
  );
  const origin = new URL(serverUrl()).origin;
  // The phone's own dialog: Allow grants the permission as the browser would; Block is what
  // headless Chromium does with a question nobody answers.
  await context.exposeFunction('answerNotificationQuestion', async () => {
    if (answer === 'allow') await context.grantPermissions(['notifications'], { origin });
    return answer === 'allow';
  });
  await context.addInitScript(() => {
    const w = window as unknown as {
      asked: number;
      answerNotificationQuestion: () => Promise<boolean>;
    };
    w.asked = 0;
    const real = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = async () => {
      w.asked += 1;
      return (await w.answerNotificationQuestion()) ? 'granted' : real();
    };
    const key = (n: number) => new Uint8Array(n).fill(7).buffer;
    const subscription = {
      endpoint: 'https://fcm.googleapis.com/fcm/send/e2e',
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: key(65) },
      getKey: (name: string) => key(name === 'auth' ? 16 : 65),
      toJSON: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/e2e', keys: {} }),
      unsubscribe: async () => true,
    };
    let subscribed = false;
    PushManager.prototype.getSubscription = async () => (subscribed ? subscription : null) as never;
    PushManager.prototype.subscribe = async () => {
      subscribed = true;
      return subscription as never;
    };
  });
}

/** A signed-in player's home on `browser`, in `name`'s language; answers the page and the token. */
async function signedInHome(browser: Browser, name: string) {
  const player = await newPlayer();
  const page = await browser.context.newPage();
  await page.goto('/');
  if (name !== 'English') {
    await page.getByRole('button', { name, exact: true }).click();
    // The choice is made once its code has loaded (the sign-in page loads it on the tap): leaving
    // the page before then would leave the phone in English.
    await page.waitForFunction(() => localStorage.getItem('matka-language') !== null);
  }
  await page.evaluate((token) => localStorage.setItem('token', token), player.token);
  await page.goto('/home');
  await page.locator('.market-card').first().waitFor();
  return { page, token: player.token };
}

const devicesOf = async (token: string) =>
  (await call<{ data: unknown[] }>('GET', 'user/devices', { token })).body.data;

describe.each(LANGS)('the bell in $lang, with push in the build', ({ lang, name, tables }) => {
  const t = (area: string, key: string, game = '') =>
    (tables[area]?.[key] ?? ENGLISH[area]?.[key] ?? key).replace('{game}', game);
  let browser: Browser | undefined;
  afterAll(async () => {
    await browser?.close();
  });

  async function tapBell(page: Page, game: string) {
    await page.getByRole('button', { name: t('home', 'follow', game) }).click();
    await page.getByRole('button', { name: t('home', 'unfollow', game) }).waitFor();
  }

  it('Allow: the phone is registered and the toast says results will come to it', async () => {
    browser = await launchBrowser({ serviceWorkers: true });
    await standInForFcm(browser.context, 'allow');
    const { page, token } = await signedInHome(browser, name);
    // Nothing was asked at start-up: only the bell asks.
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
    expect(await devicesOf(token)).toEqual([]);
    await tapBell(page, 'Demo Day');
    await page.getByText(t('notify', 'followedAlerts', 'Demo Day')).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(1);
    await screenshot(page, `alerts-${lang}-allowed`);
    expect(await devicesOf(token)).toHaveLength(1);
    await page.goto('/notifications');
    await page.getByText(t('notify', 'alertsOn')).waitFor();
    await page.getByText(t('notify', 'thisDevice')).waitFor();
    await screenshot(page, `alerts-${lang}-notifications-on`);
  });

  it('Block, or blocked before: the toast and Notifications say how to allow them', async () => {
    await browser?.close();
    browser = await launchBrowser({ serviceWorkers: true });
    // Hindi answers the question with Block; Marathi and English had blocked the site before.
    const askedBlock = lang === 'hi';
    await standInForFcm(browser.context, 'block');
    const { page, token } = await signedInHome(browser, name);
    if (!askedBlock) {
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Browser.setPermission', {
        permission: { name: 'notifications' },
        setting: 'denied',
        origin: new URL(serverUrl()).origin,
      });
    }
    await tapBell(page, 'Demo Day');
    const said = `${t('notify', 'followedNoAlerts', 'Demo Day')} ${t('notify', 'alertsRefused')}`;
    await page.getByText(said).waitFor({ timeout: 20_000 });
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(
      askedBlock ? 1 : 0,
    );
    await screenshot(page, `alerts-${lang}-refused`);
    expect(await devicesOf(token)).toEqual([]);
    await page.goto('/notifications');
    await page.getByText(t('notify', 'alertsRefused')).waitFor();
    expect(await page.getByRole('button', { name: t('notify', 'alertsTurnOn') }).count()).toBe(0);
    await screenshot(page, `alerts-${lang}-notifications-refused`);
  });

  it('iPhone Safari outside the installed app: add it to the Home Screen first', async () => {
    const page = await browser?.context.newPage();
    if (!page) throw new Error('no browser');
    const cdp = await browser?.context.newCDPSession(page);
    await cdp?.send('Network.setUserAgentOverride', {
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    });
    await page.goto('/home');
    await page.locator('.market-card').first().waitFor();
    await tapBell(page, 'Milan Morning');
    const said = `${t('notify', 'followedNoAlerts', 'Milan Morning')} ${t('notify', 'alertsIosInstall')}`;
    await page.getByText(said).waitFor({ timeout: 20_000 });
    await screenshot(page, `alerts-${lang}-iphone`);
  });
});
