/**
 * Issue 34, against the compiled server: SIGTERM while 20 keep-alive clients keep sending. During
 * the drain every answer says "Connection: close", so clients keep opening new connections; the
 * process stops accepting before the drain delay ends, so each connection it accepted gets its
 * answer and no client's request meets a reset. A client that arrives after that is refused before
 * it sends anything (a load balancer sends it elsewhere). Also: TRUST_PROXY with a public listening
 * address is warned about at start.
 */
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usingPostgres } from '../server/helpers/test-db';
import { freshPostgres, startCompiledServer } from './helpers/server-process';

let db: { url: string; drop: () => Promise<void> } | undefined;
beforeAll(async () => {
  if (usingPostgres()) db = await freshPostgres();
});
afterAll(async () => {
  await db?.drop();
});
const dbEnv = (): Record<string, string> => (db ? { DATABASE_URL: db.url } : {});

type Outcome = 'ok' | 'refused' | 'reset' | 'other';

function once(url: string, agent: Agent): Promise<Outcome> {
  return new Promise((resolve) => {
    const req = request(`${url}/api/v1/admin/main-games`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200 ? 'ok' : 'other'));
      res.on('error', () => resolve('reset'));
    });
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'ECONNREFUSED' ? 'refused' : 'reset'),
    );
    req.end();
  });
}

describe('SIGTERM under keep-alive load', () => {
  it('20 keep-alive clients through the drain: no request is reset', async () => {
    const server = await startCompiledServer({
      NODE_ENV: 'test',
      SHUTDOWN_DRAIN_DELAY_MS: '1500',
      ...dbEnv(),
    });
    expect(server.proc.exitCode, server.log()).toBeNull();
    const counts: Record<Outcome, number> = { ok: 0, refused: 0, reset: 0, other: 0 };
    let stopped = false;
    const clients = Array.from({ length: 20 }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      try {
        while (!stopped) {
          const outcome = await once(server.url, agent);
          counts[outcome]++;
          // Refused: the process no longer takes connections; this client goes elsewhere.
          if (outcome === 'refused') return;
        }
      } finally {
        agent.destroy();
      }
    });
    await new Promise((r) => setTimeout(r, 500));
    server.proc.kill('SIGTERM');
    const code = await server.exited;
    stopped = true;
    await Promise.all(clients);
    expect(code).toBe(0);
    expect(counts.ok).toBeGreaterThan(100);
    expect(counts.other).toBe(0);
    expect(counts.reset, JSON.stringify(counts)).toBe(0);
  }, 60_000);
});

describe('TRUST_PROXY on a public address', () => {
  it('is warned about in the banner and the log; a loopback address is not', async () => {
    const open = await startCompiledServer({
      NODE_ENV: 'test',
      TRUST_PROXY: '1',
      HOST: '0.0.0.0',
      ...dbEnv(),
    });
    try {
      await open.waitForLog(/App and API:/);
      expect(open.log()).toMatch(/WARNING: +TRUST_PROXY=1 and the server listens on 0\.0\.0\.0/);
      expect(open.log()).toMatch(/"level":"warn".*chooses its own address with X-Forwarded-For/);
    } finally {
      open.proc.kill('SIGTERM');
      await open.exited;
    }
    const closed = await startCompiledServer({ NODE_ENV: 'test', TRUST_PROXY: '1', ...dbEnv() });
    try {
      await closed.waitForLog(/App and API:/);
      expect(closed.log()).not.toMatch(/X-Forwarded-For/);
    } finally {
      closed.proc.kill('SIGTERM');
      await closed.exited;
    }
  }, 120_000);
});
