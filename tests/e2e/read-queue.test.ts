import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, getAdminToken } from './api';
import { type Browser, launchBrowser } from './browser';
import { installedAndSignedOut } from './player';

// The built service worker's read-refresh queue in Chromium: a notices read that fails offline is
// queued (a money call made offline is not), and the background sync DevTools fires once the
// network is back fetches it again and puts the fresh answer in the cache.

const QUEUE = 'read-refresh-reads';
const NOTICES = '/api/v1/notices';

let browser: Browser;
let page: Page;
let cdp: CDPSession;
let registrationId = '';
const origin = () => new URL(inject('baseUrl')).origin;

beforeAll(async () => {
  browser = await launchBrowser({ serviceWorkers: true });
  page = await browser.context.newPage();
  cdp = await browser.context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = (registrations as Array<{ registrationId: string; scopeURL: string }>).find(
        (r) => r.scopeURL === `${origin()}/`,
      );
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await installedAndSignedOut(page);
  registrationId = await found;
}, 120_000);

afterAll(async () => {
  await browser?.context.setOffline(false);
  await browser?.close();
});

/** Notice titles in the worker's 'reads' cache for GET /api/v1/notices. */
function cachedTitles(): Promise<string[]> {
  return page.evaluate(async (path) => {
    const cached = await (await caches.open('reads')).match(path);
    if (!cached) return [];
    const body = (await cached.json()) as { data: Array<{ title: string }> };
    return body.data.map((n) => n.title);
  }, NOTICES);
}

/** Method and URL of each request waiting in the worker's queue (workbox-background-sync's IndexedDB). */
function queued(): Promise<Array<{ method: string; url: string }>> {
  return page.evaluate(
    (queueName) =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('workbox-background-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('requests')) return resolve([]);
          const all = db.transaction('requests').objectStore('requests').getAll();
          all.onsuccess = () => {
            const rows = all.result as Array<{
              queueName: string;
              requestData: { method?: string; url: string };
            }>;
            resolve(
              rows
                .filter((r) => r.queueName === queueName)
                .map((r) => ({ method: r.requestData.method ?? 'GET', url: r.requestData.url })),
            );
            db.close();
          };
        };
      }),
    QUEUE,
  );
}

describe('read refreshes queued offline', () => {
  it('replays a notices read that failed offline on background sync and refreshes the cache', async () => {
    await page.evaluate((path) => fetch(path).then((r) => r.json()), NOTICES);
    await expect.poll(cachedTitles).not.toEqual([]);
    const title = `Offline notice ${Date.now()}`;

    await browser.context.setOffline(true);
    try {
      const created = await call('POST', 'admin/notices', {
        token: await getAdminToken(),
        body: { title, message: 'Published while the player was offline' },
      });
      expect(created.status).toBe(201);
      // The screen still gets the cached list; the refresh behind it fails and is queued, twice
      // asked but queued once.
      for (let i = 0; i < 2; i++) {
        const shown = await page.evaluate((path) => fetch(path).then((r) => r.json()), NOTICES);
        expect((shown as { data: Array<{ title: string }> }).data.map((n) => n.title)).not.toContain(title);
      }
      // A money call made offline fails for the player and is never kept for a replay.
      const money = await page.evaluate(() =>
        fetch('/api/v1/user/fund', { method: 'POST', body: '{"amount":500}' }).then(
          () => 'answered',
          () => 'failed',
        ),
      );
      expect(money).toBe('failed');
      await expect.poll(queued).toEqual([{ method: 'GET', url: `${origin()}${NOTICES}` }]);
      // Nothing but the queue fetches notices for the worker's cache from here on.
      expect(await cachedTitles()).not.toContain(title);
    } finally {
      await browser.context.setOffline(false);
    }
    await page.evaluate(() => {
      const w = window as unknown as { fromWorker: unknown[] };
      w.fromWorker = [];
      navigator.serviceWorker.addEventListener('message', (e) => w.fromWorker.push(e.data));
    });
    // Chromium may fire the queue's sync by itself once it can reach the network; this one is
    // fired for sure.
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: origin(),
      registrationId,
      tag: `workbox-background-sync:${QUEUE}`,
      lastChance: false,
    });
    await expect.poll(cachedTitles, { timeout: 10_000 }).toContain(title);
    expect(await queued()).toEqual([]);
    // The open page is told, so its screen reads the notices again (src/lib/sw-messages.ts).
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { fromWorker: unknown[] }).fromWorker))
      .toContainEqual({ type: 'READ_REFRESHED', url: `${origin()}${NOTICES}` });
  });
});
