/**
 * WORKERS=2 on one PostgreSQL: two server processes share the port, a process killed with SIGKILL
 * is replaced, and SIGTERM on the primary stops every process with exit code 0.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshPostgres, type ServerProcess, startCompiledServer } from '../helpers/server-process';

let db: { url: string; drop: () => Promise<void> };
let server: ServerProcess;

beforeAll(async () => {
  db = await freshPostgres();
  server = await startCompiledServer({ NODE_ENV: 'test', DATABASE_URL: db.url, WORKERS: '2' });
  await server.waitForLog(/Processes: {4}2/);
}, 90_000);
afterAll(async () => {
  if (server.proc.exitCode === null) server.proc.kill('SIGKILL');
  await db.drop();
});

/** The pids answering /healthz over fresh connections (the kernel spreads them over processes). */
async function pids(n = 40): Promise<Set<number>> {
  const seen = new Set<number>();
  for (let i = 0; i < n; i++) {
    const r = await fetch(`${server.url}/healthz`, { headers: { connection: 'close' } });
    seen.add(((await r.json()) as { pid: number }).pid);
  }
  return seen;
}

describe('WORKERS=2', () => {
  it('serves from two processes, replaces one killed with SIGKILL, and stops all on SIGTERM', async () => {
    const before = await pids();
    expect(before.size).toBe(2);
    expect(before.has(server.proc.pid as number)).toBe(false);
    const [victim] = [...before];
    process.kill(victim as number, 'SIGKILL');
    await server.waitForLog(/server process died; starting another/);
    let after = new Set<number>();
    for (let i = 0; i < 100 && after.size < 2; i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await pids(10).catch(() => new Set<number>());
    }
    expect(after.size).toBe(2);
    expect(after.has(victim as number)).toBe(false);
    // Every answer during and after the replacement is still a ready server.
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    server.proc.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.log().match(/"msg":"stopped"/g)?.length).toBe(2);
    for (const pid of after) expect(() => process.kill(pid, 0)).toThrow();
  }, 60_000);
});
