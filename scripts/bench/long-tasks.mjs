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
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import {
  ADMIN,
  adminToken,
  CHROMIUM_ARGS,
  client,
  freePort,
  LIFTED_LIMITS,
  newPlayer,
  startServer,
  stopServer,
  tempDataDir,
} from './helpers.mjs';

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '4' },
    profile: { type: 'string' },
    screenshot: { type: 'string' },
    rate: { type: 'string', default: '4' },
  },
});
const path = positionals[0] ?? '/home';
const port = await freePort();
const data = tempDataDir();
const server = await startServer({
  port,
  env: {
    DATA_DIR: data.dir,
    DEMO_SEED: 'true',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...LIFTED_LIMITS,
  },
});
const base = `http://127.0.0.1:${port}`;
const call = client(base);
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
  for (let run = 0; run < Number(opts.runs); run++) {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(opts.rate) });
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]);
      }).observe({ type: 'longtask', buffered: true });
    });
    const profiling = opts.profile && run === Number(opts.runs) - 1;
    if (profiling) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    await page.goto(base + path, { waitUntil: 'networkidle' });
    await page.waitForTimeout(1500);
    if (profiling) writeFileSync(opts.profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
    if (opts.screenshot && run === Number(opts.runs) - 1)
      await page.screenshot({ path: opts.screenshot, fullPage: true });
    const tasks = await page.evaluate(() => window.__longTasks);
    const blocking = tasks.reduce((n, [, d]) => n + Math.max(0, d - 50), 0);
    sums.push(blocking);
    console.log(`${path} run ${run + 1}: blocking ${blocking} ms, tasks ${JSON.stringify(tasks)}`);
    await page.close();
  }
  sums.sort((a, b) => a - b);
  console.log(
    `${path}: median blocking ${sums[Math.floor(sums.length / 2)]} ms over ${sums.length} runs (CPU ${opts.rate}x)`,
  );
} finally {
  await context.close();
  await stopServer(server);
  data.remove();
}
