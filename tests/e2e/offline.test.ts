import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniquePhone } from './api';
import { type Browser, launchBrowser, screenshot } from './browser';
import { loginPlayer, registerPlayer } from './player';

// The installable, offline side: the service worker precaches the app, deep links open offline,
// and the persisted store shows the last markets without a network.
let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser({ serviceWorkers: true });
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
});

describe('offline app', () => {
  it('serves the manifest with its icons', async () => {
    const r = await page.request.get('/manifest.webmanifest');
    expect(r.ok()).toBe(true);
    const manifest = await r.json();
    expect(manifest).toMatchObject({ start_url: '/home', display: 'standalone' });
    for (const icon of manifest.icons as Array<{ src: string }>) {
      expect((await page.request.get(icon.src)).headers()['content-type']).toContain('image/png');
    }
  });

  it('registers the service worker and opens home offline with the saved markets', async () => {
    const player = { name: 'Offline Player', phone: uniquePhone(), password: 'secret12' };
    await registerPlayer(page, player);
    await loginPlayer(page, player.phone, player.password);
    await page.getByRole('button', { name: 'Play Demo Day' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The install (a few entries at a time, sw/precache.ts) stored every entry of the manifest.
    const sw = await (await page.request.get('/sw.js')).text();
    const manifest = new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]));
    const precached = await page.evaluate(async () => {
      const name = (await caches.keys()).find((key) => key.startsWith('workbox-precache'));
      const keys = name ? await (await caches.open(name)).keys() : [];
      return keys.map((request) => new URL(request.url).pathname.slice(1));
    });
    expect(manifest.size).toBeGreaterThan(50);
    expect(new Set(precached)).toEqual(manifest);
    // Let the persisted store write the market list to IndexedDB.
    await page.waitForTimeout(1000);
    await browser.context.setOffline(true);
    try {
      // The worker's install saved the rates of all three families, though this player never
      // opened Game Rates online.
      await page.goto('/game-rate/all');
      for (const family of ['Main', 'Starline', 'Gali Disawar']) {
        const section = page.getByRole('region', { name: `${family} Game Rates` });
        await expect
          .poll(() => section.getByRole('definition').count(), { timeout: 10_000 })
          .toBeGreaterThan(0);
      }
      expect(await page.getByText('Failed to load game rates').count()).toBe(0);
      await screenshot(page, 'game-rates-offline');
      await page.goto('/home');
      await page.getByRole('button', { name: 'Play Demo Day' }).waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/home');
      await screenshot(page, 'home-offline');
      // Home's Starline and GaliDisawar buttons open their last lists, read in the background
      // after home settled, though this player never opened them online.
      for (const [path, market] of [
        ['/starline', /^starline 10:00 am$/i],
        ['/galidisawar', /^gali$/i],
      ] as const) {
        await page.goto(path);
        await page.getByText(market).first().waitFor({ timeout: 15_000 });
        expect(await page.getByText('Error loading games', { exact: false }).count()).toBe(0);
      }
      await screenshot(page, 'galidisawar-offline');
    } finally {
      await browser.context.setOffline(false);
    }
  });
});
