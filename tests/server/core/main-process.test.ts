import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The real server process, as `npm start` runs it after the build step: migrations, demo seed,
// banner, API, the "not built" page, and a clean shutdown that releases the data directory lock.
const port = 19_000 + (process.pid % 900);
const base = `http://127.0.0.1:${port}`;
let dir: string;
let child: ChildProcess;
let output = '';

async function waitFor(check: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out; output so far:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'main-'));
  child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'dist'),
      DATABASE_URL: '',
      ADMIN_USERNAME: 'boot-ops',
      ADMIN_PASSWORD: 'boot-pass-123',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  await waitFor(() => output.includes('App and API:'), 45_000);
}, 60_000);

afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

describe('server process', () => {
  it('prints the URL, the demo player and where OTPs appear', () => {
    expect(output).toContain(`http://localhost:${port}`);
    expect(output).toContain('phone 9876543210, password demo123');
    expect(output).toContain('sms outbox');
  });

  it('serves the seeded API, the operator bootstrap and a build hint', async () => {
    const games = await (await fetch(`${base}/api/v1/admin/main-games`)).json();
    expect(games.data.some((g: { gameName: string }) => g.gameName === 'Demo Day')).toBe(true);
    const login = await fetch(`${base}/api/v1/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'boot-ops', password: 'boot-pass-123' }),
    });
    expect(login.status).toBe(200);
    const page = await fetch(`${base}/market`);
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('npm run build');
    expect(existsSync(join(dir, 'data.lock'))).toBe(true);
  });

  it('stops on SIGTERM and releases the data directory lock', async () => {
    child.kill('SIGTERM');
    await waitFor(() => child.exitCode !== null, 15_000);
    expect(child.exitCode).toBe(0);
    expect(existsSync(join(dir, 'data.lock'))).toBe(false);
  });
});
