#!/usr/bin/env node
// The operator's day at scale (issue 36), each figure beside a reference measured in the same run:
//   DATABASE_URL=postgres://.../postgres node scripts/bench/reports.mjs   (a scratch database)
//   node scripts/bench/reports.mjs                                        (PGlite in a temp dir)
// Options: --players N (1000000), --bids N (1000000), --days N (30), --passes N (5).
// Seeds N players, N bids over `days` market days and their ledger (a credit each, a debit per bid,
// a credit per win; every balance its ledger's sum), then prints:
// - profit and loss over every bid, by day, market and gameType, through the API, against the bare
//   SQL aggregate over the same bids (raw `pg`, or PGlite in this process);
// - the bids export (every bid as CSV) read by a client: rows/s and the server's peak RSS, against a
//   bare cursor reading the same rows;
// - the watchdog's ledger-drift check: its time a pass (a sweep of 50,000 players plus those whose
//   ledger moved) and for a whole sweep, against the bare full aggregate (every player's ledger sum
//   joined to the balances).
import { parseArgs } from 'node:util';
import pg from 'pg';
import {
  ADMIN,
  adminToken,
  buildServer,
  client,
  freePort,
  freshDatabase,
  LIFTED_LIMITS,
  median,
  rssMb,
  startServer,
  stopServer,
  tempDataDir,
} from './helpers.mjs';

const { values: opts } = parseArgs({
  options: {
    players: { type: 'string', default: '1000000' },
    bids: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '30' },
    passes: { type: 'string', default: '5' },
  },
});
const PLAYERS = Number(opts.players);
const BIDS = Number(opts.bids);
const DAYS = Number(opts.days);
const PASSES = Number(opts.passes);
const TZ = 'Asia/Kolkata';
const fmt = (n) => Math.round(n).toLocaleString('en-US');
const row = (what, value, reference = '', ratio = '') =>
  console.log(`${what.padEnd(44)} ${String(value).padEnd(30)} ${String(reference).padEnd(30)} ${ratio}`);

/** The seed, as plain SQL both databases run: players, 20 markets, bids over DAYS days, the ledger. */
function seedSql() {
  const types = `ARRAY['single-digit','jodi-digit','single-panna','double-panna','triple-panna','half-sangam','full-sangam','odd-even']`;
  const today = `(now() AT TIME ZONE '${TZ}')::date`;
  return [
    `INSERT INTO users (name, phone, password_hash, referral_code, created_at)
       SELECT 'P' || g, (6000000000 + g)::text, 'x', 'B' || g, now() - interval '90 days'
         FROM generate_series(1, ${PLAYERS}) g`,
    `INSERT INTO games (family, game_name, open_time, close_time)
       SELECT 'main', 'Bench ' || g, '10:00', '22:00' FROM generate_series(1, 20) g`,
    `INSERT INTO bids (request_id, user_id, game_id, family, game_type, session, open_digit, atom, bid_date,
                       amount_paise, status, win_paise, settle_count, settled_at, created_at)
       SELECT gen_random_uuid(), u.id, g.id, 'main', (${types})[1 + i % 8], 'Open', (i % 10)::text,
              jsonb_build_object('digit', (i % 10)::text), ${today} - d,
              (10 + i % 491) * 100, CASE WHEN i % 10 = 0 THEN 'won' ELSE 'lost' END,
              CASE WHEN i % 10 = 0 THEN (10 + i % 491) * 950 ELSE 0 END, 1, now(),
              now() - d * interval '1 day' - interval '10 minutes'
         -- In time order, a day's bids together, as they arrive in real life; the newest ten
         -- minutes old, so the drift check's passes read what a quiet minute leaves them (the sweep).
         FROM (SELECT i, ${DAYS - 1} - ((i - 1) * ${DAYS}) / ${BIDS} AS d FROM generate_series(1, ${BIDS}) i) s
         JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM users) u ON u.k = 1 + i % ${PLAYERS}
         JOIN (SELECT id, row_number() OVER (ORDER BY id) AS k FROM games) g ON g.k = 1 + i % 20`,
    `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, created_at)
       SELECT id, 100000000, 'adjustment', 'seed-' || id, 'Bench seed', now() - interval '90 days' FROM users`,
    `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, created_at)
       SELECT user_id, -amount_paise, 'bid', request_id::text, 'Bid placed', created_at FROM bids`,
    `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description, created_at)
       SELECT user_id, win_paise, 'win', id::text, 'Winning', created_at FROM bids WHERE win_paise > 0`,
    `UPDATE users u SET balance_paise = s.total
       FROM (SELECT user_id, sum(amount_paise)::int8 AS total FROM ledger GROUP BY user_id) s
      WHERE s.user_id = u.id`,
    'VACUUM (ANALYZE) users',
    'VACUUM (ANALYZE) bids',
    'VACUUM (ANALYZE) ledger',
  ];
}

/** The bare references, on a plain query function: each view's aggregate, grouped as it is. */
const PNL_SQL = {
  day: 'bid_date',
  market: 'game_id',
  gameType: 'game_type',
};
const pnlSql = (by) => `SELECT ${PNL_SQL[by]}, count(*), sum(amount_paise), sum(win_paise) FROM bids
                          WHERE bid_date BETWEEN $1 AND $2 GROUP BY ${PNL_SQL[by]}`;
const DRIFT_SQL = `SELECT count(*) FROM users u
                     LEFT JOIN (SELECT user_id, sum(amount_paise) AS s FROM ledger GROUP BY user_id) l ON l.user_id = u.id
                    WHERE u.balance_paise <> coalesce(l.s, 0)`;

async function timed(fn) {
  const t = performance.now();
  const out = await fn();
  return { ms: performance.now() - t, out };
}

async function medianMs(fn, runs = 3) {
  const ms = [];
  for (let i = 0; i < runs; i++) ms.push((await timed(fn)).ms);
  return median(ms);
}

/** Seeds and measures the references; `q(sql, params)` answers rows; `cursor(sql, params)` counts rows read in batches. */
async function seedAndReference(q, cursor) {
  // One transaction: the running server's watchdog never sees a ledger without its balances.
  const statements = seedSql();
  const vacuums = statements.filter((s) => s.startsWith('VACUUM'));
  const seeded = await timed(async () => {
    await q('BEGIN');
    for (const statement of statements.filter((s) => !s.startsWith('VACUUM'))) await q(statement);
    await q('COMMIT');
    for (const statement of vacuums) await q(statement);
  });
  console.error(`bench: seeded in ${(seeded.ms / 1000).toFixed(1)} s`);
  const [range] = await q('SELECT min(bid_date)::text AS "from", max(bid_date)::text AS "to" FROM bids');
  const pnl = {};
  for (const by of Object.keys(PNL_SQL))
    pnl[by] = await medianMs(() => q(pnlSql(by), [range.from, range.to]));
  const drift = await medianMs(() => q(DRIFT_SQL), 2);
  // The export's rows as the database gives them (the bid, its player's phone, its market's name):
  // what is left between this and the export is the server's CSV and HTTP.
  const read = await timed(() =>
    cursor(
      `SELECT b.*, u.phone, g.game_name FROM bids b JOIN users u ON u.id = b.user_id JOIN games g ON g.id = b.game_id
        WHERE b.bid_date BETWEEN $1 AND $2 ORDER BY b.bid_date, b.id`,
      [range.from, range.to],
    ),
  );
  return { range, pnl, drift, cursorRowsPerS: (read.out * 1000) / read.ms };
}

async function pgReferences(url) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const q = async (sql, params) => (await c.query(sql, params)).rows;
  const cursor = async (sql, params) => {
    await c.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await c.query(`DECLARE ref NO SCROLL CURSOR FOR ${sql}`, params);
    let n = 0;
    for (;;) {
      const r = await c.query('FETCH 2000 FROM ref');
      n += r.rows.length;
      if (r.rows.length < 2000) break;
    }
    await c.query('COMMIT');
    return n;
  };
  try {
    return await seedAndReference(q, cursor);
  } finally {
    await c.end();
  }
}

async function pgliteReferences(dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create({ dataDir });
  const q = async (sql, params) => (await db.query(sql, params)).rows;
  const cursor = async (sql, params) => {
    await db.query(`DECLARE ref NO SCROLL CURSOR WITH HOLD FOR ${sql}`, params);
    let n = 0;
    for (;;) {
      const r = await db.query('FETCH 2000 FROM ref');
      n += r.rows.length;
      if (r.rows.length < 2000) break;
    }
    await db.query('CLOSE ref');
    return n;
  };
  try {
    return await seedAndReference(q, cursor);
  } finally {
    await db.close();
  }
}

/**
 * Reads the whole export as a client would, sampling the server's RSS (its peak over the first and
 * the second half of the rows: bounded memory is a flat second half) and timing a database-backed
 * request (/readyz) every 100 ms meanwhile (whether the export holds other requests up).
 */
async function readExport(server, token, range) {
  const pid = server.child.pid;
  const before = rssMb(pid);
  const peaks = [before, before];
  let lines = 0;
  const sampler = setInterval(() => {
    const i = lines < BIDS / 2 ? 0 : 1;
    peaks[i] = Math.max(peaks[i], rssMb(pid));
  }, 50);
  let worst = 0;
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const t = performance.now();
      await fetch(`${server.url}/readyz`, { headers: { connection: 'close' } })
        .then((r) => r.arrayBuffer())
        .catch((e) =>
          console.error(`bench: /readyz failed during the export: ${e.cause?.code ?? e.message}`),
        );
      worst = Math.max(worst, performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  const started = performance.now();
  const res = await fetch(`${server.url}/api/v1/admin/exports/bids.csv?from=${range.from}&to=${range.to}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`export: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.byteLength;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
  }
  const ms = performance.now() - started;
  clearInterval(sampler);
  polling = false;
  await poller;
  return { rows: lines - 1, bytes, ms, before, peaks, worst };
}

/** The drift check's time in the next PASSES watchdog passes (GET /admin/watchdog after each). */
async function driftPasses(call, token) {
  const times = [];
  let last = null;
  const deadline = Date.now() + PASSES * 60_000;
  while (times.length < PASSES && Date.now() < deadline) {
    const w = (await call('GET', '/api/v1/admin/watchdog', { token })).data;
    if (w.checkedAt && w.checkedAt !== last) {
      const drift = w.checks.find((c) => c.kind === 'ledger-drift');
      if (last !== null && drift?.ok) times.push(drift.ms);
      last = w.checkedAt;
      if (w.findings.length > 0)
        console.error(`bench: the watchdog found ${w.findings.length} (a seed error?)`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return times;
}

async function main() {
  const base = process.env.DATABASE_URL;
  console.error(
    `bench: reports on ${base ? 'PostgreSQL' : 'PGlite'}: ${fmt(PLAYERS)} players, ${fmt(BIDS)} bids`,
  );
  buildServer();
  const db = base ? await freshDatabase(base, 'benchreports') : null;
  const dir = base ? null : tempDataDir();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'false',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    MARKET_TZ: TZ,
    WATCHDOG_INTERVAL_MS: '2000',
    DB_STATEMENT_TIMEOUT_MS: '0',
    ...LIFTED_LIMITS,
    ...(db ? { DATABASE_URL: db.url } : { DATA_DIR: dir.dir }),
  };
  let server;
  try {
    return await measure();
  } catch (error) {
    if (server)
      console.error(
        `server exit code ${server.child.exitCode}; its log ends with:\n${server.log().slice(-3000)}`,
      );
    throw error;
  } finally {
    if (server) await stopServer(server);
    await db?.drop();
    dir?.remove();
  }

  async function measure() {
    // The server migrates the database first; PGlite is then seeded while no server holds it.
    server = await startServer({ port: await freePort(), env });
    if (!db) await stopServer(server);
    const ref = db ? await pgReferences(db.url) : await pgliteReferences(dir.dir);
    if (!db) server = await startServer({ port: await freePort(), env });
    const call = client(server.url);
    const token = await adminToken(call);
    const { range } = ref;

    console.log(
      `\n${base ? 'PostgreSQL' : 'PGlite'}: ${fmt(PLAYERS)} players, ${fmt(BIDS)} bids over ${DAYS} market days`,
    );
    console.log(`${'measure'.padEnd(44)} ${'server'.padEnd(30)} ${'reference (same run)'.padEnd(30)} ratio`);
    for (const by of ['day', 'market', 'gameType']) {
      const path = `/api/v1/admin/reports/pnl?from=${range.from}&to=${range.to}&by=${by}`;
      const ms = await medianMs(() => call('GET', path, { token, timeoutMs: 120_000 }));
      row(
        `P&L by ${by} over ${fmt(BIDS)} bids (median of 3)`,
        `${fmt(ms)} ms`,
        `bare aggregate ${fmt(ref.pnl[by])} ms`,
        `${(ms / ref.pnl[by]).toFixed(2)}x`,
      );
    }
    const ex = await readExport(server, token, range);
    row(
      `bids export, ${fmt(ex.rows)} rows (${fmt(ex.bytes / 2 ** 20)} MB)`,
      `${fmt((ex.rows * 1000) / ex.ms)} rows/s`,
      `bare cursor, same rows ${fmt(ref.cursorRowsPerS)}/s`,
      `${((ex.rows * 1000) / ex.ms / ref.cursorRowsPerS).toFixed(2)}x`,
    );
    row(
      '  server RSS before / peak, 1st and 2nd half',
      `${ex.before.toFixed(0)} / ${ex.peaks[0].toFixed(0)}, ${ex.peaks[1].toFixed(0)} MB`,
    );
    row('  slowest /readyz during the export', `${fmt(ex.worst)} ms (polled every 100 ms)`);
    const passes = await driftPasses(call, token);
    if (passes.length > 0) {
      const m = median(passes);
      const sweep = Math.ceil(PLAYERS / 50_000);
      row(
        `ledger-drift a pass (${fmt(Math.min(PLAYERS, 50_000))} of ${fmt(PLAYERS)} players)`,
        `${fmt(m)} ms (max ${fmt(Math.max(...passes))}, ${passes.length} passes)`,
        `full aggregate ${fmt(ref.drift)} ms`,
        `${(m / ref.drift).toFixed(2)}x`,
      );
      row(
        `  a whole sweep (${sweep} passes)`,
        `${fmt(m * sweep)} ms`,
        `full aggregate ${fmt(ref.drift)} ms`,
        `${((m * sweep) / ref.drift).toFixed(2)}x`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error.message, error.cause?.message ?? '');
  process.exit(1);
});
