// How fast the screens of the close rush answer a player's touch and keys, on a slow phone's CPU
// (Chromium's CPU throttled 4x, as Lighthouse's mobile profile assumes), signed in as a new player
// on a compiled server with demo data. For each step of a bid (keys into an amount, taps on the
// digits of a bulk screen, See Bids, Submit) it prints the slowest interaction's duration as the
// browser's Event Timing API measures it (input delay + handlers + the next frame's paint; what
// INP reports; rounded to 8 ms), median over the runs. The reference is the same step on a bare
// page: an <input> and a <button> whose handlers do nothing, in the same browser and throttling.
//   npm run build && node scripts/bench/interactions.mjs [--runs 5] [--rate 4]
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import {
  adminToken,
  CHROMIUM_ARGS,
  client,
  creditWallet,
  median,
  newPlayer,
  startDemoServer,
} from './helpers.mjs';

const { values: opts } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, rate: { type: 'string', default: '4' } },
});
const RUNS = Number(opts.runs);
const RATE = Number(opts.rate);
// The demo market whose Open session takes bids at any hour but 23:58-00:00 IST (README "Trying it").
const MARKET = 'Demo Night';

const demo = await startDemoServer();
const { base, data } = demo;
const call = client(base);
const admin = await adminToken(call);
const player = await newPlayer(call, admin, `97${String(Date.now()).slice(-8)}`);
await creditWallet(call, admin, player.id, 1_000_000, 'interaction bench');
const context = await chromium.launchPersistentContext(`${data.dir}-chrome`, {
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
  viewport: { width: 360, height: 740 },
});

/** Event Timing entries of real interactions, collected from the page's start. */
const OBSERVE = () => {
  window.__events = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.interactionId) window.__events.push(e.duration);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
};

/** The slowest interaction while `action` runs (0 when none took 16 ms or more). */
async function slowest(page, action) {
  await page.evaluate(() => {
    window.__events.length = 0;
  });
  await action();
  // Event Timing reports an interaction after its next paint: give it two frames and a moment.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(200);
  return page.evaluate(() => Math.max(0, ...window.__events));
}

const results = new Map();
const note = (step, ms) => results.set(step, [...(results.get(step) ?? []), ms]);

/** A bid screen opened as a player opens it: home, the market, the game type. */
async function openBidScreen(entry) {
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  await page.goto(`${base}/home`);
  await page.getByRole('button', { name: `Play ${MARKET}`, exact: true }).click();
  await page.getByRole('link', { name: entry, exact: true }).click();
  await page.getByRole('button', { name: 'See Bids', exact: true }).waitFor();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
  return page;
}

/** See Bids, then Submit in the dialog, until the bid is confirmed. */
async function seeAndSubmit(page, screen) {
  note(
    `${screen}: See Bids`,
    await slowest(page, () => page.getByRole('button', { name: 'See Bids', exact: true }).click()),
  );
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  note(
    `${screen}: Submit`,
    await slowest(page, async () => {
      await dialog.getByRole('button', { name: 'Submit', exact: true }).click();
      await page.getByText('Bid created successfully!').waitFor();
    }),
  );
}

try {
  const first = await context.newPage();
  await first.goto(`${base}/`);
  await first.evaluate((t) => localStorage.setItem('token', t), player.token);
  await first.goto(`${base}/home`);
  await first.locator('.market-card').first().waitFor();
  await first.close();

  for (let run = 0; run < RUNS; run++) {
    // The reference: a bare input and button, nothing behind them.
    const bare = await context.newPage();
    await bare.goto(`${base}/robots.txt`);
    await bare.setContent('<input aria-label="Amount"><button type="button">See Bids</button>');
    await bare.evaluate(OBSERVE);
    const bareCdp = await context.newCDPSession(bare);
    await bareCdp.send('Emulation.setCPUThrottlingRate', { rate: RATE });
    note('bare page: keys', await slowest(bare, () => bare.getByLabel('Amount').pressSequentially('100')));
    note('bare page: tap', await slowest(bare, () => bare.getByRole('button').click()));
    await bare.close();

    const single = await openBidScreen('Single Digit');
    note(
      'Single Digit: keys',
      await slowest(single, () =>
        single.getByLabel('Amount for 3', { exact: true }).pressSequentially('100'),
      ),
    );
    await seeAndSubmit(single, 'Single Digit');
    await single.close();

    const jodi = await openBidScreen('Jodi Digit');
    note(
      'Jodi Digit (100 fields): keys',
      await slowest(jodi, () => jodi.getByLabel('Amount for 45', { exact: true }).pressSequentially('100')),
    );
    await seeAndSubmit(jodi, 'Jodi Digit (100 fields)');
    await jodi.close();

    const bulk = await openBidScreen('Single Panna Bulk');
    await bulk.getByLabel('Amount', { exact: true }).fill('10');
    note(
      'Single Panna Bulk: taps',
      await slowest(bulk, async () => {
        for (const p of ['128', '137', '146'])
          await bulk.getByRole('button', { name: p, exact: true }).click();
      }),
    );
    await seeAndSubmit(bulk, 'Single Panna Bulk');
    await bulk.close();
  }

  const ref = { keys: median(results.get('bare page: keys')), tap: median(results.get('bare page: tap')) };
  console.log(
    `interactions: slowest per step, ms (Event Timing, 8 ms steps), CPU ${RATE}x, median of ${RUNS}`,
  );
  for (const [step, xs] of results) {
    const kind = step.endsWith('keys') ? 'keys' : 'tap';
    const ratio = ref[kind] ? ` (x bare ${(median(xs) / ref[kind]).toFixed(1)})` : '';
    console.log(`${step.padEnd(40)} ${String(median(xs)).padStart(5)}${ratio}   runs ${xs.join(' ')}`);
  }
} finally {
  await context.close();
  await demo.stop();
}
