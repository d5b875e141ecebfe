/**
 * Issue 34: a change-feed connection that dies in silence (a NAT or proxy that forgets it sends no
 * reset) must not leave a process's caches stale for ever. A relay sits between the process and
 * PostgreSQL and, on cue, stops carrying the listener's bytes in both directions while keeping both
 * sockets open, as such a middle box does. The process notices within a few heartbeats, steps its
 * caches aside, and listens again on a new connection.
 */
import { createServer, connect as netConnect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDb, LISTENER_APPLICATION_NAME } from '../../../server/db/pg';
import { readThrough } from '../../../server/db/read-through';
import type { Db } from '../../../server/db/types';
import { createTestContext, type TestContext } from '../../server/helpers/test-app';

interface Relay {
  port: number;
  /** Stops carrying every listener connection open now; later connections pass. */
  silenceListeners(): void;
  listenerConnections(): number;
  close(): Promise<void>;
}

function startRelay(target: URL): Promise<Relay> {
  const sockets = new Set<Socket>();
  const listeners: Array<{ silent: boolean }> = [];
  const server: Server = createServer((client) => {
    const upstream = netConnect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    let state: { silent: boolean } | null = null;
    let first = true;
    client.on('data', (chunk: Buffer) => {
      if (first) {
        first = false;
        // The startup message names the application (plain text without TLS).
        if (chunk.includes(LISTENER_APPLICATION_NAME)) {
          state = { silent: false };
          listeners.push(state);
        }
      }
      if (!state?.silent) upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (!state?.silent) client.write(chunk);
    });
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({
        port: typeof address === 'object' && address ? address.port : 0,
        silenceListeners: () => {
          for (const l of listeners) l.silent = true;
        },
        listenerConnections: () => listeners.length,
        close: () =>
          new Promise<void>((done) => {
            for (const s of sockets) s.destroy();
            server.close(() => done());
          }),
      });
    }),
  );
}

let t: TestContext;
let relay: Relay;
let other: Db;

beforeAll(async () => {
  t = await createTestContext();
  const name = (await t.db.query<{ db: string }>('SELECT current_database() AS db')).rows[0]?.db as string;
  const url = new URL(process.env.TEST_DATABASE_URL as string);
  url.pathname = `/${name}`;
  relay = await startRelay(url);
  const through = new URL(url);
  through.hostname = '127.0.0.1';
  through.port = String(relay.port);
  other = await createPgDb(through.toString(), { max: 2, heartbeatMs: 200 });
});
afterAll(async () => {
  await other.close();
  await relay.close();
  await t.close();
});

async function until(check: () => boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 10));
  }
  return true;
}

describe('a change feed that goes silent', () => {
  it('is marked dead within a few heartbeats, reads from the database meanwhile, and listens again', async () => {
    expect(await until(() => other.changes.live, 5000)).toBe(true);
    expect(relay.listenerConnections()).toBe(1);
    let builds = 0;
    const read = () => readThrough(other, 'silent-probe', async () => ++builds);
    await read();
    await read();
    expect(builds).toBe(1);

    relay.silenceListeners();
    const silencedAt = Date.now();
    // Dead: the caches step aside (every read builds), well before a minute has passed.
    expect(await until(() => !other.changes.live, 3000)).toBe(true);
    const noticedMs = Date.now() - silencedAt;
    expect(noticedMs).toBeLessThan(3000);
    // A new listener connection (through the same relay, which carries new connections).
    expect(await until(() => other.changes.live && relay.listenerConnections() === 2, 8000)).toBe(true);
    // Changes committed by another process reach the new listener's caches again.
    await read();
    const kept = builds;
    await read();
    expect(builds).toBe(kept);
    const reads = other.changes.version('reads');
    await t.db.query(`UPDATE settings SET value = value WHERE key = 'contact'`);
    expect(await until(() => other.changes.version('reads') > reads, 1000)).toBe(true);
    await read();
    expect(builds).toBe(kept + 1);
  }, 30_000);
});
