#!/usr/bin/env node
// Live results under load (issue 40), part of `npm run bench` (or alone):
//   node scripts/bench/events.mjs [--streams 10000] [--clients 4] [--seconds 8]
//   DATABASE_URL=postgres://.../postgres node scripts/bench/events.mjs   (a scratch database)
// STREAMS open event streams on one server process (from CLIENTS client processes, each from its
// own 127.0.0.x address); an operator declares a main market's open and then its close result;
// each stream's time from the declaration's request to its event, p50/p99/worst; the server's RSS
// before and with the streams; the market-list poll (304) without and with the streams open.
// Beside it, the same run's reference: the same streams on a bare node:http SSE fan-out of the
// same event (scripts/bench/sse-reference.mjs).
import { fork } from 'node:child_process';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  ADMIN,
  adminToken,
  buildServer,
  client,
  freePort,
  freshDatabase,
  LIFTED_LIMITS,
  marketDay,
  rssMb,
  startServer,
  stopServer,
  tempDataDir,
} from './helpers.mjs';

const { values: opts } = parseArgs({
  options: {
    streams: { type: 'string', default: '10000' },
    clients: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '8' },
    'no-build': { type: 'boolean', default: false },
  },
});
const STREAMS = Number(opts.streams);
const CLIENTS = Number(opts.clients);
const SECONDS = Number(opts.seconds);
const TZ = 'Asia/Kolkata';
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const row = (what, value, reference = '', ratio = '') =>
  console.log(`${what.padEnd(44)} ${String(value).padEnd(26)} ${String(reference).padEnd(26)} ${ratio}`);

/** The client processes, each holding its share of the streams. */
function startClients() {
  return Array.from({ length: CLIENTS }, (_, i) => {
    const child = fork(new URL('./event-clients.mjs', import.meta.url));
    const next = (type) =>
      new Promise((resolve) => child.once('message', (m) => m.type === type && resolve(m)));
    return { child, next, address: `127.0.0.${2 + i}` };
  });
}

async function openStreams(clients, url) {
  const share = Math.ceil(STREAMS / clients.length);
  const opened = await Promise.all(
    clients.map((c) => {
      const done = c.next('opened');
      c.child.send({ type: 'open', url, count: share, localAddress: c.address });
      return done;
    }),
  );
  return {
    open: opened.reduce((n, o) => n + o.open, 0),
    failed: opened.reduce((n, o) => n + o.failed, 0),
  };
}

/** Fires one event with `fire` and answers each stream's delay, in ms, from the fire's start. */
async function oneEvent(clients, name, fire) {
  await Promise.all(
    clients.map((c) => {
      const ready = c.next('expecting');
      c.child.send({ type: 'expect', event: name });
      return ready;
    }),
  );
  const started = Date.now();
  await fire();
  const answered = Date.now() - started;
  await new Promise((r) => setTimeout(r, 3000));
  const arrived = await Promise.all(
    clients.map((c) => {
      const got = c.next('arrived');
      c.child.send({ type: 'collect' });
      return got;
    }),
  );
  const delays = arrived
    .flatMap((a) => a.at)
    .map((at) => (at === null ? Number.POSITIVE_INFINITY : at - started));
  return Object.assign(delays, { answered });
}

function summary(delays) {
  const got = delays.filter(Number.isFinite).sort((a, b) => a - b);
  const pick = (q) => got[Math.min(got.length - 1, Math.floor(q * got.length))] ?? Number.NaN;
  return {
    received: got.length,
    of: delays.length,
    p50: pick(0.5),
    p99: pick(0.99),
    worst: got.at(-1) ?? Number.NaN,
  };
}

async function polls(url, etag) {
  const r = await autocannon({ url, connections: 50, duration: SECONDS, headers: { 'if-none-match': etag } });
  // A 304 is what a poll should get: autocannon counts it as non-2xx, so only failures count here.
  return { rps: r.requests.average, p99: r.latency.p99, errors: r.errors + r.timeouts };
}

async function serverRun(delaysOut, answeredOut) {
  const base = process.env.DATABASE_URL;
  const db = base ? await freshDatabase(base, 'events') : null;
  const dir = base ? null : tempDataDir();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'true',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    MARKET_TZ: TZ,
    MAX_CONNECTIONS: String(STREAMS * 2 + 1000),
    EVENTS_MAX_STREAMS: String(STREAMS + 100),
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    ...LIFTED_LIMITS,
    ...(db ? { DATABASE_URL: db.url } : { DATA_DIR: dir.dir }),
  };
  const server = await startServer({ port: await freePort(), env });
  const pid = server.child.pid;
  try {
    const call = client(server.url);
    const admin = await adminToken(call);
    const game = (
      await call('POST', '/api/v1/admin/main-games', {
        token: admin,
        body: { gameName: `Events ${Date.now() % 100000}`, openTime: '00:00', closeTime: '23:59' },
      })
    ).data._id;
    const listUrl = `${server.url}/api/v1/admin/main-games`;
    const etag = (await fetch(listUrl)).headers.get('etag');
    await polls(listUrl, etag); // warm-up, unmeasured
    const quiet = await polls(listUrl, etag);
    await new Promise((r) => setTimeout(r, 1000));
    const before = rssMb(pid);
    const clients = startClients();
    const opened = await openStreams(clients, `${server.url}/api/v1/events`);
    await new Promise((r) => setTimeout(r, 1000));
    const withStreams = rssMb(pid);
    const busy = await polls(listUrl, (await fetch(listUrl)).headers.get('etag'));
    const declare = (session, panna) => () =>
      call('POST', '/api/v1/admin/results/main', {
        token: admin,
        body: { gameId: game, resultDate: marketDay(TZ), session, panna },
      });
    const open = await oneEvent(clients, 'result', declare('open', '128'));
    const close = await oneEvent(clients, 'result', declare('close', '259'));
    delaysOut.push(...open, ...close);
    answeredOut.push(open.answered, close.answered);
    const after = rssMb(pid);
    for (const c of clients) c.child.send({ type: 'close' });
    return { opened, before, withStreams, after, quiet, busy };
  } finally {
    await stopServer(server);
    await db?.drop();
    dir?.remove();
  }
}

async function referenceRun(delaysOut, answeredOut) {
  const port = await freePort();
  const ref = fork(new URL('./sse-reference.mjs', import.meta.url), {
    env: { ...process.env, PORT: String(port) },
  });
  await new Promise((r) => ref.once('message', r));
  try {
    await new Promise((r) => setTimeout(r, 500));
    const before = rssMb(ref.pid);
    const clients = startClients();
    const opened = await openStreams(clients, `http://127.0.0.1:${port}/events`);
    await new Promise((r) => setTimeout(r, 1000));
    const withStreams = rssMb(ref.pid);
    const data = JSON.stringify({
      family: 'main',
      gameId: '00000000-0000-4000-8000-000000000000',
      gameName: 'Events 1',
      resultDate: marketDay(TZ),
      session: 'open',
      panna: '128',
      digit: '1',
    });
    const fire = (id) => () =>
      fetch(`http://127.0.0.1:${port}/fire`, {
        method: 'POST',
        body: `id: ${id}\nevent: result\ndata: ${data}\n\n`,
      });
    const one = await oneEvent(clients, 'result', fire(1));
    const two = await oneEvent(clients, 'result', fire(2));
    delaysOut.push(...one, ...two);
    answeredOut.push(one.answered, two.answered);
    for (const c of clients) c.child.send({ type: 'close' });
    return { opened, before, withStreams };
  } finally {
    ref.kill();
  }
}

async function main() {
  if (!opts['no-build']) buildServer();
  console.log(
    `\nlive results: ${fmt(STREAMS)} event streams on one server process from ${CLIENTS} client processes, two results declared`,
  );
  console.log(`${'measure'.padEnd(44)} ${'server'.padEnd(26)} ${'reference (bare SSE)'.padEnd(26)} ratio`);
  const serverDelays = [];
  const serverAnswered = [];
  const s = await serverRun(serverDelays, serverAnswered);
  // The sockets of the first run leave TIME_WAIT on other ports; the reference starts clean.
  await new Promise((r) => setTimeout(r, 2000));
  const refDelays = [];
  const refAnswered = [];
  const r = await referenceRun(refDelays, refAnswered);
  const sd = summary(serverDelays);
  const rd = summary(refDelays);
  row(
    'streams open (refused)',
    `${fmt(s.opened.open)} (${s.opened.failed})`,
    `${fmt(r.opened.open)} (${r.opened.failed})`,
  );
  row('events received / sent', `${fmt(sd.received)} / ${fmt(sd.of)}`, `${fmt(rd.received)} / ${fmt(rd.of)}`);
  row(
    'delay to each stream p50 / p99',
    `${fmt(sd.p50)} / ${fmt(sd.p99)} ms`,
    `${fmt(rd.p50)} / ${fmt(rd.p99)} ms`,
    `${(sd.p99 / rd.p99).toFixed(2)}x`,
  );
  row('  worst', `${fmt(sd.worst)} ms`, `${fmt(rd.worst)} ms`);
  row(
    '  the declaration (fire) answered after',
    serverAnswered.map((ms) => `${fmt(ms)} ms`).join(', '),
    refAnswered.map((ms) => `${fmt(ms)} ms`).join(', '),
  );
  row(
    'RSS before / with the streams',
    `${s.before.toFixed(0)} / ${s.withStreams.toFixed(0)} MB`,
    `${r.before.toFixed(0)} / ${r.withStreams.toFixed(0)} MB`,
  );
  row(
    '  growth (limit 150 MB)',
    `${(s.withStreams - s.before).toFixed(0)} MB (${(s.after - s.before).toFixed(0)} after events)`,
    `${(r.withStreams - r.before).toFixed(0)} MB`,
    `${((s.withStreams - s.before) / Math.max(1, r.withStreams - r.before)).toFixed(2)}x`,
  );
  row(
    'market list 304 with the streams, req/s',
    `${fmt(s.busy.rps)} (p99 ${s.busy.p99} ms)`,
    `${fmt(s.quiet.rps)} (p99 ${s.quiet.p99} ms) none`,
    `${(s.busy.rps / s.quiet.rps).toFixed(2)}x`,
  );
  const ok = sd.p99 <= 1000 && sd.received === sd.of && s.withStreams - s.before <= 150;
  row('target: p99 <= 1 s, all received, RSS <= +150 MB', ok ? 'met' : 'NOT MET');
  if (s.busy.errors || s.quiet.errors) console.log(`  (poll errors: ${s.quiet.errors} / ${s.busy.errors})`);
}

main().catch((error) => {
  console.error(error.message);
  process.exit(1);
});
