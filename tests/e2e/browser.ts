import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from '../../scripts/bench/helpers.mjs';
import { serverUrl } from './api';

export const PHONE_VIEWPORT = { width: 360, height: 740 };
const SHOTS = 'test-results/screenshots';

export type Browser = { context: BrowserContext; close: () => Promise<void> };

/**
 * One headless Chromium with a fresh profile, phone-sized pages, the app's origin as base URL.
 * The service worker is blocked unless asked for, so most tests see the network as it is.
 */
export async function launchBrowser(
  opts: { serviceWorkers?: boolean; locale?: string } = {},
): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'matka-chrome-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: PHONE_VIEWPORT,
    baseURL: serverUrl(),
    // The server's market zone, so the page's clock reads the same wall time as the market.
    timezoneId: inject('marketTz'),
    // The phone's language (navigator.languages, Accept-Language): English unless a test sets one.
    locale: opts.locale ?? 'en-IN',
    serviceWorkers: opts.serviceWorkers ? 'allow' : 'block',
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Saves a 360x740 screenshot as test-results/screenshots/{name}.png. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** Signs the suite's operator in to the console on `page`; ends on the dashboard. */
export async function signInToConsole(page: Page): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('Username').fill(inject('admin').username);
  await page.getByLabel('Password').fill(inject('admin').password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

type Registration = { registrationId: string; scopeURL: string; isDeleted: boolean };

/**
 * A page of a browser with service workers and notifications allowed, and a DevTools session on
 * it: `registrationId()` resolves with the app's worker registration once it exists (for
 * ServiceWorker.deliverPushMessage).
 */
export async function pushPage(browser: Browser, origin: string) {
  await browser.context.grantPermissions(['notifications'], { origin });
  const page = await browser.context.newPage();
  const cdp = await browser.context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = (registrations as Registration[]).find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return { page, cdp, registrationId: () => found };
}
