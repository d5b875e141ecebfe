import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { addOwnerFromShell, buildServer, freePort } from '../../scripts/bench/helpers.mjs';
import { middayZone } from './market-zone';

export const ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-1' };

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { username: string; password: string };
    /** The server's MARKET_TZ: the browser runs in it and the helpers compute market times in it. */
    marketTz: string;
  }
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds dist/ unless it is newer than every source of the app (npm test builds just before). */
function ensureBuilt(): void {
  const built = existsSync('dist/index.html') ? statSync('dist/index.html').mtimeMs : 0;
  const sources = Math.max(
    newestMtime('src'),
    newestMtime('sw'),
    newestMtime('public'),
    statSync('index.html').mtimeMs,
  );
  if (built > sources) return;
  // Vitest sets NODE_ENV=test, which would give a development build (no service worker).
  const r = spawnSync('npx', ['vite', 'build'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build failed');
}

/**
 * A private copy of dist/ for this run: another checkout's build (or another run's) empties dist/
 * while it writes, and the server must not lose the app in the middle of the suite.
 */
function copyOfDist(into: string): string {
  cpSync('dist', into, { recursive: true });
  for (const file of ['index.html', 'manifest.webmanifest', 'sw.js']) {
    if (!existsSync(join(into, file))) throw new Error(`dist/${file} vanished while copying: run again`);
  }
  return into;
}

async function waitUntilUp(url: string, server: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited early:\n${log()}`);
    try {
      const r = await fetch(`${url}/api/v1/status`);
      if (r.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not answer within 120 s:\n${log()}`);
}

/** Compiles the server as `npm start` runs it (dist-server/main.js), once per run. */
let serverBuilt = false;
function ensureServerBuilt(): void {
  if (serverBuilt) return;
  buildServer();
  serverBuilt = true;
}

/**
 * Starts the compiled server (`node dist-server/main.js`, as `npm start` does) on a free port with a fresh database, demo data and the operator, in
 * the given market time zone; `env` adds or overrides settings (another payment provider).
 */
export async function startServer(
  marketTz: string,
  env: Record<string, string> = {},
  // A data directory of the caller's, kept when the server stops (a test that restarts it).
  opts: { dataDir?: string } = {},
) {
  const port = await freePort();
  const runDir = mkdtempSync(join(tmpdir(), 'matka-e2e-'));
  const dataDir = opts.dataDir ?? join(runDir, 'data');
  const distDir = copyOfDist(join(runDir, 'dist'));
  let output = '';
  ensureServerBuilt();
  // A second owner for four eyes, from the shell as an operator adds one (nobody makes one alone).
  addOwnerFromShell({ DATA_DIR: dataDir, DATABASE_URL: '', NODE_ENV: 'test', ...env });
  const server = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DEMO_SEED: 'true',
      MARKET_TZ: marketTz,
      DIST_DIR: distDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      NODE_ENV: 'test',
      // Every browser test signs in from 127.0.0.1: lift the per-address limits (tests/security
      // attacks them on their own).
      LIMIT_OTP_SENDS_PER_ADDRESS_HOUR: '100000',
      LIMIT_REGISTRATIONS_PER_ADDRESS_HOUR: '100000',
      LIMIT_LOGINS_PER_ADDRESS_15MIN: '100000',
      LIMIT_FUND_ORDERS_PER_ADDRESS_HOUR: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitUntilUp(baseUrl, server, () => output);
  const stop = async () => {
    if (server.pid && server.exitCode === null) {
      process.kill(-server.pid, 'SIGTERM');
      await new Promise((r) => {
        const t = setTimeout(r, 5000);
        server.once('exit', () => {
          clearTimeout(t);
          r(null);
        });
      });
      if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
    }
    rmSync(runDir, { recursive: true, force: true });
  };
  return { baseUrl, stop, distDir };
}

/** The suite's server, in a market time zone where it is now midday (no test meets midnight). */
export default async function setup(project: TestProject) {
  ensureBuilt();
  const marketTz = middayZone(new Date());
  const { baseUrl, stop } = await startServer(marketTz);
  project.provide('baseUrl', baseUrl);
  project.provide('admin', ADMIN);
  project.provide('marketTz', marketTz);
  return stop;
}
