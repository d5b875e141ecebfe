/**
 * Issue 47: a rolling restart behind the real proxies loses no request. Two compiled server
 * processes on one PostgreSQL database, in production, with Caddy (deploy/Caddyfile: /readyz
 * checked every second) and nginx (deploy/nginx.conf: a second `server` line, no health checks
 * of its own) in front of both at once. Players bid and poll through both proxies over HTTPS
 * while each process in turn gets SIGTERM (as systemd stops it), exits and starts again. Every
 * request is answered: no network error, no 5xx, every bid 201.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { Agent } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, freePort } from '../../../scripts/bench/helpers.mjs';
import { middayZone } from '../../e2e/market-zone';
import { freshPostgres, type ServerProcess, startCompiledServer } from '../../ops/helpers/server-process';
import { startSmsGateway } from '../../security/helpers/sms-gateway';
import { httpsRequest } from '../helpers/https';
import { type RunningProxy, startCaddy, startNginx } from '../helpers/proxies';
import {
  closeDigitBid,
  copyOfDist,
  newPlayer,
  openMarket,
  ownerToken,
  productionEnv,
} from '../helpers/stack';

let db: { url: string; drop: () => Promise<void> };
let dir = '';
let sms: Awaited<ReturnType<typeof startSmsGateway>>;
let env: Record<string, string>;
const ports: number[] = [];
const servers: ServerProcess[] = [];
let caddy: RunningProxy;
let nginx: RunningProxy;

/** Each proxy's players connect from their own address, so a server's log says which proxy sent. */
const FROM = { caddy: '127.0.0.41', nginx: '127.0.0.42' };

beforeAll(async () => {
  db = await freshPostgres();
  dir = mkdtempSync(join(tmpdir(), 'matka-rolling-'));
  copyOfDist(join(dir, 'dist'));
  sms = await startSmsGateway();
  const marketTz = middayZone(new Date());
  const { DATA_DIR: _unused, ...base } = productionEnv({
    dir,
    publicUrl: 'https://localhost',
    smsUrl: sms.url,
    marketTz,
  });
  // As in production: /readyz answers 503 for 5 s while the process still serves.
  const { SHUTDOWN_DRAIN_DELAY_MS: _fast, ...rest } = base;
  env = {
    ...rest,
    DATABASE_URL: db.url,
    POINTS_DAILY_GRANT: '1000000',
    LIMIT_LOGINS_PER_ADDRESS_15MIN: '1000000',
  };
  ports.push(await freePort(), await freePort());
  for (const port of ports) servers.push(await startCompiledServer({ ...env, PORT: String(port) }));
  for (const s of servers) expect(s.proc.exitCode, s.log()).toBeNull();
  const upstreams = ports.map((p) => `127.0.0.1:${p}`);
  caddy = await startCaddy(upstreams);
  nginx = await startNginx(upstreams);
}, 300_000);

afterAll(async () => {
  await caddy?.stop();
  await nginx?.stop();
  for (const s of servers) {
    s.proc.kill('SIGTERM');
    await s.exited;
  }
  await sms?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  await db?.drop();
});

/** Waits until `server` has logged a request from each proxy's players (it is back in both). */
async function servedThroughBoth(server: ServerProcess): Promise<void> {
  for (const from of Object.values(FROM))
    await server.waitForLog(new RegExp(`"address":"${from.replaceAll('.', '\\.')}"`), 60_000);
}

describe('a rolling restart of two processes behind Caddy and nginx', () => {
  it('answers every request while each process is restarted in turn', async () => {
    const call = client(servers[0]?.url as string);
    const ctx = { call, sms, env, marketTz: env.MARKET_TZ as string };
    const owner = await ownerToken(ctx);
    const game = await openMarket(ctx, owner, `ROLLING ${Date.now().toString(36).toUpperCase()}`);
    const players: Array<{ token: string }> = [];
    for (let i = 0; i < 4; i++) players.push(await newPlayer(ctx));

    const outcomes: Record<string, number> = {};
    let running = true;
    const load = [caddy, nginx].flatMap((proxy) =>
      players.map(async (player, n) => {
        // A phone keeps its connection to the proxy open, as a browser does.
        const agent = new Agent({ keepAlive: true, ca: proxy.ca, localAddress: FROM[proxy.name] });
        for (let k = 0; running; k++) {
          const bid = k % 2 === 0;
          let key: string;
          try {
            const a = await httpsRequest(
              `${proxy.url}/api/v1/${bid ? 'user/main/bids' : 'admin/main-games'}`,
              {
                ca: proxy.ca,
                from: FROM[proxy.name],
                method: bid ? 'POST' : 'GET',
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${player.token}`,
                  ...(bid ? { 'idempotency-key': randomUUID() } : {}),
                },
                body: bid ? JSON.stringify(closeDigitBid(game, n + k)) : undefined,
              },
            );
            key = `${proxy.name} ${bid ? 'bid' : 'read'} ${a.status}`;
          } catch (error) {
            key = `${proxy.name} network error: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
          }
          outcomes[key] = (outcomes[key] ?? 0) + 1;
        }
        agent.destroy();
      }),
    );

    await servedThroughBoth(servers[0] as ServerProcess);
    await servedThroughBoth(servers[1] as ServerProcess);
    for (const n of [0, 1]) {
      const old = servers[n] as ServerProcess;
      old.proc.kill('SIGTERM');
      expect(await old.exited, old.log()).toBe(0);
      servers[n] = await startCompiledServer({ ...env, PORT: String(ports[n]) });
      await servedThroughBoth(servers[n] as ServerProcess);
    }
    running = false;
    await Promise.all(load);

    const answered = Object.entries(outcomes);
    const lost = answered.filter(([k]) => !/ (bid 201|read 200)$/.test(k));
    expect(lost, JSON.stringify(outcomes)).toEqual([]);
    // Both proxies carried the load throughout (hundreds of requests each on this machine).
    for (const name of ['caddy', 'nginx']) {
      const total = answered.filter(([k]) => k.startsWith(name)).reduce((a, [, v]) => a + v, 0);
      expect(total, name).toBeGreaterThan(50);
    }
  }, 240_000);
});
