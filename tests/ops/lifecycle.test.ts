/**
 * The compiled server's lifecycle, as an orchestrator drives it: SIGTERM drains (a request in
 * flight is answered in full, new connections are refused) and exits 0; WORKERS>1 is refused on
 * PGlite with a clear message.
 */
import { request } from 'node:http';
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

function serverEnv(extra: Record<string, string> = {}) {
  return { NODE_ENV: 'test', ...(db ? { DATABASE_URL: db.url } : {}), ...extra };
}

/** Opens a login request on its own connection and sends only the first half of its body. */
function halfSentLogin(url: string) {
  const body = JSON.stringify({ phone: '9876500001', password: 'not-the-password' });
  const req = request(`${url}/api/v1/user/login`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => {
        text += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, 10));
  return { finish: () => req.end(body.slice(10)), answer };
}

async function connectionRefused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/healthz`);
    return false;
  } catch (error) {
    return /ECONNREFUSED/.test(String((error as { cause?: unknown }).cause ?? error));
  }
}

describe('SIGTERM drains and exits 0', () => {
  let server: ServerProcess;
  beforeAll(async () => {
    server = await startCompiledServer(serverEnv({ SHUTDOWN_TIMEOUT_MS: '10000' }));
    expect(server.proc.exitCode, server.log()).toBeNull();
  }, 90_000);

  it('answers the request in flight in full, refuses new connections, then exits 0', async () => {
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    const inFlight = halfSentLogin(server.url);
    // The server has the request's headers: the connection is busy, not idle.
    await new Promise((r) => setTimeout(r, 300));
    server.proc.kill('SIGTERM');
    await server.waitForLog(/"msg":"stopping"/);
    expect(await connectionRefused(server.url)).toBe(true);
    expect(server.proc.exitCode).toBeNull();
    inFlight.finish();
    const answer = await inFlight.answer;
    // A complete JSON answer of the route (wrong password), not a reset connection.
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ status: false });
    expect(await server.exited).toBe(0);
    expect(server.log()).toMatch(/"msg":"stopped".*"requestsDone":true,"jobsDone":true/);
  }, 60_000);
});

describe('bounded shutdown', () => {
  it('a client that never finishes its request cannot hold the process past SHUTDOWN_TIMEOUT_MS', async () => {
    const server = await startCompiledServer(serverEnv({ SHUTDOWN_TIMEOUT_MS: '1000' }));
    const stuck = halfSentLogin(server.url);
    stuck.answer.catch(() => {});
    await new Promise((r) => setTimeout(r, 300));
    const began = Date.now();
    server.proc.kill('SIGTERM');
    // It gave up on the stuck request: exit code 1 says the drain was not clean.
    expect(await server.exited).toBe(1);
    expect(Date.now() - began).toBeLessThan(5000);
    expect(server.log()).toMatch(/"requestsDone":false/);
  }, 90_000);
});

describe('WORKERS on PGlite', () => {
  it('WORKERS=2 without DATABASE_URL is refused with a clear message', async () => {
    const server = await startCompiledServer({ NODE_ENV: 'test', WORKERS: '2' });
    expect(await server.exited).toBe(1);
    expect(server.log()).toContain('WORKERS=2 needs DATABASE_URL');
  }, 60_000);
});
