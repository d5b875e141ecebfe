#!/usr/bin/env node
// `npm run bench:web`: Lighthouse 13 (mobile, simulated throttling) on the production build served
// by the compiled server: the sign-in page `/`, a signed-in `/home` and a bid screen, median of 3
// runs each, cold (HTTP cache, Cache Storage and service worker cleared before every run, as a first
// visit is) and warm, printing performance, FCP, LCP, TBT and accessibility. Beside them, two same-run references:
// a minimal HTML page (one heading, no script) served by a bare node:http server, which shows the
// best this machine and throttling allow, and the stack reference (scripts/bench/stack-reference:
// the same heading drawn by React, react-dom and a TanStack Router, built by Vite and served
// compressed as the app is), which shows the least the design card's stack costs here, cold. Ratios
// are app / bare reference and app / stack reference.
//
//   npm run bench:web [-- --runs 3] [-- --screenshots] [-- --pages /home,/single-digit] [-- --cold]
//                     [-- --compare DIR]
//
// --screenshots also writes the manifest's screenshots (public/screenshots/*.png) from the same
// signed-in session: narrow (phone) and wide (desktop) views of home. --compare DIR serves another
// production build of the app (a dist/ directory, say the commit before a change) from a second
// server and measures it in the same run, its runs interleaved with this build's run by run, so a
// busy machine slows both alike. Each page's row says the JavaScript it downloaded on the wire
// (Lighthouse's transfer sizes of the scripts a cold load fetched).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import react from '@vitejs/plugin-react';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import {
  adminToken,
  buildServer,
  CHROMIUM_ARGS,
  clearFirstVisitCaches,
  client,
  freePort,
  median,
  newPlayer,
  startDemoServer,
} from './bench/helpers.mjs';
import { precompressDir } from './precompress.mjs';

const args = process.argv.slice(2);
const RUNS = Number(args[args.indexOf('--runs') + 1]) > 0 ? Number(args[args.indexOf('--runs') + 1]) : 3;
const SHOTS = args.includes('--screenshots');
const DETAILS = args.includes('--details');
// --pages /home,/single-digit: only these pages (beside the reference); --cold: only cold runs.
const ONLY = args.includes('--pages') ? (args[args.indexOf('--pages') + 1] ?? '').split(',') : null;
const COLD_ONLY = args.includes('--cold');
const COMPARE = args.includes('--compare') ? (args[args.indexOf('--compare') + 1] ?? '') : null;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const FLAGS = [...CHROMIUM_ARGS, '--hide-scrollbars'];

if (!existsSync(CHROME)) {
  console.error(`bench:web: no Chromium at ${CHROME} (apt-get install -y chromium, or set CHROME_PATH)`);
  process.exit(1);
}
if (ONLY && !ONLY.every((p) => ['/', '/home', '/single-digit'].includes(p))) {
  console.error('bench:web: --pages takes a comma-separated list of /, /home and /single-digit');
  process.exit(1);
}
if (!existsSync('dist/index.html')) {
  console.error('bench:web: no production build: run npm run build first');
  process.exit(1);
}
if (COMPARE !== null && !existsSync(join(COMPARE, 'index.html'))) {
  console.error(`bench:web: --compare ${COMPARE}: no index.html there (a production build's dist/)`);
  process.exit(1);
}

/** The reference: the smallest real page, from a bare node:http server. */
function referenceServer(port) {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Reference page"><title>Reference</title></head><body><h1>Reference</h1><p>One heading and one line of text.</p></body></html>';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' });
    res.end(html);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8' };

/**
 * The stack reference, built by Vite into a temp directory, precompressed as the app's build is
 * (scripts/precompress.mjs) and served by a bare node:http server the way the app's server serves
 * it: the Brotli copy where there is one, the HTML revalidated, hashed assets immutable (cold runs
 * clear the HTTP cache). `close()` stops it and removes the build.
 */
async function stackReferenceServer(port) {
  const outDir = mkdtempSync(join(tmpdir(), 'matka-stack-ref-'));
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: 'scripts/bench/stack-reference',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true },
  });
  const { after: bytes } = precompressDir(outDir);
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const file = join(outDir, path === '/' ? 'index.html' : path);
    if (!file.startsWith(outDir) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const br = existsSync(`${file}.br`);
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? TYPES['.html'],
      ...(br ? { 'content-encoding': 'br' } : {}),
      'cache-control': path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(readFileSync(br ? `${file}.br` : file));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    bytes,
    close() {
      server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

async function audit(url, port) {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // The signed-in token set before the runs must survive them.
      disableStorageReset: true,
    },
    undefined,
  );
  const lhr = result.lhr;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  return {
    // The scripts this load fetched, as they came over the wire (Brotli where the server has it).
    js: (lhr.audits['network-requests']?.details?.items ?? [])
      .filter((i) => i.resourceType === 'Script')
      .reduce((n, i) => n + (i.transferSize ?? 0), 0),
    performance: Math.round(lhr.categories.performance.score * 100),
    fcp: lhr.audits['first-contentful-paint'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    failing: Object.values(lhr.audits)
      .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
      .map((a) => a.id),
    // With --details: the elements each failing accessibility audit names.
    details: Object.values(lhr.audits)
      .filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id))
      .flatMap((a) =>
        (a.details?.items ?? []).map((i) => `${a.id}: ${i.node?.snippet ?? ''} ${i.node?.explanation ?? ''}`),
      )
      // What the LCP was, what blocked rendering, and where the main thread went.
      .concat(
        (lhr.audits['largest-contentful-paint-element']?.details?.items ?? [])
          .flatMap((i) => i.items ?? [i])
          .map(
            (i) => `LCP: ${i.node?.snippet ?? i.phase ?? ''} ${i.timing ? `${Math.round(i.timing)} ms` : ''}`,
          ),
        (lhr.audits['render-blocking-insight']?.details?.items ?? []).map(
          (i) => `render-blocking: ${i.url} ${Math.round(i.wastedMs ?? i.totalBytes ?? 0)}`,
        ),
        (lhr.audits['lcp-breakdown-insight']?.details?.items ?? [])
          .flatMap((i) => i.items ?? [])
          .map((i) => `lcp phase: ${i.subpart ?? i.label ?? ''} ${Math.round(i.duration ?? 0)} ms`),

        (lhr.audits['bootup-time']?.details?.items ?? [])
          .slice(0, 4)
          .map(
            (i) => `main thread: ${i.url} ${Math.round(i.total)} ms (script ${Math.round(i.scripting)} ms)`,
          ),
        (lhr.audits['long-tasks']?.details?.items ?? []).map(
          (i) => `long task: at ${Math.round(i.startTime)} ms, ${Math.round(i.duration)} ms, ${i.url}`,
        ),
        (lhr.audits['mainthread-work-breakdown']?.details?.items ?? [])
          .slice(0, 5)
          .map((i) => `work: ${i.groupLabel ?? i.group} ${Math.round(i.duration)} ms`),
      ),
  };
}

/**
 * A new player signed in on this Chrome's profile for the server at `base` (the app reads the token
 * from localStorage), with the first market picked as a player does before a bid screen (the
 * choice is saved). Answers the token.
 */
async function signIn(chromePort, base, shots) {
  const call = client(base);
  const admin = await adminToken(call);
  const player = await newPlayer(call, admin, `98${String(Date.now()).slice(-8)}`);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  const context = browser.contexts()[0];
  const page = await context.newPage();
  await page.goto(`${base}/`);
  await page.evaluate((token) => localStorage.setItem('token', token), player.token);
  await page.goto(`${base}/home`);
  await page
    .getByRole('button', { name: /^Play / })
    .first()
    .waitFor();
  if (shots) await manifestScreenshots(page);
  await page
    .getByRole('button', { name: /^Play / })
    .first()
    .click();
  await page.waitForURL((u) => u.pathname !== '/home');
  await page.close();
  await browser.close().catch(() => undefined);
  return player.token;
}

async function main() {
  buildServer();
  // This build, and with --compare another one served the same way (its own server and data).
  const builds = [{ name: '', demo: await startDemoServer() }];
  if (COMPARE) builds.push({ name: ' (compare)', demo: await startDemoServer({ DIST_DIR: COMPARE }) });
  const refPort = await freePort();
  const ref = await referenceServer(refPort);
  const stackPort = await freePort();
  const stack = await stackReferenceServer(stackPort);
  const profile = mkdtempSync(join(tmpdir(), 'matka-lh-'));
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: FLAGS,
    userDataDir: profile,
  });
  try {
    for (const build of builds) {
      build.base = `http://127.0.0.1:${build.demo.port}`;
      build.token = await signIn(chrome.port, build.base, SHOTS && build === builds[0]);
    }
    const [{ base, token }] = builds;

    // A cold first paint on a throttled connection (3G-like: 400 kbit/s, 400 ms round trip).
    const paints = [];
    for (const path of ['/', '/home']) {
      const ctx = (await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`)).contexts()[0];
      const tab = await ctx.newPage();
      const cdp = await ctx.newCDPSession(tab);
      await cdp.send('Network.enable');
      await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
      // Cold: neither the HTTP cache nor the worker's precache (this profile installed it).
      await cdp.send('Network.setBypassServiceWorker', { bypass: true });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 400,
        downloadThroughput: (400 * 1024) / 8,
        uploadThroughput: (400 * 1024) / 8,
      });
      if (path === '/') await tab.goto(`${base}/robots.txt`);
      if (path === '/') await tab.evaluate(() => localStorage.removeItem('token'));
      await tab.goto(`${base}${path}`, { waitUntil: 'load', timeout: 120_000 });
      await tab.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length > 0,
        undefined,
        {
          timeout: 120_000,
        },
      );
      const fcp = await tab.evaluate(
        () => performance.getEntriesByName('first-contentful-paint')[0].startTime,
      );
      paints.push([path, fcp]);
      await tab.close();
      if (path === '/') await withToken(chrome.port, base, token);
    }

    const pages = [
      ['reference (bare page)', `http://127.0.0.1:${refPort}/`],
      ['reference (stack)', `http://127.0.0.1:${stackPort}/`],
      ['/', '/'],
      ['/home', '/home'],
      ['/single-digit', '/single-digit'],
    ].filter(([label]) => !ONLY || label.startsWith('reference') || ONLY.includes(label));
    const rows = [];
    for (const [label, url] of pages) {
      const reference = label.startsWith('reference');
      for (const cold of [true, false]) {
        // The reference has nothing to cache: one row.
        if (!cold && (reference || COLD_ONLY)) continue;
        // The references are measured once; the app in each build, the builds' runs interleaved.
        const targets = reference ? [{ name: '', base: null, token: null }] : builds;
        const runs = targets.map(() => []);
        for (let i = 0; i < RUNS; i++) {
          // Each build goes first in every other run, so neither gains from its place in the pair.
          const order = i % 2 === 0 ? [...targets.entries()] : [...targets.entries()].reverse();
          for (const [k, b] of order) {
            const full = reference ? url : `${b.base}${url}`;
            // The sign-in page is what a signed-out visitor sees: drop the token for it, then restore.
            if (label === '/') await withToken(chrome.port, b.base, null);
            // Cold: a first visit's HTTP cache, Cache Storage and service worker (the token stays).
            if (cold) await clearCaches(chrome.port, new URL(full).origin);
            runs[k].push(await audit(full, chrome.port));
            if (label === '/') await withToken(chrome.port, b.base, b.token);
          }
        }
        for (const [k, b] of targets.entries()) {
          const got = runs[k];
          rows.push({
            name: reference ? label : `${label} ${cold ? 'cold' : 'warm'}${b.name}`,
            js: median(got.map((r) => r.js)),
            performance: median(got.map((r) => r.performance)),
            fcp: median(got.map((r) => r.fcp)),
            lcp: median(got.map((r) => r.lcp)),
            tbt: median(got.map((r) => r.tbt)),
            accessibility: median(got.map((r) => r.accessibility)),
            failing: [...new Set(got.flatMap((r) => r.failing))],
            details: [...new Set(got.flatMap((r) => r.details))],
          });
        }
      }
    }
    const [refRow, stackRow] = rows;
    const ratio = (a, b) => (b > 0 ? (a / b).toFixed(2) : '-');
    console.log(`bench:web: Lighthouse 13, mobile, simulated throttling, median of ${RUNS}`);
    console.log(
      `stack reference: React, react-dom, TanStack Router and Zustand drawing one heading (${Math.round(stack.bytes / 1024)} KB Brotli)`,
    );
    if (COMPARE) console.log(`(compare): the build in ${COMPARE}, its runs interleaved with this build's`);
    console.log(
      'page                              perf   FCP ms   LCP ms  (x ref)  (x stack)   TBT ms  (- stack)  a11y   JS KB  failing a11y audits',
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(32)} ${String(r.performance).padStart(5)} ${String(Math.round(r.fcp)).padStart(8)} ${String(Math.round(r.lcp)).padStart(8)}  ${ratio(r.lcp, refRow.lcp).padStart(7)}  ${ratio(r.lcp, stackRow.lcp).padStart(9)}  ${String(Math.round(r.tbt)).padStart(7)}  ${String(Math.round(r.tbt - stackRow.tbt)).padStart(9)}  ${String(r.accessibility).padStart(4)}  ${(r.js / 1024).toFixed(1).padStart(6)}  ${r.failing.join(', ')}`,
      );
      if (DETAILS && r.name !== refRow.name)
        for (const d of r.details) console.log(`    ${d.replace(/\s+/g, ' ')}`);
    }
    for (const [path, fcp] of paints) {
      console.log(`cold first paint of ${path} at 400 kbit/s and 400 ms RTT: ${(fcp / 1000).toFixed(2)} s`);
    }
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
    ref.close();
    stack.close();
    for (const build of builds) await build.demo.stop();
  }
}

/** A first visit: no HTTP cache, no Cache Storage, no service worker (localStorage is kept). */
async function clearCaches(cdpPort, base) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  const page = await browser.contexts()[0].newPage();
  const cdp = await browser.contexts()[0].newCDPSession(page);
  await clearFirstVisitCaches(cdp, new URL(base).origin);
  await page.close();
  await browser.close().catch(() => undefined);
}

async function withToken(cdpPort, base, token) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${cdpPort}`);
  const page = await browser.contexts()[0].newPage();
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), token);
  await page.close();
  await browser.close().catch(() => undefined);
}

/** The manifest's screenshots: home at phone size (narrow) and at desktop size (wide). */
async function manifestScreenshots(page) {
  mkdirSync('public/screenshots', { recursive: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: 'public/screenshots/home-narrow.png' });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: 'public/screenshots/home-wide.png' });
  console.log('bench:web: wrote public/screenshots/home-narrow.png and home-wide.png');
}

main().catch((error) => {
  console.error('bench:web failed:', error);
  process.exit(1);
});
