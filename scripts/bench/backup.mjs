#!/usr/bin/env node
// Backup and restore on a database holding --bids N bids (1,000,000 by default): the time a backup
// takes through POST /admin/backups while players bid, the bids' latency meanwhile beside the same
// load with no backup (a same-run reference), and the time `npm run restore` takes into an empty
// database. PostgreSQL when DATABASE_URL is set (a scratch database is made and dropped), else
// PGlite in a temporary directory.
//   node scripts/bench/backup.mjs [--bids 1000000] [--clients 16] [--seconds 10]
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
  newPlayer,
  setMainRates,
  startServer,
  stopServer,
  tempDataDir,
} from './helpers.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const BIDS = arg('bids', 1_000_000);
const CLIENTS = arg('clients', 16);
const SECONDS = arg('seconds', 10);

function middayZone(now = new Date()) {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] : Number.NaN;
};

/**
 * Old bids (yesterday's market day) with their debits, written by SQL in batches; the balance pays
 * for them, so every balance still equals its ledger (the restore checks it: issue 45).
 */
const SEED_SQL = (n) => `
  WITH paid AS (UPDATE users SET balance_paise = balance_paise - ${n} * 1000 WHERE id = $1::uuid),
  b AS (
    INSERT INTO bids (request_id, user_id, game_id, family, game_type, session, open_digit, atom, bid_date, amount_paise)
    SELECT gen_random_uuid(), $1::uuid, $2::uuid, 'main', 'single-digit', 'Open', (g % 10)::text,
           jsonb_build_object('digit', (g % 10)::text), current_date - 1, 1000
      FROM generate_series(1, ${n}) g
    RETURNING request_id)
  INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description)
  SELECT $1::uuid, -1000, 'bid', request_id::text, 'Bench bid' FROM b`;

async function seed(q, userId, gameId) {
  const started = performance.now();
  for (let done = 0; done < BIDS; ) {
    const n = Math.min(100_000, BIDS - done);
    await q(SEED_SQL(n), [userId, gameId]);
    done += n;
    process.stderr.write(`\r  seeded ${done} bids`);
  }
  process.stderr.write('\n');
  return performance.now() - started;
}

/** CLIENTS players bidding as fast as answers come for `until()`; latencies in ms. */
async function load(url, players, game, until) {
  const lat = [];
  let errors = 0;
  await Promise.all(
    players.map(async (p, i) => {
      for (let k = 0; !until(); k++) {
        const t0 = performance.now();
        try {
          const res = await fetch(`${url}/api/v1/user/main/bids`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${p.token}`,
              'idempotency-key': randomUUID(),
            },
            body: JSON.stringify({
              bids: [
                {
                  game,
                  amount: 10,
                  gameType: 'single-digit',
                  session: 'Close',
                  closeDigit: String((i + k) % 10),
                },
              ],
            }),
          });
          await res.arrayBuffer();
          if (res.status !== 201) errors++;
        } catch {
          errors++;
        }
        lat.push(performance.now() - t0);
      }
    }),
  );
  return { lat, errors };
}

async function main() {
  buildServer();
  const base = process.env.DATABASE_URL;
  const source = base ? await freshDatabase(base, 'bkbench') : null;
  const data = tempDataDir();
  const tz = middayZone();
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'false',
    MARKET_TZ: tz,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    BACKUP_DIR: join(data.dir, '..', 'backups'),
    // The restore below checks the seal with the key the server sealed with (issue 45).
    BACKUP_KEY: 'bench-backup-key-not-a-secret-0123456789',
    ...(source ? { DATABASE_URL: source.url, DB_POOL_MAX: '20' } : { DATA_DIR: data.dir }),
    ...LIFTED_LIMITS,
  };
  const port = await freePort();
  let server = await startServer({ port, env });
  const call = client(server.url);
  const admin = await adminToken(call);
  await setMainRates(call, admin);
  const players = [];
  for (let i = 0; i < CLIENTS; i++) {
    const p = await newPlayer(call, admin, `8${String(400000000 + i).slice(-9)}`);
    await creditWallet(call, admin, p.id, 10_000_000, 'Bench stake');
    // The bids seeded below are paid from the first player's wallet (10 points each).
    for (let left = i === 0 ? BIDS * 10 : 0; left > 0; left -= 10_000_000)
      await creditWallet(call, admin, p.id, Math.min(left, 10_000_000), 'Bench seeded bids');
    players.push(p);
  }
  const game = (
    await call('POST', '/api/v1/admin/main-games', {
      token: admin,
      body: { gameName: 'Backup Bench', openTime: '23:50', closeTime: '23:55' },
    })
  ).data._id;
  let seedMs;
  if (source) {
    const c = new pg.Client({ connectionString: source.url });
    await c.connect();
    seedMs = await seed((sql, params) => c.query(sql, params), players[0].id, game);
    await c.query('VACUUM ANALYZE');
    await c.end();
  } else {
    // PGlite serves one process: the server stops while the bids are written.
    await stopServer(server);
    const db = await PGlite.create({ dataDir: data.dir });
    seedMs = await seed((sql, params) => db.query(sql, params), players[0].id, game);
    await db.exec('CHECKPOINT');
    await db.close();
    server = await startServer({ port, env });
  }
  console.log(
    `backup bench: ${source ? 'PostgreSQL' : 'PGlite'}, ${BIDS} bids seeded in ${(seedMs / 1000).toFixed(1)} s, ${CLIENTS} bidding clients (shared machine)`,
  );

  // Unmeasured warm-up (V8's compilation of the bid path, the database's caches after the seed).
  const warmEnd = Date.now() + 3000;
  await load(server.url, players, game, () => Date.now() > warmEnd);
  // Reference: the same load for SECONDS with no backup.
  const refEnd = Date.now() + SECONDS * 1000;
  const ref = await load(server.url, players, game, () => Date.now() > refEnd);
  // During: the same load while one backup runs.
  let backupDone = false;
  const t0 = performance.now();
  const backup = call('POST', '/api/v1/admin/backups', { token: admin, timeoutMs: 600_000 }).finally(() => {
    backupDone = true;
  });
  const during = await load(server.url, players, game, () => backupDone);
  const answer = await backup;
  const backupMs = performance.now() - t0;
  await stopServer(server);

  const file = join(env.BACKUP_DIR, answer.data.file);
  const target = base ? await freshDatabase(base, 'bkrestore') : null;
  const targetDir = `${data.dir}-restored`;
  const r0 = performance.now();
  const restore = spawnSync(process.execPath, ['dist-server/restore.js', file], {
    env: {
      PATH: process.env.PATH,
      BACKUP_KEY: env.BACKUP_KEY,
      ...(target ? { DATABASE_URL: target.url } : { DATA_DIR: targetDir }),
    },
    encoding: 'utf8',
  });
  const restoreMs = performance.now() - r0;
  if (restore.status !== 0) console.error(restore.stderr);

  const line = (label, x) =>
    `  ${label.padEnd(28)} ${String(x.lat.length).padStart(6)} bids  p50 ${pct(x.lat, 50).toFixed(1)} ms  p99 ${pct(x.lat, 99).toFixed(1)} ms  max ${Math.max(...x.lat).toFixed(0)} ms  errors ${x.errors}`;
  console.log(line('bids, no backup (reference)', ref));
  console.log(line('bids during the backup', during));
  console.log(`  p99 during / reference:      ${(pct(during.lat, 99) / pct(ref.lat, 99)).toFixed(2)}x`);
  console.log(
    `  backup: ${(backupMs / 1000).toFixed(1)} s, ${(statSync(file).size / 1024 / 1024).toFixed(1)} MB (goal: under 30 s, bids p99 under 100 ms meanwhile)`,
  );
  console.log(`  restore: ${(restoreMs / 1000).toFixed(1)} s (${restore.status === 0 ? 'ok' : 'FAILED'})`);
  await target?.drop();
  await source?.drop();
  data.remove();
}

main().catch((error) => {
  console.error('backup bench failed:', error);
  process.exit(1);
});
