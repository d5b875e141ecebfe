#!/usr/bin/env node
// `npm run bench`: where the server stands, each figure beside a same-run reference, as a ratio.
//   DATABASE_URL=postgres://.../postgres npm run bench    (a scratch database is made and dropped)
//   npm run bench                                         (PGlite in a temporary directory)
// Options: --seconds S (each load phase, default 8), --settle 10000,100000 (pending bids settled),
// --polls N (a long 304 poll run with RSS before and after, beside the bare reference server given
// the same polls; default 500000; 0 skips it),
// --poll-minutes M (instead of --polls: 304 polls for M minutes, RSS printed each minute),
// --skip-list (no market-list phases: bids and settlement only), --skip-bids (list phases only),
// --skip-events (no live-results streams: scripts/bench/events.mjs).
// --skip-reports (no profit-and-loss, export and watchdog figures over 1M rows: reports.mjs).
// Prints: market-list poll (200 and 304) vs a bare Hono hello; bids by 50 players vs a raw `pg`
// loop doing the minimal debit + ledger + bid transaction; settlement times with the market list's
// p99 and worst latency meanwhile; server start-to-ready; RSS idle and under load; the worst
// bank messages' read time and /config with 20 of them in flight (scripts/bench/upi-parse.mjs).
import { fork, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  ADMIN,
  adminToken,
  buildServer,
  client,
  creditWallet,
  freePort,
  freshDatabase,
  LIFTED_LIMITS,
  marketDay,
  newPlayer,
  rssMb,
  START_ENV,
  START_V8_FLAGS,
  startServer,
  stopServer,
  tempDataDir,
} from './bench/helpers.mjs';

const { values: opts } = parseArgs({
  options: {
    seconds: { type: 'string', default: '8' },
    settle: { type: 'string', default: process.env.DATABASE_URL ? '10000,100000' : '10000' },
    players: { type: 'string', default: '50' },
    polls: { type: 'string', default: '500000' },
    'poll-minutes': { type: 'string', default: '0' },
    'skip-list': { type: 'boolean', default: false },
    'skip-bids': { type: 'boolean', default: false },
    // Backup and restore of a 1M-bid database, bids' p99 during the backup (scripts/bench/backup.mjs).
    backup: { type: 'boolean', default: false },
    'skip-events': { type: 'boolean', default: false },
    'skip-reports': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(opts.seconds);
const PLAYERS = Number(opts.players);
const POLLS = Number(opts.polls);
const POLL_MINUTES = Number(opts['poll-minutes']);
const SETTLE = opts.settle
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const TZ = 'Asia/Kolkata';
const BATCH = 100;
const rows = [];
const row = (what, value, reference, ratio) => {
  rows.push({ what, value, reference, ratio });
  console.log(
    `${what.padEnd(44)} ${String(value).padEnd(26)} ${String(reference ?? '').padEnd(26)} ${ratio ?? ''}`,
  );
};
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** The whole machine's busy CPU time (all cores, user + system + softirq), in ms (/proc/stat). */
function machineCpuMs() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  // user nice system idle iowait irq softirq steal: busy is all but idle and iowait.
  return (f[0] + f[1] + f[2] + f[5] + f[6] + f[7]) * 10;
}

/** CPU time (user + system) a process has used, in ms (Linux /proc, 100 ticks a second). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function cannon(url, headers = {}) {
  const r = await autocannon({ url, connections: 50, duration: SECONDS, headers });
  return { rps: r.requests.average, p99: r.latency.p99, non2xx: r.non2xx, errors: r.errors };
}

/**
 * The bare Hono reference server (scripts/bench/hello.mjs: a hello, the same bytes as the market
 * list from memory, and its 304 poll), started as the server is (npm start's V8 flags and
 * environment), so its memory is the floor the server's is read against.
 */
async function referenceServer(bytes, etag) {
  const port = await freePort();
  const file = join(tmpdir(), `bench-bytes-${process.pid}.json`);
  writeFileSync(file, bytes);
  const child = fork('scripts/bench/hello.mjs', {
    env: { ...process.env, ...START_ENV, PORT: String(port), BYTES_FILE: file, BYTES_ETAG: etag },
    execArgv: START_V8_FLAGS,
  });
  await new Promise((r) => child.once('message', r));
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop() {
      child.kill();
      rmSync(file, { force: true });
    },
  };
}

/**
 * 50 players, each on its own keep-alive connection placing one-bid requests back to back for
 * SECONDS (autocannon: a light client, since it shares the machine's cores with the server).
 */
async function bidLoad(base, players, game, { keyed = false, seconds = SECONDS } = {}) {
  let next = 0;
  const r = await autocannon({
    url: `${base}/api/v1/user/main/bids`,
    connections: players.length,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest(req, context) {
          context.player ??= players[next++ % players.length];
          const i = players.indexOf(context.player);
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${context.player.token}`,
              // As the app sends it: a new key per submission (its answer is stored for a retry).
              ...(keyed ? { 'idempotency-key': randomUUID() } : {}),
            },
            body: JSON.stringify({
              bids: [
                { game, gameType: 'single-digit', amount: 10, session: 'Close', closeDigit: String(i % 10) },
              ],
            }),
          };
        },
      },
    ],
  });
  if (r.non2xx > 0 || r.errors > 0) console.log(`  (bids: non-2xx ${r.non2xx}, errors ${r.errors})`);
  return { rps: r.requests.average, p99: r.latency.p99, done: r.requests.total };
}

/** The reference: the minimal money transaction a bid needs, straight through `pg` (or PGlite). */
async function rawLoop(url) {
  const setup = `
    DROP TABLE IF EXISTS raw_bids, raw_ledger, raw_users;
    CREATE TABLE raw_users (id int PRIMARY KEY, balance bigint NOT NULL CHECK (balance >= 0));
    CREATE TABLE raw_ledger (id bigserial PRIMARY KEY, user_id int NOT NULL, amount bigint NOT NULL,
      ref uuid NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE raw_bids (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), user_id int NOT NULL,
      game_type text NOT NULL, digit text NOT NULL, amount bigint NOT NULL, created_at timestamptz NOT NULL DEFAULT now());
    INSERT INTO raw_users SELECT g, 1000000000 FROM generate_series(1, ${PLAYERS}) g;`;
  const tx = async (q, user) => {
    await q('BEGIN');
    await q('UPDATE raw_users SET balance = balance - 1000 WHERE id = $1', [user]);
    const bid = await q(
      `INSERT INTO raw_bids (user_id, game_type, digit, amount) VALUES ($1, 'single-digit', '1', 1000) RETURNING id`,
      [user],
    );
    await q('INSERT INTO raw_ledger (user_id, amount, ref) VALUES ($1, -1000, $2)', [user, bid.rows[0].id]);
    await q('COMMIT');
  };
  let done = 0;
  const latencies = [];
  let until = 0;
  let machine0 = 0;
  let self0;
  let clientCpu;
  let restCpu;
  if (url) {
    // 40: with the server's own pool open, PostgreSQL's default max_connections (100) leaves no more.
    const pool = new pg.Pool({ connectionString: url, max: Math.min(PLAYERS, 40) });
    await pool.query(setup);
    machine0 = machineCpuMs();
    self0 = process.cpuUsage();
    until = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: PLAYERS }, async (_, i) => {
        const c = await pool.connect();
        const q = (sql, params) => c.query(sql, params);
        while (performance.now() < until) {
          const t0 = performance.now();
          await tx(q, i + 1);
          latencies.push(performance.now() - t0);
          done += 1;
        }
        c.release();
      }),
    );
    const self = process.cpuUsage(self0);
    clientCpu = (self.user + self.system) / 1000 / done;
    restCpu = (machineCpuMs() - machine0) / done - clientCpu;
    await pool.query('DROP TABLE raw_bids, raw_ledger, raw_users');
    await pool.end();
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const dir = tempDataDir();
    const db = await PGlite.create({ dataDir: dir.dir });
    await db.exec(setup);
    const q = (sql, params) => db.query(sql, params);
    until = performance.now() + SECONDS * 1000;
    while (performance.now() < until) {
      const t0 = performance.now();
      await tx(q, (done % PLAYERS) + 1);
      latencies.push(performance.now() - t0);
      done += 1;
    }
    await db.close();
    dir.remove();
  }
  latencies.sort((a, b) => a - b);
  return {
    rps: done / SECONDS,
    p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
    clientCpu,
    restCpu,
  };
}

/** Places `n` pending Close bids on a fresh all-day market: 100-row requests, then (PostgreSQL) copies. */
async function pendingBids(call, dbUrl, admin, player, n) {
  const game = (
    await call('POST', '/api/v1/admin/main-games', {
      token: admin,
      body: { gameName: `Settle ${n} ${Date.now() % 100000}`, openTime: '00:00', closeTime: '23:59' },
    })
  ).data._id;
  const batch = Array.from({ length: BATCH }, (_, i) => ({
    game,
    gameType: 'single-digit',
    amount: 10,
    session: 'Close',
    closeDigit: String(i % 10),
  }));
  const direct = dbUrl ? 1 : Math.ceil(n / BATCH);
  for (let i = 0; i < direct; i++) {
    await call('POST', '/api/v1/user/main/bids', { token: player.token, body: { bids: batch } });
  }
  if (dbUrl && n > BATCH) {
    // Copies of the real bids (same request, new ids): settlement reads and pays each one.
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query(
      `INSERT INTO bids (request_id, user_id, game_id, family, game_type, session, digit, open_digit, close_digit,
                         open_panna, close_panna, panna_type, atom, bid_date, amount_paise, rate_point, rate_amount)
       SELECT request_id, user_id, game_id, family, game_type, session, digit, open_digit, close_digit,
              open_panna, close_panna, panna_type, atom, bid_date, amount_paise, rate_point, rate_amount
         FROM bids, generate_series(1, $2::int) WHERE game_id = $1`,
      [game, Math.ceil(n / BATCH) - 1],
    );
    await c.query('ANALYZE bids');
    await c.end();
  }
  return game;
}

/** Declares open then close and times the close settlement, polling the market list meanwhile. */
async function settle(call, base, admin, game, n) {
  const day = marketDay(TZ);
  await call('POST', '/api/v1/admin/results/main', {
    token: admin,
    body: { gameId: game, resultDate: day, session: 'open', panna: '123' },
  });
  let polling = true;
  const latencies = [];
  const poller = (async () => {
    while (polling) {
      const t0 = performance.now();
      await fetch(`${base}/api/v1/admin/main-games`).then((r) => r.arrayBuffer());
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const t0 = performance.now();
  const close = await call('POST', '/api/v1/admin/results/main', {
    token: admin,
    body: { gameId: game, resultDate: day, session: 'close', panna: '456' },
    timeoutMs: 900_000,
  });
  const ms = performance.now() - t0;
  polling = false;
  await poller;
  latencies.sort((a, b) => a - b);
  const p99 = latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))] ?? 0;
  return {
    ms,
    settled: close.data.settlement?.settledBids ?? n,
    worst: latencies.at(-1) ?? 0,
    p99,
    polls: latencies.length,
  };
}

async function main() {
  const base = process.env.DATABASE_URL;
  console.error(`bench: building the server; database: ${base ? 'PostgreSQL' : 'PGlite'}`);
  buildServer();
  const db = base ? await freshDatabase(base, 'bench') : null;
  const dir = base ? null : tempDataDir();
  const port = await freePort();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'true',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    MARKET_TZ: TZ,
    ...LIFTED_LIMITS,
    ...(db ? { DATABASE_URL: db.url, DB_POOL_MAX: '50' } : { DATA_DIR: dir.dir }),
  };
  const server = await startServer({ port, env });
  running = server;
  const pid = server.child.pid;
  console.log(
    `\nmachine: ${cpus().length} x ${cpus()[0]?.model}, ${Math.round(totalmem() / 2 ** 30)} GB; Node ${process.version}`,
  );
  console.log(
    `database: ${base ? 'PostgreSQL (DB_POOL_MAX=50)' : 'PGlite'}; ${SECONDS} s per load phase, 50 connections\n`,
  );
  console.log(`${'measure'.padEnd(44)} ${'server'.padEnd(26)} ${'reference'.padEnd(26)} ratio`);
  row('start to ready (fresh database, demo data)', `${fmt(server.readyMs)} ms`);
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rssMb(pid);
  const call = client(server.url);
  const admin = await adminToken(call);

  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 200);

  const listUrl = `${server.url}/api/v1/admin/main-games`;
  if (!opts['skip-list']) await listPhases(pid, listUrl);
  if (!opts['skip-bids']) await bidsAndSettlement(call, admin, server, pid, db, idle, () => peak, sampler);
  clearInterval(sampler);
  await stopServer(server);
  await db?.drop();
  dir?.remove();
  if (base) await (await import('./bench/upi-notify.mjs')).upiNotifyBench({ base, row, build: false });
  // Issue 44: the worst bank messages' read time, and /config with 20 of them in flight.
  await (await import('./bench/upi-parse.mjs')).upiParseBench({ base, row, build: false });
  // Chart history (issue 46): ten years of one market imported, beside a bare COPY (chart-import.mjs).
  await (await import('./bench/chart-import.mjs')).chartImportBench({ base, row, build: false });
  if (opts.backup) spawnSync(process.execPath, ['scripts/bench/backup.mjs'], { stdio: 'inherit' });
  // Live results (issue 40): 10,000 event streams on a server of its own (scripts/bench/events.mjs).
  if (!opts['skip-events'])
    spawnSync(process.execPath, ['scripts/bench/events.mjs', '--no-build', '--seconds', opts.seconds], {
      stdio: 'inherit',
    });
  // Reports, exports and the watchdog over 1M bids and players (scripts/bench/reports.mjs).
  if (!opts['skip-reports']) await new Promise((r) => fork('scripts/bench/reports.mjs').once('exit', r));
}

async function listPhases(pid, listUrl) {
  const first = await fetch(listUrl, { headers: { 'accept-encoding': 'identity' } });
  const etag = first.headers.get('etag');
  const body = Buffer.from(await first.arrayBuffer());
  const bare = await referenceServer(body, etag);
  const ref = { hello: await cannon(`${bare.url}/`), same: await cannon(`${bare.url}/bytes`) };
  const full = await cannon(listUrl);
  const cached = await cannon(listUrl, { 'if-none-match': etag });
  row(
    `market list 200 (${fmt(body.byteLength)} B), req/s`,
    `${fmt(full.rps)} (p99 ${full.p99} ms)`,
    `${fmt(ref.same.rps)} same bytes`,
    `${(full.rps / ref.same.rps).toFixed(2)}x`,
  );
  row(
    'market list 304, req/s',
    `${fmt(cached.rps)} (p99 ${cached.p99} ms)`,
    `${fmt(ref.hello.rps)} hello`,
    `${(cached.rps / ref.hello.rps).toFixed(2)}x`,
  );
  if (POLL_MINUTES > 0) await pollForMinutes(pid, listUrl, etag, bare);
  else if (POLLS > 0) {
    // A long poll run: memory must come back to where it was (no per-request leak), and stay
    // within reach of the bare server's given the same polls (the baseline: what the process holds).
    const server = await pollRun(pid, listUrl, etag, { amount: POLLS });
    const reference = await pollRun(bare.pid, `${bare.url}/poll`, etag, { amount: POLLS });
    row(
      `RSS before / after ${fmt(POLLS)} polls (304)`,
      `${server.before.toFixed(0)} / ${server.after.toFixed(0)} MiB`,
      `bare Hono ${reference.before.toFixed(0)} / ${reference.after.toFixed(0)} MiB`,
      `${(server.after / reference.after).toFixed(2)}x`,
    );
    row('  polls (304) per second', fmt(server.rps), `bare Hono ${fmt(reference.rps)}`);
  }
  bare.stop();
  if (full.non2xx || full.errors || cached.errors)
    console.log(`  (non-2xx ${full.non2xx}, errors ${full.errors + cached.errors})`);
}

/** 50 connections polling `url` with the list's ETag (304s); RSS of `pid` before and 2 s after, MiB. */
async function pollRun(pid, url, etag, limit) {
  const before = rssMb(pid);
  const r = await autocannon({ url, connections: 50, headers: { 'if-none-match': etag }, ...limit });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const other = r['2xx'] + r['4xx'] + r['5xx'];
  if (other || r.errors) console.log(`  (${url}: ${other} answers not 304, errors ${r.errors})`);
  return { before, after: rssMb(pid), rps: r.requests.average };
}

/**
 * Polls (304) for POLL_MINUTES minutes: RSS at the end of each minute must stay flat. The bare
 * reference then answers as many polls.
 */
async function pollForMinutes(pid, listUrl, etag, bare) {
  const before = rssMb(pid);
  const perMinute = [];
  const sampler = setInterval(() => perMinute.push(rssMb(pid)), 60_000);
  const r = await autocannon({
    url: listUrl,
    connections: 50,
    duration: POLL_MINUTES * 60,
    headers: { 'if-none-match': etag },
  });
  clearInterval(sampler);
  const fromTwo = perMinute.slice(1);
  row(
    `RSS before / each of ${POLL_MINUTES} min of polls (304)`,
    `${before.toFixed(0)} / ${perMinute.map((m) => m.toFixed(0)).join(' ')} MiB`,
    `${fmt(r.requests.total)} polls, ${fmt(r.requests.average)} req/s`,
  );
  const reference = await pollRun(bare.pid, `${bare.url}/poll`, etag, { amount: r.requests.total });
  const last = perMinute.at(-1) ?? rssMb(pid);
  row(
    `  RSS at the end beside the bare server`,
    `${last.toFixed(0)} MiB`,
    `bare Hono ${reference.before.toFixed(0)} / ${reference.after.toFixed(0)} MiB`,
    `${(last / reference.after).toFixed(2)}x`,
  );
  if (fromTwo.length > 1)
    row(
      '  RSS from minute 2 to the last: min / max',
      `${Math.min(...fromTwo).toFixed(0)} / ${Math.max(...fromTwo).toFixed(0)} MiB`,
    );
}

async function bidsAndSettlement(call, admin, server, pid, db, idle, peakNow, sampler) {
  console.error(`bench: registering ${PLAYERS} players`);
  const players = [];
  for (let i = 0; i < PLAYERS; i++) players.push(await newPlayer(call, admin, `7${String(100000000 + i)}`));
  for (const p of players) {
    await creditWallet(call, admin, p.id, 10_000_000, 'Benchmark stake');
  }
  const game = (
    await call('POST', '/api/v1/admin/main-games', {
      token: admin,
      body: { gameName: `Bench ${Date.now() % 100000}`, openTime: '00:00', closeTime: '23:59' },
    })
  ).data._id;
  // A short unmeasured load first: the figures are the steady state of a process that has been
  // taking bids, not V8's first compilation of the bid path (its optimizing compiler runs on
  // other threads of the same process, which the server's CPU time would count).
  await bidLoad(server.url, players, game, { seconds: 2 });
  const cpuBefore = cpuMs(pid);
  const machineBefore = machineCpuMs();
  const selfBefore = process.cpuUsage();
  const bids = await bidLoad(server.url, players, game);
  const bidCpu = (cpuMs(pid) - cpuBefore) / bids.done;
  const self = process.cpuUsage(selfBefore);
  const loadCpu = (self.user + self.system) / 1000 / bids.done;
  // The rest of the machine's busy time: PostgreSQL's backends (and anything else running).
  const restCpu = (machineCpuMs() - machineBefore) / bids.done - bidCpu - loadCpu;
  const raw = await rawLoop(db?.url);
  // PGlite's raw loop runs in this process and blocks its event loop: let the HTTP client see the
  // keep-alive connections the server closed meanwhile before sending on them again.
  await new Promise((r) => setTimeout(r, 500));
  row(
    `bids, ${PLAYERS} players, 1 bid/request, bids/s`,
    `${fmt(bids.rps)} (p99 ${Math.round(bids.p99)} ms)`,
    `${fmt(raw.rps)} raw (p99 ${Math.round(raw.p99)} ms)`,
    `${(bids.rps / raw.rps).toFixed(2)}x`,
  );
  row('server CPU per bid', `${bidCpu.toFixed(2)} ms`);
  row('load generator / rest of machine CPU per bid', `${loadCpu.toFixed(2)} / ${restCpu.toFixed(2)} ms`);
  if (raw.clientCpu !== undefined)
    row(
      'raw loop: client / rest of machine CPU per tx',
      `${raw.clientCpu.toFixed(2)} / ${raw.restCpu.toFixed(2)} ms`,
    );
  const keyedBefore = cpuMs(pid);
  const keyed = await bidLoad(server.url, players, game, { keyed: true });
  row(
    `  the same with an Idempotency-Key each`,
    `${fmt(keyed.rps)} (p99 ${Math.round(keyed.p99)} ms)`,
    `${fmt(raw.rps)} raw`,
    `${(keyed.rps / raw.rps).toFixed(2)}x`,
  );
  row('  server CPU per keyed bid', `${((cpuMs(pid) - keyedBefore) / keyed.done).toFixed(2)} ms`);
  clearInterval(sampler);
  row('RSS idle / peak under load', `${idle.toFixed(0)} / ${peakNow().toFixed(0)} MiB`);

  for (const n of SETTLE) {
    console.error(`bench: preparing ${fmt(n)} pending bids`);
    const g = await pendingBids(call, db?.url, admin, players[0], n);
    const s = await settle(call, server.url, admin, g, n);
    row(
      `settle ${fmt(s.settled)} pending bids`,
      `${(s.ms / 1000).toFixed(2)} s (${((s.ms * 1000) / s.settled).toFixed(1)} us/bid)`,
      `list p99 ${fmt(s.p99)} / worst ${fmt(s.worst)} ms (${s.polls} polls)`,
    );
  }
}

let running = null;

main().catch((error) => {
  console.error(error.message, error.cause?.message ?? '');
  if (running)
    console.error(
      `server exit code: ${running.child.exitCode}; its log ends with:\n${running.log().slice(-3000)}`,
    );
  process.exit(1);
});
