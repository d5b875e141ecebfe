#!/usr/bin/env node
// A rolling restart under load (docs/backups-and-upgrades.md "Upgrading"): two compiled server
// processes on one PostgreSQL (DATABASE_URL's server; a scratch database), clients bidding through
// a stand-in load balancer that sends only to processes whose /readyz answered 200 at its last
// check (every 100 ms), and each process restarted in turn (SIGTERM, wait for its exit, start it
// again, wait until ready). Prints every request's outcome: a lost request is a network error or
// a 5xx.   DATABASE_URL=postgres://... node scripts/bench/rolling-restart.mjs [--clients 16]
import { randomUUID } from 'node:crypto';
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
} from './helpers.mjs';

const i = process.argv.indexOf('--clients');
const CLIENTS = i > 0 ? Number(process.argv[i + 1]) : 16;
const base = process.env.DATABASE_URL;
if (!base) {
  console.error('rolling-restart needs DATABASE_URL (two processes share one PostgreSQL)');
  process.exit(2);
}

function middayZone(now = new Date()) {
  const offset = 12 - now.getUTCHours();
  if (offset === 0) return 'Etc/GMT';
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

async function main() {
  buildServer();
  const db = await freshDatabase(base, 'rolling');
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DEMO_SEED: 'false',
    DATABASE_URL: db.url,
    MARKET_TZ: middayZone(),
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    // As in production: /readyz 503 for a while before the process stops accepting.
    SHUTDOWN_DRAIN_DELAY_MS: '1500',
    ...LIFTED_LIMITS,
  };
  const ports = [await freePort(), await freePort()];
  const servers = [await startServer({ port: ports[0], env }), await startServer({ port: ports[1], env })];
  const call = client(servers[0].url);
  const admin = await adminToken(call);
  await setMainRates(call, admin);
  const players = [];
  for (let k = 0; k < CLIENTS; k++) {
    const p = await newPlayer(call, admin, `9${String(500000000 + k).slice(-9)}`);
    await creditWallet(call, admin, p.id, 1_000_000, 'Rolling stake');
    players.push(p);
  }
  const game = (
    await call('POST', '/api/v1/admin/main-games', {
      token: admin,
      body: { gameName: 'Rolling', openTime: '23:50', closeTime: '23:55' },
    })
  ).data._id;

  // The stand-in load balancer: health checks every 100 ms, traffic only to the ready.
  const ready = [true, true];
  let checking = true;
  const checker = (async () => {
    while (checking) {
      await Promise.all(
        ports.map(async (port, n) => {
          try {
            const r = await fetch(`http://127.0.0.1:${port}/readyz`, { signal: AbortSignal.timeout(500) });
            ready[n] = r.ok;
          } catch {
            ready[n] = false;
          }
        }),
      );
      await new Promise((r) => setTimeout(r, 100));
    }
  })();

  const outcomes = {};
  let stop = false;
  let rr = 0;
  const load = players.map(async (p, n) => {
    for (let k = 0; !stop; k++) {
      const choices = [0, 1].filter((x) => ready[x]);
      if (choices.length === 0) {
        await new Promise((r) => setTimeout(r, 20));
        continue;
      }
      const port = ports[choices[rr++ % choices.length]];
      let key;
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/v1/user/main/bids`, {
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
                closeDigit: String((n + k) % 10),
              },
            ],
          }),
        });
        await res.arrayBuffer();
        key = String(res.status);
      } catch (error) {
        key = `network error: ${error?.cause?.code ?? error?.message}`;
      }
      outcomes[key] = (outcomes[key] ?? 0) + 1;
    }
  });

  await new Promise((r) => setTimeout(r, 3000));
  const started = performance.now();
  for (const n of [0, 1]) {
    const t0 = performance.now();
    await stopServer(servers[n]);
    servers[n] = await startServer({ port: ports[n], env });
    while (!ready[n]) await new Promise((r) => setTimeout(r, 50));
    console.log(`  process ${n + 1} restarted in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  await new Promise((r) => setTimeout(r, 3000));
  stop = true;
  await Promise.all(load);
  checking = false;
  await checker;
  const total = Object.values(outcomes).reduce((a, b) => a + b, 0);
  const lost = Object.entries(outcomes)
    .filter(([k]) => k.startsWith('network') || k.startsWith('5'))
    .reduce((a, [, v]) => a + v, 0);
  console.log(
    `rolling restart of 2 processes under ${CLIENTS} bidding clients: ${total} requests in ${((performance.now() - started) / 1000 + 6).toFixed(1)} s, lost ${lost}`,
  );
  console.log(`  outcomes: ${JSON.stringify(outcomes)}`);
  for (const s of servers) await stopServer(s);
  await db.drop();
  process.exit(lost === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error('rolling-restart failed:', error);
  process.exit(2);
});
