/**
 * The compiled server (dist-server/main.js, as `npm start` runs it) as a child process for the ops
 * tests: on a fresh PostgreSQL database when the run uses PostgreSQL, else on a fresh PGlite dir.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  addOwnerFromShell,
  buildServer as buildCompiledServer,
  freePort,
  freshDatabase,
} from '../../../scripts/bench/helpers.mjs';

let built = false;

/** Compiles the server once per test file (esbuild, well under a second). */
export function buildServer(): void {
  if (built) return;
  buildCompiledServer();
  built = true;
}

/** A fresh PostgreSQL database next to TEST_DATABASE_URL's; drop() removes it. */
export function freshPostgres() {
  return freshDatabase(process.env.TEST_DATABASE_URL as string, 'ops');
}

export interface ServerProcess {
  url: string;
  proc: ChildProcess;
  log: () => string;
  /** Resolves with the exit code (or the signal's name) once the process has exited. */
  exited: Promise<number | string>;
  waitForLog: (pattern: RegExp, timeoutMs?: number) => Promise<void>;
}

/**
 * Starts node dist-server/main.js and waits until /readyz answers 200 (or the process dies), on
 * env.PORT when given (a restart behind a proxy), else on a free port.
 */
export async function startCompiledServer(env: Record<string, string>): Promise<ServerProcess> {
  buildServer();
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = env.DATA_DIR || env.DATABASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'matka-ops-'));
  // Beside the operator from the environment, the second owner four eyes need (from the shell).
  if (env.ADMIN_USERNAME) addOwnerFromShell({ ...(dataDir ? { DATA_DIR: dataDir } : {}), ...env });
  const proc = spawn(process.execPath, ['dist-server/main.js'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...(dataDir ? { DATA_DIR: dataDir } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout?.on('data', (d) => {
    output += d;
  });
  proc.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | string>((resolve) =>
    proc.on('exit', (code, signal) => {
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
      resolve(code ?? signal ?? -1);
    }),
  );
  const url = `http://127.0.0.1:${port}`;
  const waitForLog = async (pattern: RegExp, timeoutMs = 30_000) => {
    const deadline = Date.now() + timeoutMs;
    while (!pattern.test(output)) {
      if (Date.now() > deadline) throw new Error(`no ${pattern} in the server log:\n${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const server: ServerProcess = { url, proc, log: () => output, exited, waitForLog };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (proc.exitCode !== null) return server;
    try {
      if ((await fetch(`${url}/readyz`)).ok) return server;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Two compiled servers on one fresh PostgreSQL database, as two `npm start` processes behind one
 * proxy would run; stop() kills both and drops the database.
 */
export async function twoProcessesOnPostgres(env: Record<string, string>) {
  const db = await freshPostgres();
  const a = await startCompiledServer({ ...env, DATABASE_URL: db.url });
  const b = await startCompiledServer({ ...env, DATABASE_URL: db.url });
  return {
    db,
    a,
    b,
    async stop() {
      for (const s of [a, b]) if (s.proc.exitCode === null) s.proc.kill('SIGKILL');
      await Promise.all([a.exited, b.exited]);
      await db.drop();
    },
  };
}
