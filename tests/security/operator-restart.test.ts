import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * "Every server start revokes every operator token": operators stay signed in across restarts
 * (and second processes) that carry the same ADMIN_PASSWORD; changing ADMIN_PASSWORD at start
 * ends that operator's sessions only. Run against the real server process, restarted for real.
 */
let dir: string;
let port: number;
const base = () => `http://127.0.0.1:${port}`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

async function startServer(password: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: join(dir, 'data'),
      DIST_DIR: join(dir, 'dist'),
      DATABASE_URL: '',
      DEMO_SEED: 'false',
      LOG_LEVEL: 'warn',
      ADMIN_USERNAME: 'restart-ops',
      ADMIN_PASSWORD: password,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const until = Date.now() + 60_000;
  while (!output.includes('App and API:')) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return child;
}

async function stopServer(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
}

const login = (username: string, password: string) =>
  fetch(`${base()}/api/v1/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
const tokenWorks = async (token: string) =>
  (await fetch(`${base()}/api/v1/admin/funds`, { headers: { authorization: `Bearer ${token}` } })).status;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'restart-'));
  port = await freePort();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('operator sessions across server starts', () => {
  it('survive a restart with the same ADMIN_PASSWORD and end when it changes', async () => {
    let server = await startServer('first-pass-123');
    const answer = await (await login('restart-ops', 'first-pass-123')).json();
    const token = answer.token as string;
    expect(await tokenWorks(token)).toBe(200);
    await stopServer(server);

    server = await startServer('first-pass-123');
    expect(await tokenWorks(token)).toBe(200);
    await stopServer(server);

    server = await startServer('second-pass-456');
    try {
      expect(await tokenWorks(token)).toBe(401);
      expect((await login('restart-ops', 'first-pass-123')).status).toBe(401);
      const fresh = await (await login('restart-ops', 'second-pass-456')).json();
      expect(await tokenWorks(fresh.token)).toBe(200);
    } finally {
      await stopServer(server);
    }
  }, 180_000);

  it('an ADMIN_USERNAME operator an owner switched off stays off after a restart (issue 19)', async () => {
    let server = await startServer('second-pass-456');
    let deputyToken: string;
    try {
      const boot = (await (await login('restart-ops', 'second-pass-456')).json()).token as string;
      const auth = { 'content-type': 'application/json', authorization: `Bearer ${boot}` };
      // A lone owner cannot make a second from the console (nobody alone): the shell does.
      const asked = await fetch(`${base()}/api/v1/admin/operators`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ username: 'deputy-owner', password: 'deputy-pass-123', role: 'owner' }),
      });
      expect(asked.status).toBe(202);
      expect((await asked.json()).message).toContain("add a second owner from the server's shell");
      expect((await login('deputy-owner', 'deputy-pass-123')).status).toBe(401);
    } finally {
      await stopServer(server);
    }
    const shell = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/cli/admin.ts', 'create-admin', 'deputy-owner'],
      {
        input: 'deputy-pass-123\n',
        env: { ...process.env, DATA_DIR: join(dir, 'data'), DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    expect(shell.status, shell.stderr).toBe(0);
    server = await startServer('second-pass-456');
    try {
      deputyToken = (await (await login('deputy-owner', 'deputy-pass-123')).json()).token;
      const list = await (
        await fetch(`${base()}/api/v1/admin/operators`, {
          headers: { authorization: `Bearer ${deputyToken}` },
        })
      ).json();
      const bootId = list.data.find((o: { username: string }) => o.username === 'restart-ops')._id;
      const off = await fetch(`${base()}/api/v1/admin/operators/${bootId}`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${deputyToken}` },
        body: JSON.stringify({ isActive: false }),
      });
      expect(off.status).toBe(200);
    } finally {
      await stopServer(server);
    }
    server = await startServer('second-pass-456');
    try {
      expect((await login('restart-ops', 'second-pass-456')).status).toBe(401);
      const list = await (
        await fetch(`${base()}/api/v1/admin/operators`, {
          headers: { authorization: `Bearer ${deputyToken}` },
        })
      ).json();
      expect(list.data.find((o: { username: string }) => o.username === 'restart-ops')).toMatchObject({
        isActive: false,
        role: 'owner',
      });
    } finally {
      await stopServer(server);
    }
  }, 180_000);
});
