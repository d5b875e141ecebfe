import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Browser, launchBrowser, pushPage, screenshot } from './browser';
import { installedAndSignedOut } from './player';

// The installed app's push side in Chromium: installable, and the built service worker handles a
// push delivered by DevTools (no FCM) with the server's payload shape: a notification when no app
// window is visible, a message for the toast when one is.

let browser: Browser;
let page: Page;
let cdp: CDPSession;
let registrationId = '';
const origin = () => new URL(inject('baseUrl')).origin;

beforeAll(async () => {
  browser = await launchBrowser({ serviceWorkers: true });
  const opened = await pushPage(browser, origin());
  page = opened.page;
  cdp = opened.cdp;
  await installedAndSignedOut(page);
  registrationId = await opened.registrationId();
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function push(payload: unknown): Promise<void> {
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: origin(),
    registrationId,
    data: JSON.stringify(payload),
  });
}

/** The notifications the worker is showing, read back through the page's registration. */
function shown(p: Page) {
  return p.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const list = await registration.getNotifications();
    return list.map((n) => ({ title: n.title, body: n.body, data: n.data as unknown }));
  });
}

describe('installable app with push', () => {
  it('has no installability errors', async () => {
    await page.goto('/home');
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  });

  it('with no app window visible, a push shows a notification with its title, body and link', async () => {
    // Leave the origin so no window of the app is visible when the push arrives.
    await page.goto('about:blank');
    const payload = {
      notification: { title: 'Result: KALYAN', body: 'KALYAN 128-1', image: '/icons/icon-512.png' },
      data: { link: '/win-history/main', icon: '/icons/icon-192.png' },
    };
    await push(payload);
    await page.goto('/home');
    await expect
      .poll(() => shown(page), { timeout: 10_000 })
      .toContainEqual({ title: 'Result: KALYAN', body: 'KALYAN 128-1', data: { link: '/win-history/main' } });
    await screenshot(page, 'push-background');
  });

  it('with the app visible (the sign-in page, no Firebase config), a push is a toast and no notification', async () => {
    await page.goto('/home');
    // Signed out: the guard takes the page to the sign-in screen, where the push must show too.
    await page.waitForURL((u) => u.pathname === '/');
    await page.evaluate(() => {
      const w = window as unknown as { pushMessages: unknown[] };
      w.pushMessages = [];
      navigator.serviceWorker.addEventListener('message', (e) => w.pushMessages.push(e.data));
    });
    const payload = {
      notification: { title: 'Win credited', body: 'You won ₹95 on KALYAN' },
      data: { link: '/wallet' },
    };
    await push(payload);
    const received = () =>
      page.evaluate(() => (window as unknown as { pushMessages: unknown[] }).pushMessages);
    await expect
      .poll(received, { timeout: 10_000 })
      .toContainEqual({ ...payload, isFirebaseMessaging: true, messageType: 'push-received' });
    await page.getByText('Win credited: You won ₹95 on KALYAN').waitFor({ timeout: 10_000 });
    await screenshot(page, 'push-foreground-login');
    expect((await shown(page)).map((n) => n.title)).not.toContain('Win credited');
  });
});
