#!/usr/bin/env node
// Reading a bank message is linear (issue 44): the worst texts found (upi-worst-texts.mjs, each at
// the parser's 2,000-character cap) read in-process, each beside the cheapest linear read of the
// same text (NFKC and lower case); then GET /config's latency on a compiled server while 20 such
// messages (the issue's and the slowest found, in turn) are in flight at all times, beside the same with 20 ordinary bank messages in flight
// (and with nothing else). The issue measured 82-141 ms a message and /config at 827 ms with 20
// in parallel.
//   node scripts/bench/upi-parse.mjs [--seconds 4]      (PGlite; DATABASE_URL=postgres://... for PostgreSQL)
//   npm run bench runs it too (one line in scripts/bench.mjs).
// The machine is shared: read the ratio, not the absolute figures.
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import {
  buildServer,
  freePort,
  freshDatabase,
  median,
  startServer,
  stopServer,
  tempDataDir,
} from './helpers.mjs';
import { upiServerEnv } from './upi-notify.mjs';
import { worstTexts } from './upi-worst-texts.mjs';

const SECRET = 'bench-upi-parse-secret-0123456789';
const p99 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;
const ms = (n) => `${n.toFixed(n < 1 ? 3 : 1)} ms`;

/** The parser as the server runs it, compiled from its TypeScript to a module of its own. */
async function loadParser() {
  const out = join(tmpdir(), `upi-parse-bench-${process.pid}.mjs`);
  await build({
    entryPoints: ['server/services/payments/upi-messages.ts'],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
  });
  try {
    return await import(pathToFileURL(out).href);
  } finally {
    rmSync(out, { force: true });
  }
}

/** The median time of `runs` calls of `fn`, in ms. */
function timed(fn, runs) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  return median(times);
}

/** GET `url` one after another for `seconds`: each answer's latency in ms. */
async function polls(url, seconds) {
  const latencies = [];
  const until = performance.now() + seconds * 1000;
  while (performance.now() < until) {
    const t0 = performance.now();
    const res = await fetch(url);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    latencies.push(performance.now() - t0);
  }
  return latencies;
}

export async function upiParseBench({ base, row, seconds = 4, build: compile = true }) {
  const texts = worstTexts();
  // 1. In-process: each worst text's median read, beside NFKC + lower case of it.
  const { parseBankMessage } = await loadParser();
  for (const [, text] of texts) parseBankMessage(text, 'AD-HDFCBK');
  const reads = texts.map(([name, text]) => ({
    name,
    parse: timed(() => parseBankMessage(text, 'AD-HDFCBK'), 50),
    ref: timed(() => text.normalize('NFKC').toLowerCase(), 50),
  }));
  const worst = reads.reduce((a, b) => (b.parse > a.parse ? b : a));
  const issue = reads[0];
  row(
    `UPI message read, worst of ${texts.length} at the cap`,
    ms(worst.parse),
    `${ms(worst.ref)} NFKC + lower case`,
    `${(worst.parse / worst.ref).toFixed(1)}x`,
  );
  row('', `(${worst.name})`, '', '');
  row(
    "UPI message read, the issue's 6 KB of U+2177",
    ms(issue.parse),
    `${ms(issue.ref)} NFKC + lower case`,
    `${(issue.parse / issue.ref).toFixed(2)}x`,
  );

  // 2. A compiled server: GET /config alone, then with 20 worst messages always in flight.
  if (compile) buildServer();
  const db = base ? await freshDatabase(base, 'benchparse') : null;
  const dir = base ? null : tempDataDir();
  const server = await startServer({
    port: await freePort(),
    env: upiServerEnv(SECRET, db ? { DATABASE_URL: db.url } : { DATA_DIR: dir.dir }),
  });
  try {
    const config = `${server.url}/api/v1/config`;
    await polls(config, 0.5);
    const alone = await polls(config, seconds);
    // Ordinary bank messages (a credit naming no order: the whole matching statement runs), then
    // the worst texts, 20 in flight at all times while /config is polled.
    const ordinary = (k) =>
      `Rs. 123.45 credited to HDFC Bank A/c XX1234 on 21-11-26 from VPA rahul@okaxis (UPI ${700_000_000_000 + k})`;
    // The issue's text and the slowest one found above, in turn (each made unique).
    const heavy = [texts[0][1], texts[reads.indexOf(worst)][1]];
    const worstText = (k) => {
      const text = heavy[k % 2];
      return `${text.slice(0, -8)}${String(k).padStart(8, '0')}`;
    };
    const underLoad = async (message) => {
      let stop = false;
      let sent = 0;
      const senders = Array.from({ length: 20 }, async (_, i) => {
        for (let k = i; !stop; k += 20) {
          const res = await fetch(`${server.url}/api/payment/notify/${SECRET}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ from: 'AD-HDFCBK', text: message(k) }),
          });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`notify: ${res.status}`);
          sent += 1;
        }
      });
      const latencies = await polls(config, seconds);
      stop = true;
      await Promise.all(senders);
      return { latencies, perSecond: sent / seconds };
    };
    const normal = await underLoad(ordinary);
    const worstLoad = await underLoad(worstText);
    row(
      'GET /config p99, 20 worst messages in flight',
      ms(p99(worstLoad.latencies)),
      `${ms(p99(normal.latencies))} 20 ordinary ones`,
      `${(p99(worstLoad.latencies) / p99(normal.latencies)).toFixed(2)}x`,
    );
    row('', '', `${ms(p99(alone))} nothing else`, `${(p99(worstLoad.latencies) / p99(alone)).toFixed(2)}x`);
    row(
      'UPI messages stored/s, worst texts',
      `${Math.round(worstLoad.perSecond)}/s`,
      `${Math.round(normal.perSecond)}/s ordinary ones`,
      `${(worstLoad.perSecond / normal.perSecond).toFixed(2)}x`,
    );
    return { worst, issue, alone: p99(alone), normal, worstLoad };
  } finally {
    await stopServer(server);
    await db?.drop();
    dir?.remove();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { seconds: { type: 'string', default: '4' } } });
  const row = (what, value, reference, ratio) =>
    console.log(
      `${what.padEnd(44)} ${String(value).padEnd(26)} ${String(reference ?? '').padEnd(26)} ${ratio ?? ''}`,
    );
  console.log('(the machine may be shared: compare with the same-run reference)');
  console.log(`${'measure'.padEnd(44)} ${'server'.padEnd(26)} ${'reference'.padEnd(26)} ratio`);
  upiParseBench({ base: process.env.DATABASE_URL, row, seconds: Number(values.seconds) }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
