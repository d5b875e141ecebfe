/**
 * A deploy under load and clients that hold connections (issue 18), against the compiled server:
 * - SIGTERM on a saturated machine: /readyz answers 503 while everything else is still served for
 *   SHUTDOWN_DRAIN_DELAY_MS, then every one of 200 requests already sent is answered in full.
 * - One client address cannot hold more than MAX_CONNECTIONS_PER_ADDRESS sockets, /healthz still
 *   answers others, and idle or trickling sockets are closed by the header/request timeouts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../server/helpers/test-db';
import { freshPostgres, type ServerProcess, startCompiledServer } from './helpers/server-process';

let db: { url: string; drop: () => Promise<void> } | undefined;

beforeAll(async () => {
  if (usingPostgres()) db = await freshPostgres();
});
afterAll(async () => {
  await db?.drop();
});

function serverEnv(extra: Record<string, string>) {
  return { NODE_ENV: 'test', LOG_LEVEL: 'info', ...(db ? { DATABASE_URL: db.url } : {}), ...extra };
}

type Answer = { status: number; body: string } | { error: string };

/** One request on the given agent; resolves with the whole answer or the socket error. */
function send(
  url: string,
  agent: Agent,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer> {
  return new Promise((resolve) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const req = request(`${url}${path}`, {
      method,
      agent,
      headers: text ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) } : {},
    });
    req.on('response', (res) => {
      let data = '';
      res.on('data', (d) => {
        data += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      res.on('error', (e) => resolve({ error: String(e) }));
    });
    req.on('error', (e) => resolve({ error: String(e) }));
    req.end(text);
  });
}

/** Busy loops on every core, so the stop happens on a saturated machine. */
function burnCpu(): ChildProcess[] {
  return [0, 1].map(() =>
    spawn(process.execPath, ['-e', 'const end = Date.now() + 60000; while (Date.now() < end) {}'], {
      stdio: 'ignore',
    }),
  );
}

describe('a deploy under load loses no request', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startCompiledServer(
      serverEnv({ SHUTDOWN_DRAIN_DELAY_MS: '5000', SHUTDOWN_TIMEOUT_MS: '30000' }),
    );
    expect(server.proc.exitCode, server.log()).toBeNull();
  }, 90_000);

  it('drains first, then answers all 200 requests in flight on a saturated machine and exits 0', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 200 });
    // Warm keep-alive connections, as a load balancer's pool has them.
    await Promise.all(Array.from({ length: 20 }, () => send(server.url, agent, 'GET', '/healthz')));
    const burners = burnCpu();
    try {
      const inFlight = Array.from({ length: 200 }, (_, i) =>
        i % 10 === 0
          ? send(server.url, agent, 'POST', '/api/v1/user/login', {
              phone: `98765${String(10000 + i).slice(-5)}`,
              password: 'not-the-password',
            })
          : send(server.url, agent, 'GET', '/api/v1/admin/main-games'),
      );
      await new Promise((r) => setTimeout(r, 20));
      server.proc.kill('SIGTERM');
      await server.waitForLog(/"msg":"stopping"/);
      // Draining: the load balancer's check fails, but requests are still served.
      const other = new Agent({ keepAlive: false });
      const [ready, health] = await Promise.all([
        send(server.url, other, 'GET', '/readyz'),
        send(server.url, other, 'GET', '/healthz'),
      ]);
      expect(ready).toMatchObject({ status: 503 });
      expect(health).toMatchObject({ status: 200 });
      const answers = await Promise.all(inFlight);
      const failed = answers.filter((a) => 'error' in a || (a.status !== 200 && a.status !== 401));
      expect(failed, JSON.stringify(failed.slice(0, 3))).toEqual([]);
      for (const a of answers) if ('body' in a) expect(() => JSON.parse(a.body)).not.toThrow();
    } finally {
      for (const b of burners) b.kill();
      agent.destroy();
    }
    expect(await server.exited).toBe(0);
  }, 90_000);
});

function openSocket(
  port: number,
  localAddress: string,
): Promise<{ socket: Socket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: '127.0.0.1', port, localAddress });
    const started = Date.now();
    const closed = new Promise<number>((r) => socket.once('close', () => r(Date.now() - started)));
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', () => {});
    socket.once('close', () => resolve({ socket, closed }));
    setTimeout(() => reject(new Error('connect timed out')), 5000);
  });
}

describe('no client holds the server', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startCompiledServer(
      serverEnv({
        MAX_CONNECTIONS_PER_ADDRESS: '20',
        HTTP_HEADERS_TIMEOUT_MS: '2000',
        HTTP_REQUEST_TIMEOUT_MS: '3000',
      }),
    );
    expect(server.proc.exitCode, server.log()).toBeNull();
  }, 90_000);
  afterAll(async () => {
    server.proc.kill('SIGTERM');
    await server.exited;
  });

  it('caps one address, keeps answering others, and closes idle and trickling sockets', async () => {
    const port = Number(new URL(server.url).port);
    const sockets = await Promise.all(Array.from({ length: 40 }, () => openSocket(port, '127.0.0.1')));
    // Past the cap, sockets are closed at once.
    const early = await Promise.all(
      sockets.map((s) => Promise.race([s.closed, new Promise<number>((r) => setTimeout(() => r(-1), 1000))])),
    );
    expect(early.filter((ms) => ms >= 0).length).toBeGreaterThanOrEqual(20);
    // Another client is still answered while the first one holds its 20.
    const health = await send(server.url, new Agent({ localAddress: '127.0.0.2' }), 'GET', '/healthz');
    expect(health).toMatchObject({ status: 200 });
    // A socket that never sends a header is closed by the header timeout (2 s, checked each second).
    const idle = await Promise.all(sockets.map((s) => s.closed));
    expect(Math.max(...idle)).toBeLessThan(6000);

    // A body trickled a byte at a time is cut off by the request timeout (3 s).
    const trickle = await openSocket(port, '127.0.0.3');
    trickle.socket.write(
      'POST /api/v1/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n',
    );
    const drip = setInterval(() => {
      if (!trickle.socket.destroyed) trickle.socket.write(' ');
    }, 500);
    const heldMs = await trickle.closed;
    clearInterval(drip);
    expect(heldMs).toBeLessThan(7000);
  }, 60_000);
});
