#!/usr/bin/env node
// Automatic UPI deposits (issue 35): bank messages matched per second, and their p99, on
// PostgreSQL with 1,000 orders open the whole time, beside two same-run references doing the
// minimal work of a credit from a message (store it once by its UTR, move the balance, write the
// ledger row) at the same concurrency: a bare Hono POST doing it (upi-reference.mjs, the same HTTP
// stack as the server), and a raw `pg` loop (no HTTP at all). Goal: 500/s and p99 < 50 ms.
//   DATABASE_URL=postgres://.../postgres node scripts/bench/upi-notify.mjs [--open 1000] [--matches 3000] [--concurrency 16]
//   npm run bench runs it too (one line in scripts/bench.mjs) when DATABASE_URL is set.
// The machine is shared: read the ratio, not the absolute figures.
import { fork } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  buildServer,
  client,
  freePort,
  freshDatabase,
  LIFTED_LIMITS,
  newPlayer,
  startServer,
  stopServer,
} from './helpers.mjs';

const SECRET = 'bench-upi-notify-secret-0123456789';
const OWNER = { username: 'bench-upi-owner', password: 'bench-upi-owner-pass' };
const PLAYERS = 50;

const p99 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? 0;
const fmt = (n) => Math.round(n).toLocaleString('en-US');

/** Runs `n` jobs with `concurrency` in flight; answers each job's latency in ms and the total time. */
async function load(n, concurrency, job) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < n; i = next++) {
        const t0 = performance.now();
        await job(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { ms: performance.now() - started, latencies };
}

/** The reference: what a credit from a message needs at the least, straight into PostgreSQL. */
async function rawLoop(url, n, concurrency) {
  const pool = new pg.Pool({ connectionString: url, max: concurrency });
  await pool.query(`
    DROP TABLE IF EXISTS raw_notes, raw_ledger, raw_users;
    CREATE TABLE raw_users (id int PRIMARY KEY, balance bigint NOT NULL);
    CREATE TABLE raw_notes (utr text PRIMARY KEY, text text NOT NULL, received_at timestamptz NOT NULL DEFAULT now());
    CREATE TABLE raw_ledger (id bigserial PRIMARY KEY, user_id int NOT NULL, amount bigint NOT NULL, ref text NOT NULL UNIQUE);
    INSERT INTO raw_users SELECT g, 0 FROM generate_series(1, ${PLAYERS}) g;`);
  const run = await load(n, concurrency, async (i) => {
    const c = await pool.connect();
    try {
      await c.query('BEGIN');
      const utr = String(700_000_000_000 + i);
      const fresh = await c.query(
        'INSERT INTO raw_notes (utr, text) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1',
        [utr, `Rs. ${i}.37 credited (UPI ${utr})`],
      );
      if (fresh.rows.length) {
        await c.query('UPDATE raw_users SET balance = balance + $2 WHERE id = $1', [
          (i % PLAYERS) + 1,
          10037,
        ]);
        await c.query('INSERT INTO raw_ledger (user_id, amount, ref) VALUES ($1, $2, $3)', [
          (i % PLAYERS) + 1,
          10037,
          utr,
        ]);
      }
      await c.query('COMMIT');
    } finally {
      c.release();
    }
  });
  await pool.query('DROP TABLE raw_notes, raw_ledger, raw_users');
  await pool.end();
  return run;
}

/** The same-stack reference: a bare Hono POST per message, doing the minimal credit. */
async function honoReference(url, n, concurrency) {
  const port = await freePort();
  const child = fork('scripts/bench/upi-reference.mjs', {
    env: { ...process.env, PORT: String(port), DATABASE_URL: url },
    stdio: 'ignore',
  });
  await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the Hono reference exited: ${code}`)));
  });
  try {
    return await load(n, concurrency, async (i) => {
      const utr = String(800_000_000_000 + i);
      const res = await fetch(`http://127.0.0.1:${port}/credit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          utr,
          text: `Rs. ${i}.37 credited (UPI ${utr})`,
          user: (i % PLAYERS) + 1,
          paise: 10037,
        }),
      });
      await res.json();
    });
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

/** A compiled server taking automatic UPI deposits, its limits lifted, with `more` settings. */
export function upiServerEnv(secret, more) {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'false',
    PAYMENT_PROVIDER: 'upi',
    UPI_VPA: 'bench.shop@okaxis',
    UPI_PAYEE_NAME: 'Bench Shop',
    UPI_AUTO_MATCH: 'true',
    PAYMENT_NOTIFY_SECRET: secret,
    LIMIT_PAYMENT_NOTIFY_PER_ADDRESS_MINUTE: '1000000',
    ...LIFTED_LIMITS,
    ...more,
  };
}

/**
 * The bench on a scratch database of the PostgreSQL server at `base`: a compiled server with
 * automatic matching, `open + matches` orders by 50 players, then one bank message per order for
 * `matches` of them (so `open` stay open throughout), `concurrency` in flight. Prints through `row`.
 */
export async function upiNotifyBench({
  base,
  row,
  open = 1000,
  matches = 3000,
  concurrency = 16,
  build = true,
}) {
  if (build) buildServer();
  const db = await freshDatabase(base, 'benchupi');
  const server = await startServer({
    port: await freePort(),
    env: upiServerEnv(SECRET, {
      DATABASE_URL: db.url,
      ADMIN_USERNAME: OWNER.username,
      ADMIN_PASSWORD: OWNER.password,
      // Windows long enough that no order's ends during the run.
      UPI_MATCH_MINUTES: '240',
    }),
  });
  try {
    const call = client(server.url);
    const admin = (await call('POST', '/api/v1/admin/login', { body: OWNER })).token;
    const players = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await newPlayer(call, admin, String(9_700_000_000 + i)));
    // Distinct rupee amounts spread the exact amounts; every order asks 100 to 4,099 rupees.
    const total = open + matches;
    const orders = [];
    await load(total, 8, async (i) => {
      const p = players[i % PLAYERS];
      const o = await call('POST', '/api/v1/user/fund', {
        token: p.token,
        body: { amount: 100 + (i % 4000) },
      });
      orders[i] = o.data;
    });
    const paid = orders.slice(0, matches);
    const url = `${server.url}/api/payment/notify/${SECRET}`;
    const outcomes = {};
    const run = await load(matches, concurrency, async (i) => {
      const o = paid[i];
      const text = `Rs. ${o.payAmount.toFixed(2)} credited to HDFC Bank A/c XX1234 on 21-11-26 from VPA rahul@okaxis (UPI ${600_000_000_000 + i})`;
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ from: 'AD-HDFCBK', text, sentStamp: Date.now() }),
      });
      const body = await res.json();
      const outcome = body.data?.outcome ?? `http-${res.status}`;
      outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
    });
    const left = (await call('GET', '/api/v1/admin/payment-notifications/health', { token: admin })).data
      .openOrders;
    const hono = await honoReference(db.url, matches, concurrency);
    const ref = await rawLoop(db.url, matches, concurrency);
    const perSecond = (matches * 1000) / run.ms;
    const honoPerSecond = (matches * 1000) / hono.ms;
    const refPerSecond = (matches * 1000) / ref.ms;
    row(
      `UPI messages matched/s (${fmt(open)}+ open orders)`,
      `${fmt(perSecond)}/s`,
      `${fmt(honoPerSecond)}/s Hono POST credit`,
      `${(perSecond / honoPerSecond).toFixed(2)}x`,
    );
    row('', '', `${fmt(refPerSecond)}/s raw pg credit`, `${(perSecond / refPerSecond).toFixed(2)}x`);
    row(
      `UPI message p99 (${concurrency} in flight)`,
      `${p99(run.latencies).toFixed(1)} ms`,
      `${p99(hono.latencies).toFixed(1)} ms Hono POST credit`,
      `${(p99(run.latencies) / p99(hono.latencies)).toFixed(2)}x`,
    );
    row(
      '',
      '',
      `${p99(ref.latencies).toFixed(1)} ms raw pg credit`,
      `${(p99(run.latencies) / p99(ref.latencies)).toFixed(2)}x`,
    );
    row('UPI outcomes (all should be matched)', JSON.stringify(outcomes), `${fmt(left)} orders still open`);
    return {
      perSecond,
      p99: p99(run.latencies),
      honoPerSecond,
      honoP99: p99(hono.latencies),
      refPerSecond,
      refP99: p99(ref.latencies),
      outcomes,
      left,
    };
  } finally {
    await stopServer(server);
    await db.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      open: { type: 'string', default: '1000' },
      matches: { type: 'string', default: '3000' },
      concurrency: { type: 'string', default: '16' },
    },
  });
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.error(
      'upi-notify bench: set DATABASE_URL to a PostgreSQL server (a scratch database is made and dropped)',
    );
    process.exit(2);
  }
  const row = (what, value, reference, ratio) =>
    console.log(
      `${what.padEnd(44)} ${String(value).padEnd(26)} ${String(reference ?? '').padEnd(26)} ${ratio ?? ''}`,
    );
  console.log('(the machine may be shared: compare the server with the same-run reference)');
  console.log(`${'measure'.padEnd(44)} ${'server'.padEnd(26)} ${'reference'.padEnd(26)} ratio`);
  upiNotifyBench({
    base,
    row,
    open: Number(values.open),
    matches: Number(values.matches),
    concurrency: Number(values.concurrency),
  }).catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
