// The long tasks of one cold page load in real Chromium with the CPU slowed 4x (as Lighthouse's
// mobile profile assumes), signed in as a new player on a compiled server with demo data:
//   npm run build && node scripts/bench/long-tasks.mjs [/home] [--runs 4] [--profile out.cpuprofile]
// Prints each run's tasks over 50 ms ([start, duration] in ms) and the sum of their time past
// 50 ms (what total blocking time counts). Lighthouse simulates its throttling from an unthrottled
// trace; this throttles for real, so a change's effect on the main thread shows run by run (the
// machine's noise is large: compare several runs of each build). --profile writes the last run's
// CPU profile (load it in Chromium's DevTools, or map it with a source-mapped build); --screenshot F
// writes the last run's page, whole, as a PNG (what was measured, at 360x740). --rate 1 runs at the
// machine's own speed (a profile sampled under throttling is mostly the throttle's own time).
// --network also throttles the network as Lighthouse's mobile profile does (slow 4G); each run then
// says when the first market card and the first slide's image were on the page. --link puts the
// same slow 4G between the whole browser and the server (scripts/bench/slow-link.mjs), the service
// worker's precache included, which --network does not slow; it also says when the worker was
// ready. --warm keeps the worker and its caches (a player's every later open of the app): only the
// HTTP cache is cleared.
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import {
  adminToken,
  CHROMIUM_ARGS,
  clearFirstVisitCaches,
  client,
  median,
  newPlayer,
  startDemoServer,
} from './helpers.mjs';
import { slowLink } from './slow-link.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '4' },
    profile: { type: 'string' },
    screenshot: { type: 'string' },
    rate: { type: 'string', default: '4' },
    network: { type: 'boolean', default: false },
    link: { type: 'boolean', default: false },
    warm: { type: 'boolean', default: false },
  },
});
const path = positionals[0] ?? '/home';
const demo = await startDemoServer();
const { port, data } = demo;
const call = client(demo.base);
const link = opts.link ? await slowLink({ targetPort: port }) : null;
const base = `http://127.0.0.1:${link?.port ?? port}`;
const player = await newPlayer(call, await adminToken(call), `98${String(Date.now()).slice(-8)}`);
const context = await chromium.launchPersistentContext(`${data.dir}-chrome`, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
  viewport: { width: 360, height: 740 },
});
try {
  const first = await context.newPage();
  await first.goto(`${base}/`);
  await first.evaluate((t) => localStorage.setItem('token', t), player.token);
  await first.goto(`${base}/home`, { waitUntil: 'networkidle' });
  await first.close();
  const sums = [];
  const cards = [];
  for (let run = 0; run < Number(opts.runs); run++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    // Cold, as Lighthouse's cold runs and a first visit are (the sign-in above installed the worker);
    // warm, as a player's later visits are: the worker answers from its precache.
    if (opts.warm) await cdp.send('Network.clearBrowserCache');
    else await clearFirstVisitCaches(cdp, base);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(opts.rate) });
    if (opts.network) {
      // Lighthouse's mobile network (slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up).
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 150,
        downloadThroughput: (1.6 * 1024 * 1024) / 8,
        uploadThroughput: (750 * 1024) / 8,
      });
    }
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
      }).observe({ type: 'longtask', buffered: true });
      // When the first market card and the first slide's image are on the page (content a player
      // waits for), as the page's own clock has them.
      window.__shown = {};
      const seen = () => {
        if (!window.__shown.card && document.querySelector('.market-card'))
          window.__shown.card = Math.round(performance.now());
        const img = document.querySelector('.slide img');
        if (!window.__shown.slide && img?.complete && img.naturalWidth > 0)
          window.__shown.slide = Math.round(performance.now());
      };
      new MutationObserver(seen).observe(document, { childList: true, subtree: true });
      document.addEventListener('load', seen, true);
      navigator.serviceWorker?.ready.then(() => {
        window.__shown.worker = Math.round(performance.now());
      });
    });
    const profiling = opts.profile && run === Number(opts.runs) - 1;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    // The worker's precache goes through the slow link too: wait for it (at most 60 s).
    if (opts.link)
      await page.waitForFunction(() => window.__shown.worker, null, { timeout: 60_000 }).catch(() => {});
    if (profiling) writeFileSync(opts.profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    if (opts.screenshot && run === Number(opts.runs) - 1)
      await page.screenshot({ path: opts.screenshot, fullPage: true });
    const tasks = await page.evaluate(() => window.__longTasks);
    const shown = await page.evaluate(() => window.__shown);
    const blocking = tasks.reduce((n, [, d]) => n + Math.max(0, d - 50), 0);
    sums.push(blocking);
    if (shown.card) cards.push(shown.card);
    const worker = opts.link ? `, worker ready at ${shown.worker ?? '-'} ms` : '';
    const at = shown.card
      ? `, first card at ${shown.card} ms, slide at ${shown.slide ?? '-'} ms${worker}`
      : '';
    console.log(`${path} run ${run + 1}: blocking ${blocking} ms${at}, tasks ${JSON.stringify(tasks)}`);
    await page.close();
  }
  const net = `${opts.network ? ', slow 4G' : ''}${opts.link ? ', slow 4G link' : ''}${opts.warm ? ', warm' : ', cold'}`;
  const card = cards.length ? `; first card median ${median(cards)} ms` : '';
  console.log(
    `${path}: median blocking ${median(sums)} ms${card} over ${sums.length} runs (CPU ${opts.rate}x${net})`,
  );
} finally {
  await context.close();
  await link?.close();
  await demo.stop();
}
