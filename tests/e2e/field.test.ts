import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { call, getAdminToken, uniquePhone, useServer } from './api';
import { type Browser, launchBrowser, screenshot } from './browser';
import { startServer } from './global-setup';
import { loginPlayer, registerPlayer } from './player';

// The app as a player on a cheap phone and a bad network meets it, against the production build
// and the compiled server (a server of this file's own: it changes rates and deploys a new build):
// what a cold page downloads, compression on the wire, fresh data on the open screen, the offline
// line and polling that backs off, the chart of an earlier day offline, and the update prompt.

/**
 * The first-load budget of issue 13 is 120 KB per cold page: the JS it fetches until the network is
 * quiet, as the server sends it (Brotli, the body's bytes on the wire), and the same files at gzip
 * level 9 (the figure the budget was first written in). Issue 45: 121.4 KB on the wire for a cold
 * signed-in /home (135.9 KB gzip) before the first screen's modules shared a chunk and small files
 * got their Brotli copies (docs/offline.md "First load").
 */
const WIRE_BUDGET = 120 * 1024;
const COLD_SIGN_IN_GZIP_BUDGET = 120 * 1024;
/**
 * A cold signed-in home at gzip level 9: react-dom, TanStack Router, ky, dayjs and zustand alone are
 * about 108 KB, so the gzip figure stays above the wire's; this ceiling keeps it from growing.
 */
const COLD_HOME_GZIP_BUDGET = 136 * 1024;

let server: Awaited<ReturnType<typeof startServer>>;
let browser: Browser;
const player = { name: 'Field Player', phone: uniquePhone(), password: 'secret12' };

beforeAll(async () => {
  server = await startServer(inject('marketTz'));
  useServer(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The gzip size of a built file as the server has it (its own copy of dist/). */
function gzipSizeOf(url: string): number {
  return gzipSync(builtFile(url), { level: 9 }).length;
}

function builtFile(url: string): Buffer {
  return readFileSync(join(server.distDir, new URL(url).pathname));
}

/** Every script a page fetches from its navigation until the network is quiet. */
function scriptsOf(page: Page): Response[] {
  const scripts: Response[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') scripts.push(r);
  });
  return scripts;
}

/**
 * What the scripts took on the wire: each body as served, without headers. Each is the size of the
 * copy the server has for the encoding it answered with (a script from a cache would read 0 here).
 */
async function wireBytes(scripts: Response[]): Promise<number> {
  let total = 0;
  for (const r of scripts) {
    const bytes = (await r.request().sizes()).responseBodySize;
    const encoding = (await r.allHeaders())['content-encoding'];
    const copy = encoding
      ? builtFile(`${r.url()}.${encoding === 'gzip' ? 'gz' : encoding}`)
      : builtFile(r.url());
    expect(bytes, `${r.url()} (a negative size came from a cache)`).toBe(copy.length);
    total += bytes;
  }
  return total;
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

describe('first load on a cold cache', () => {
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });

  it('the sign-in page downloads at most 120 KB of JS on the wire, Brotli-encoded', async () => {
    const page = await browser.context.newPage();
    const scripts = scriptsOf(page);
    await page.goto('/', { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: 'LOGIN' }).waitFor();
    const total = scripts.reduce((n, r) => n + gzipSizeOf(r.url()), 0);
    const wire = await wireBytes(scripts);
    console.log(`cold /: ${scripts.length} scripts, ${kb(wire)} on the wire, ${kb(total)} gzip`);
    expect(wire).toBeLessThanOrEqual(WIRE_BUDGET);
    expect(total).toBeLessThanOrEqual(COLD_SIGN_IN_GZIP_BUDGET);
    // Only the sign-in screen's own chunk: no signed-in screens, bid screens, charts, wallet or zod.
    expect(scripts.map((r) => new URL(r.url()).pathname).join(' ')).not.toMatch(
      /signed-in|bid-screen|chart|wallet/,
    );
    for (const r of scripts) {
      // The build leaves a Brotli copy of every file it shrinks by 10% (scripts/precompress.mjs):
      // always one of 1 KB or more.
      if (builtFile(r.url()).length >= 1024)
        expect((await r.allHeaders())['content-encoding'], r.url()).toBe('br');
      expect((await r.allHeaders())['cache-control'], r.url()).toContain('immutable');
    }
    await page.close();
  });

  it('a signed-in cold home downloads at most 120 KB of JS on the wire; the API answers compressed', async () => {
    const page = await browser.context.newPage();
    await registerPlayer(page, player);
    await loginPlayer(page, player.phone, player.password);
    await page.getByRole('button', { name: 'Play Demo Day' }).waitFor();
    // The signed-in page is closed before the cache is cleared: a chunk it loads after its load
    // (workbox-window) would otherwise land in the cache again and reach the cold page from there.
    const cold = await browser.context.newPage();
    await page.close();
    const cdp = await browser.context.newCDPSession(cold);
    await cdp.send('Network.clearBrowserCache');
    const scripts = scriptsOf(cold);
    await cold.goto('/home', { waitUntil: 'networkidle' });
    await cold.getByRole('button', { name: 'Play Demo Day' }).waitFor();
    const total = scripts.reduce((n, r) => n + gzipSizeOf(r.url()), 0);
    const wire = await wireBytes(scripts);
    console.log(`cold /home: ${scripts.length} scripts, ${kb(wire)} on the wire, ${kb(total)} gzip`);
    expect(wire).toBeLessThanOrEqual(WIRE_BUDGET);
    expect(total).toBeLessThanOrEqual(COLD_HOME_GZIP_BUDGET);
    // The market list every player polls: Brotli when asked for, gzip otherwise.
    for (const encoding of ['br', 'gzip']) {
      const r = await fetch(`${server.baseUrl}/api/v1/admin/main-games`, {
        headers: { 'accept-encoding': encoding },
      });
      expect(r.headers.get('content-encoding')).toBe(encoding);
      expect(r.headers.get('vary')).toMatch(/accept-encoding/i);
    }
    await cold.close();
  });
});

describe('what the installed app keeps', () => {
  it('index.html carries the shell stylesheet, so the first paint waits on no other request', () => {
    const html = readFileSync(join(server.distDir, 'index.html'), 'utf8');
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
    const inline = html.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    // The splash and the sign-in screen it stands in for are drawn by it.
    expect(inline).toContain('.splash');
    expect(inline).toContain('.auth-brand');
    // The worker keeps the page that carries it, not a second copy.
    const sw = readFileSync(join(server.distDir, 'sw.js'), 'utf8');
    expect(sw).not.toMatch(/assets\/index-[\w-]+\.css/);
  });

  it('the worker precaches under 700 KB; the manifest has narrow and wide screenshots', async () => {
    const sw = readFileSync(join(server.distDir, 'sw.js'), 'utf8');
    const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1] as string);
    expect(urls).toContain('index.html');
    const total = urls.reduce((n, url) => n + statSync(join(server.distDir, url)).size, 0);
    console.log(`precache: ${urls.length} files, ${kb(total)}`);
    expect(total).toBeLessThan(700 * 1024);
    const manifest = (await (await fetch(`${server.baseUrl}/manifest.webmanifest`)).json()) as {
      screenshots: Array<{ src: string; form_factor: string; sizes: string }>;
    };
    expect(manifest.screenshots.map((s) => s.form_factor).sort()).toEqual(['narrow', 'wide']);
    for (const shot of manifest.screenshots) {
      const r = await fetch(`${server.baseUrl}${shot.src}`);
      expect(r.headers.get('content-type')).toBe('image/png');
      // The declared size is the image's own (PNG header: width and height at bytes 16-23).
      const png = Buffer.from(await r.arrayBuffer());
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(shot.sizes);
    }
  });
});

describe('a signed-in player with the installed app', () => {
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser({ serviceWorkers: true });
    page = await browser.context.newPage();
    const owner = { name: 'Field Owner', phone: uniquePhone(), password: 'secret12' };
    await registerPlayer(page, owner);
    await loginPlayer(page, owner.phone, owner.password);
    await page.getByRole('button', { name: 'Play Demo Day' }).waitFor();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
  }, 120_000);

  it("an operator's new rate shows on the next open of the screen, not one visit later", async () => {
    const admin = await getAdminToken();
    const rates = await call<{ data: Array<Record<string, number>> }>('GET', 'admin/game-point', {
      token: admin,
    });
    const before = rates.body.data[0]?.singleDigitAmount as number;
    await page.goto('/game-rate/main');
    await page.getByText(`10 KA ${before}`).first().waitFor();
    const changed = before === 90 ? 91 : 90;
    const put = await call('PUT', 'admin/game-point', {
      token: admin,
      body: { singleDigitPoint: 10, singleDigitAmount: changed },
    });
    expect(put.status).toBe(200);
    await page.goto('/home');
    await page.goto('/game-rate/main');
    await page.getByText(`10 KA ${changed}`).first().waitFor({ timeout: 10_000 });
  });

  it("offline: the line with the last time, polling backs off, and yesterday's chart next day", async () => {
    await page.goto('/game-chart/demo day');
    await page.getByRole('table').first().waitFor({ timeout: 15_000 });
    await page.goto('/home');
    await page.getByRole('button', { name: 'Play Demo Day' }).waitFor();
    let polls = 0;
    const count = (r: { url: () => string }) => {
      if (r.url().includes('/api/v1/admin/main-games')) polls++;
    };
    page.on('request', count);
    await browser.context.setOffline(true);
    try {
      await page.getByText(/^Offline - last updated \d\d:\d\d/).waitFor({ timeout: 15_000 });
      await screenshot(page, 'home-offline-line');
      // Online the list is asked every 5 s (5 times in 25 s); offline it backs off to 10, 20, 40 s.
      polls = 0;
      await page.waitForTimeout(25_000);
      expect(polls).toBeLessThanOrEqual(3);
      // The next market day, still offline: the chart seen yesterday is there with its time.
      await page.clock.install({ time: Date.now() + 24 * 3600 * 1000 });
      await page.goto('/game-chart/demo day');
      await page.getByText(/^Chart saved at \d\d:\d\d/).waitFor({ timeout: 15_000 });
      expect(await page.getByRole('table').count()).toBeGreaterThan(0);
      await screenshot(page, 'chart-next-day-offline');
    } finally {
      page.off('request', count);
      await browser.context.setOffline(false);
    }
  });

  it('a new version deployed waits for the player: the toast, then Reload activates it', async () => {
    await page.goto('/home');
    await page.getByRole('button', { name: 'Play Demo Day' }).waitFor();
    await page.evaluate(() => {
      (window as unknown as { beforeUpdate?: boolean }).beforeUpdate = true;
    });
    // Deploy: a changed worker in the server's dist (the static server reads changed files again).
    const sw = join(server.distDir, 'sw.js');
    writeFileSync(sw, `${readFileSync(sw, 'utf8')}\n// deployed ${Date.now()}\n`);
    rmSync(`${sw}.br`, { force: true });
    rmSync(`${sw}.gz`, { force: true });
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      await registration.update();
    });
    await page.getByText('A new version is available').waitFor({ timeout: 20_000 });
    await page.waitForTimeout(600); // the toast's entrance animation
    await screenshot(page, 'update-available');
    // Nothing reloaded under the player meanwhile.
    expect(await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate)).toBe(
      true,
    );
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('button', { name: 'Play Demo Day' }).waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate),
    ).toBeUndefined();
    const waiting = await page.evaluate(async () => (await navigator.serviceWorker.ready).waiting);
    expect(waiting).toBeNull();
  });
});
