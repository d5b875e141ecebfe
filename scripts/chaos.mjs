#!/usr/bin/env node
// `npm run chaos -- --seed S [--seconds N] [--concurrency C]`: a seeded random-operations harness
// against two compiled server processes on one PostgreSQL database (DATABASE_URL, or the local
// server at postgres://postgres@127.0.0.1:5432/postgres; a scratch database is made and dropped).
//
// 64 workers (by default) play players and operators: bids of every family, sandbox funding paid
// by checkout or by signed webhooks (duplicated and reordered), withdrawals approved or rejected
// (a third raced by the player's cancel through the other process), results declared, reverted and declared again; money writes carry an Idempotency-Key and are
// retried through the OTHER process. Faults: one process is killed with SIGKILL mid-run and
// restarted, and random database connections are dropped with pg_terminate_backend. At the end,
// every invariant is checked in SQL; any violation exits 1 with the seed to reproduce it.
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
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
  startServer,
  stopServer,
} from './bench/helpers.mjs';
import { signWebhookBodyHex } from './chaos/sign.mjs';

const { values: opts } = parseArgs({
  options: {
    seed: { type: 'string', default: String(Date.now() % 100000) },
    seconds: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '64' },
    players: { type: 'string', default: '24' },
  },
});
const SEED = Number(opts.seed);
const SECONDS = Number(opts.seconds);
const CONCURRENCY = Number(opts.concurrency);
const PLAYERS = Number(opts.players);
const WEBHOOK_SECRET = 'chaos-webhook-secret-0123456789';

/** mulberry32: small, fast, and the same sequence for the same seed everywhere. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A zone whose local time is about 12:00 now, so "all day" markets stay open for the run. */
function middayZone(now = new Date()) {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

const stats = {};
const count = (what) => {
  stats[what] = (stats[what] ?? 0) + 1;
};
/** JSON with object keys sorted: a stored answer comes back from jsonb with its keys reordered. */
const canonical = (v) =>
  JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort()) : x,
  );
const accepted = { bids: new Map(), withdrawals: new Set(), paidOrders: new Set() };
const replayMismatches = [];

async function main() {
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  buildServer();
  const db = await freshDatabase(base, 'chaos');
  const tz = middayZone();
  const day = marketDay(tz);
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATABASE_URL: db.url,
    MARKET_TZ: tz,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    PAYMENT_WEBHOOK_SECRET: WEBHOOK_SECRET,
    DB_POOL_MAX: '20',
    SHUTDOWN_TIMEOUT_MS: '3000',
    ...LIFTED_LIMITS,
  };
  const ports = [await freePort(), await freePort()];
  const servers = [await startServer({ port: ports[0], env }), await startServer({ port: ports[1], env })];
  const calls = servers.map((s) => client(s.url));
  const up = [true, true];
  console.log(
    `chaos: seed ${SEED}, ${SECONDS} s, concurrency ${CONCURRENCY}, ${PLAYERS} players, 2 processes, zone ${tz}`,
  );

  // Setup through process 0: an operator, players with money and methods, one market per family.
  const admin = await adminToken(calls[0]);
  const players = [];
  for (let i = 0; i < PLAYERS; i++) {
    const p = await newPlayer(calls[0], admin, `6${String(200000000 + SEED * 1000 + i).slice(-9)}`);
    await creditWallet(calls[0], admin, p.id, 5000, 'Chaos stake');
    await calls[0]('POST', '/api/v1/user/withdrawal/methods', {
      token: p.token,
      body: { method: 'gpay', phoneNumber: p.phone },
    });
    players.push(p);
  }
  const mk = async (family, body) =>
    (await calls[0]('POST', `/api/v1/admin/${family}-games`, { token: admin, body })).data._id;
  const games = {
    main: await mk('main', { gameName: `Chaos Main ${SEED}`, openTime: '23:50', closeTime: '23:55' }),
    starline: await mk('starline', { gameName: `Chaos Star ${SEED}`, openTime: '23:55' }),
    galidisawar: await mk('galidisawar', { gameName: `Chaos Gali ${SEED}`, openTime: '23:55' }),
  };

  /** A call through process `i`, or the other one when `i` is down; network errors count, not throw. */
  const via = async (i, method, path, o = {}) => {
    const target = up[i] ? i : 1 - i;
    try {
      return await calls[target](method, path, {
        ...o,
        accept: [400, 401, 403, 404, 409, 422, 429, 500, 503, ...(o.accept ?? [])],
      });
    } catch (error) {
      const why = String(error?.cause?.code ?? error?.name ?? error?.message ?? error).slice(0, 40);
      count(`network error: ${why}`);
      return { status: 0, error };
    }
  };

  /** A money write with an Idempotency-Key: on a lost answer, the same key through the other process. */
  const idempotent = async (i, method, path, o) => {
    const key = randomUUID();
    const headers = { 'idempotency-key': key };
    let res = await via(i, method, path, { ...o, headers });
    for (let attempt = 0; res.status === 0 || res.status === 409 || res.status === 503; attempt++) {
      if (attempt > 20) break;
      count('retried with the same key');
      await new Promise((r) => setTimeout(r, 100 * (attempt + 1)));
      res = await via(attempt % 2 === 0 ? 1 - i : i, method, path, { ...o, headers });
    }
    // A deliberate replay through the other process must answer the same, changing nothing.
    if (res.status === 201 && Math.random() < 0.2) {
      // A replay that meets a dropped connection answers 503 "try again" (or nothing): like any
      // client, send it again; only a definite answer is compared.
      let again = await via(1 - i, method, path, { ...o, headers });
      for (let n = 0; (again.status === 0 || again.status === 503) && n < 10; n++) {
        await new Promise((r) => setTimeout(r, 100 * (n + 1)));
        again = await via(1 - i, method, path, { ...o, headers });
      }
      if (again.status !== 0 && again.status !== 503 && canonical(again.data) !== canonical(res.data)) {
        replayMismatches.push(
          `${path} key ${key}: first ${res.status} ${JSON.stringify(res.data).slice(0, 300)}; replay ${again.status} ${JSON.stringify(again.data ?? again.message).slice(0, 300)}`,
        );
      }
      count('replayed through the other process');
    }
    return res;
  };

  const results = { main: [], starline: [], galidisawar: [] };
  const ops = [
    // Bids of every family.
    async (r, i, p) => {
      const families = ['main', 'starline', 'galidisawar'];
      const family = families[Math.floor(r() * 3)];
      const digit = String(Math.floor(r() * 10));
      const bid =
        family === 'main'
          ? r() < 0.5
            ? { gameType: 'single-digit', session: 'Open', openDigit: digit }
            : { gameType: 'single-digit', session: 'Close', closeDigit: digit }
          : family === 'starline'
            ? { gameType: 'single-digit', digit }
            : { gameType: r() < 0.5 ? 'left-digit' : 'right-digit', digit };
      const path = {
        main: '/api/v1/user/main/bids',
        starline: '/api/v1/user/starline-bid',
        galidisawar: '/api/v1/admin/galidisawar-bid',
      }[family];
      const res = await idempotent(i, 'POST', path, {
        token: p.token,
        body: { bids: [{ game: games[family], amount: 5 + Math.floor(r() * 20), ...bid }] },
      });
      count(`bid ${family} ${res.status}`);
      if (res.status === 201) for (const b of res.data.bids) accepted.bids.set(b._id, b.amount ?? null);
    },
    // Funding: open an order, then pay it by checkout or by (duplicated, reordered) webhooks.
    async (r, i, p) => {
      const res = await via(i, 'POST', '/api/v1/user/fund', {
        token: p.token,
        body: { amount: 10 + Math.floor(r() * 90) },
      });
      count(`fund order ${res.status}`);
      if (res.status !== 201) return;
      const orderId = res.data.orderId;
      if (r() < 0.4) {
        // The sandbox answers 303 to the app's return page: that answer is the payment, whether or
        // not an app build is there to show the page (CI runs this before building the app).
        const pay = await via(1 - i, 'POST', `/api/payment/checkout/${orderId}/pay`, {
          redirect: 'manual',
          accept: [303],
        });
        count(`checkout pay ${pay.status}`);
        if (pay.status === 303) accepted.paidOrders.add(orderId);
        return;
      }
      const events = [{ eventId: `ev-${orderId}-ok`, orderId, status: 'SUCCESS' }];
      if (r() < 0.3)
        events.unshift({ eventId: `ev-${orderId}-early`, orderId, status: r() < 0.5 ? 'FAILED' : 'SUCCESS' });
      const deliveries = [...events, ...events.filter(() => r() < 0.5)].sort(() => r() - 0.5);
      await Promise.all(
        deliveries.map(async (ev, k) => {
          const raw = JSON.stringify(ev);
          const hook = await via((i + k) % 2, 'POST', '/api/payment/webhook', {
            headers: { 'x-signature': signWebhookBodyHex(raw, WEBHOOK_SECRET) },
            rawBody: raw,
          });
          count(`webhook ${hook.status}`);
        }),
      );
    },
    // Withdrawals, decided at once by the operator through either process.
    async (r, i, p) => {
      const res = await idempotent(i, 'POST', '/api/v1/user/withdrawal', {
        token: p.token,
        body: { amount: 1 + Math.floor(r() * 30), method: 'gpay' },
      });
      count(`withdrawal ${res.status}`);
      if (res.status !== 201) return;
      accepted.withdrawals.add(res.data._id);
      const action = r() < 0.5 ? 'approve' : 'reject';
      const decide = via(1 - i, 'POST', `/api/v1/admin/withdrawals/${res.data._id}/${action}`, {
        token: admin,
        // A rejection needs its reason (issue 19).
        body: action === 'reject' ? { reason: 'Chaos says no' } : {},
      });
      // One in three: the player cancels it through the other process at the same moment.
      const cancel =
        r() < 0.33
          ? via(i, 'POST', `/api/v1/user/withdrawal/${res.data._id}/cancel`, { token: p.token })
          : null;
      const [d, x] = await Promise.all([decide, cancel]);
      count(`withdrawal ${action} ${d.status}`);
      if (x) count(`withdrawal cancel ${x.status}`);
    },
    // Operators: declare, revert, declare again (rarely, so bids get settled and re-settled).
    async (r, i) => {
      if (r() > 0.25) return;
      const family = ['main', 'starline', 'galidisawar'][Math.floor(r() * 3)];
      const pannas = ['123', '550', '678', '290', '127', '359'];
      const existing = results[family].pop();
      if (existing && r() < 0.6) {
        const rev = await via(i, 'DELETE', `/api/v1/admin/results/${family}/${existing}`, {
          token: admin,
          body: { reason: 'Chaos revert' },
        });
        count(`revert ${family} ${rev.status}`);
        return;
      }
      if (existing) results[family].push(existing);
      const body =
        family === 'main'
          ? {
              gameId: games.main,
              resultDate: day,
              session: r() < 0.6 ? 'open' : 'close',
              panna: pannas[Math.floor(r() * 6)],
            }
          : family === 'starline'
            ? { gameId: games.starline, resultDate: day, panna: pannas[Math.floor(r() * 6)] }
            : { gameId: games.galidisawar, resultDate: day, jodi: String(Math.floor(r() * 90) + 10) };
      const res = await via(i, 'POST', `/api/v1/admin/results/${family}`, { token: admin, body });
      count(`declare ${family} ${res.status}`);
      if (res.status === 200 || res.status === 201) results[family].push(res.data.result._id);
    },
  ];

  // Faults: one process killed with SIGKILL mid-run and restarted; connections dropped now and then.
  const faults = (async () => {
    const chaosRng = rng(SEED ^ 0x5eed);
    const killAt = Date.now() + SECONDS * 1000 * (0.3 + chaosRng() * 0.3);
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    let killed = false;
    while (Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500 + chaosRng() * 1500));
      if (!killed && Date.now() > killAt) {
        killed = true;
        const victim = Math.floor(chaosRng() * 2);
        up[victim] = false;
        servers[victim].child.kill('SIGKILL');
        count('process killed (SIGKILL)');
        await new Promise((r) => setTimeout(r, 1000));
        servers[victim] = await startServer({ port: ports[victim], env });
        up[victim] = true;
        count('process restarted');
        continue;
      }
      const dropped = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid()
          ORDER BY random() LIMIT 2`,
      );
      stats['connections dropped'] = (stats['connections dropped'] ?? 0) + dropped.rowCount;
    }
    await admin.end();
  })();

  const deadline = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      const r = rng(SEED * 1000 + w);
      while (Date.now() < deadline) {
        const p = players[Math.floor(r() * players.length)];
        const op = ops[Math.min(ops.length - 1, Math.floor(r() * (ops.length + 0.5)))];
        await op(r, w % 2, p);
      }
    }),
  );
  await faults;
  const elapsed = (Date.now() - started) / 1000;

  // Let both processes finish what they started (reconciliation, draws), then stop them cleanly.
  for (const [k, s] of servers.entries()) {
    if (s.child.exitCode !== null) {
      replayMismatches.push(
        `process ${k} died on its own (exit ${s.child.exitCode}):\n${s.log().slice(-3000)}`,
      );
    }
    const code = await stopServer(s);
    if (code !== 0) count(`process ${k} stopped with ${code}`);
  }
  const violations = [
    ...replayMismatches.map((m) => `a replay through the other process answered differently: ${m}`),
    ...(await checkInvariants(db.url)),
  ];
  const total = Object.entries(stats)
    .filter(([k]) => /^(bid|fund|withdrawal|webhook|declare|revert|checkout)/.test(k))
    .reduce((n, [, v]) => n + v, 0);
  console.log(`chaos: ${total} operations in ${elapsed.toFixed(1)} s (${Math.round(total / elapsed)}/s)`);
  for (const [k, v] of Object.entries(stats).sort()) console.log(`  ${k.padEnd(44)} ${v}`);
  await db.drop();
  if (violations.length > 0) {
    console.log(`chaos: ${violations.length} INVARIANTS BROKEN (reproduce with --seed ${SEED}):`);
    for (const v of violations) console.log(`  - ${v}`);
    process.exit(1);
  }
  console.log('chaos: every invariant holds');
}

/** The invariants, in SQL; each answer row is one violation. */
async function checkInvariants(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const out = [];
  const check = async (name, sql, params = []) => {
    const r = await c.query(sql, params);
    for (const row of r.rows.slice(0, 5)) out.push(`${name}: ${JSON.stringify(row)}`);
    if (r.rows.length > 5) out.push(`${name}: and ${r.rows.length - 5} more`);
  };
  await check(
    'balance differs from the sum of its ledger',
    `SELECT u.id, u.balance_paise, COALESCE(sum(l.amount_paise), 0) AS ledger FROM users u
       LEFT JOIN ledger l ON l.user_id = u.id GROUP BY u.id HAVING u.balance_paise <> COALESCE(sum(l.amount_paise), 0)`,
  );
  await check('negative balance', 'SELECT id, balance_paise FROM users WHERE balance_paise < 0');
  await check(
    'bid request without exactly one matching debit',
    `SELECT b.request_id, sum(b.amount_paise) AS total,
            (SELECT count(*) FROM ledger l WHERE l.kind = 'bid' AND l.ref_id = b.request_id::text) AS debits,
            (SELECT COALESCE(sum(amount_paise), 0) FROM ledger l WHERE l.kind = 'bid' AND l.ref_id = b.request_id::text) AS debit_sum
       FROM bids b GROUP BY b.request_id
     HAVING (SELECT count(*) FROM ledger l WHERE l.kind = 'bid' AND l.ref_id = b.request_id::text) <> 1
         OR (SELECT COALESCE(sum(amount_paise), 0) FROM ledger l WHERE l.kind = 'bid' AND l.ref_id = b.request_id::text) <> -sum(b.amount_paise)`,
  );
  await check(
    'bid paid other than its current win (paid twice, or a revert not reversed)',
    `SELECT b.id, b.status, b.win_paise, COALESCE(sum(l.amount_paise), 0) AS net FROM bids b
       LEFT JOIN ledger l ON l.kind IN ('win', 'win-reversal') AND (l.ref_id = b.id::text OR l.ref_id LIKE b.id::text || '#%')
      GROUP BY b.id HAVING COALESCE(sum(l.amount_paise), 0) <> CASE WHEN b.status = 'won' THEN b.win_paise ELSE 0 END`,
  );
  await check(
    'bid still pending under a declared result of its session',
    `SELECT b.id, b.family, b.session FROM bids b JOIN results r ON r.game_id = b.game_id AND r.result_date = b.bid_date
      WHERE b.status = 'pending' AND (
        (b.family = 'main' AND b.session = 'Open' AND r.open_panna IS NOT NULL) OR
        (b.family = 'main' AND b.session = 'Close' AND r.close_panna IS NOT NULL) OR
        (b.family = 'starline' AND r.panna IS NOT NULL) OR (b.family = 'galidisawar' AND r.jodi IS NOT NULL))`,
  );
  await check(
    'fund request credited other than once when successful (never otherwise)',
    `SELECT f.id, f.status, count(l.id) AS credits, COALESCE(sum(l.amount_paise), 0) AS credited, f.amount_paise
       FROM fund_requests f LEFT JOIN ledger l ON l.kind = 'fund' AND l.ref_id = f.id::text GROUP BY f.id
     HAVING count(l.id) <> CASE WHEN f.status = 'success' THEN 1 ELSE 0 END
         OR (f.status = 'success' AND COALESCE(sum(l.amount_paise), 0) <> f.amount_paise)`,
  );
  await check(
    'withdrawal without exactly one hold (and one refund when rejected or cancelled)',
    `SELECT w.id, w.status,
            (SELECT count(*) FROM ledger l WHERE l.kind = 'withdrawal' AND l.ref_id = w.id::text) AS holds,
            (SELECT count(*) FROM ledger l WHERE l.kind = 'withdrawal-refund' AND l.ref_id = w.id::text) AS refunds
       FROM withdrawals w
     WHERE (SELECT count(*) FROM ledger l WHERE l.kind = 'withdrawal' AND l.ref_id = w.id::text) <> 1
        OR (SELECT count(*) FROM ledger l WHERE l.kind = 'withdrawal-refund' AND l.ref_id = w.id::text)
           <> CASE WHEN w.status IN ('rejected', 'cancelled') THEN 1 ELSE 0 END`,
  );
  await check(
    'result declared twice for one market day',
    'SELECT game_id, result_date, count(*) FROM results GROUP BY 1, 2 HAVING count(*) > 1',
  );
  // A key is stored with its answer in the money transaction itself, so none can be left half-way;
  // what can go wrong is an answer that names bids or a withdrawal that do not exist.
  await check(
    'stored idempotent answer naming a bid that does not exist',
    `SELECT k.user_id, k.key FROM idempotency_keys k, jsonb_array_elements(k.response->'data'->'bids') b
      WHERE jsonb_typeof(k.response->'data'->'bids') = 'array'
        AND NOT EXISTS (SELECT 1 FROM bids WHERE id = (b->>'_id')::uuid)`,
  );
  await check(
    'stored idempotent answer naming a withdrawal that does not exist',
    `SELECT k.user_id, k.key FROM idempotency_keys k
      WHERE k.response->'data' ? 'method' AND k.response->'data' ? '_id'
        AND NOT EXISTS (SELECT 1 FROM withdrawals WHERE id = (k.response->'data'->>'_id')::uuid)`,
  );
  await check(
    'paid order not credited',
    `SELECT o.order_id, f.status FROM payment_orders o JOIN fund_requests f ON f.id = o.fund_request_id
      WHERE o.order_id = ANY($1) AND f.status <> 'success'`,
    [[...accepted.paidOrders]],
  );
  const bidIds = [...accepted.bids.keys()];
  const seen = await c.query('SELECT count(*)::int AS n FROM bids WHERE id = ANY($1::uuid[])', [bidIds]);
  if (seen.rows[0].n !== bidIds.length)
    out.push(`accepted bids missing: ${bidIds.length - seen.rows[0].n} of ${bidIds.length}`);
  const wIds = [...accepted.withdrawals];
  const wSeen = await c.query('SELECT count(*)::int AS n FROM withdrawals WHERE id = ANY($1::uuid[])', [
    wIds,
  ]);
  if (wSeen.rows[0].n !== wIds.length)
    out.push(`accepted withdrawals missing: ${wIds.length - wSeen.rows[0].n} of ${wIds.length}`);
  stats['accepted bids verified'] = bidIds.length;
  stats['accepted withdrawals verified'] = wIds.length;
  stats['paid orders verified'] = accepted.paidOrders.size;
  await c.end();
  return out;
}

main().catch((error) => {
  console.error(`chaos: the harness failed (seed ${SEED}):`, error);
  process.exit(2);
});
