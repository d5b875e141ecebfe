// Shared pieces of scripts/bench.mjs and scripts/chaos.mjs: a compiled server as a child process,
// a fresh database, and a small API client.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** Headless Chromium as the browser suite and bench:web run it (no sandbox, no background traffic). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * What a first visit has not got, through a CDP session of a page on the app's origin: the HTTP
 * cache, Cache Storage and the service worker (the token and the store in localStorage and
 * IndexedDB stay, as Lighthouse's cold runs keep them). A worker's copies come with compiled code
 * cached, so a run it served is not cold.
 */
export async function clearFirstVisitCaches(cdp, origin) {
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Storage.clearDataForOrigin', {
    origin,
    storageTypes: 'cache_storage,service_workers',
  });
}

const START_SCRIPT = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).scripts
  .start;

/**
 * The V8 flags `npm start` runs the server with (package.json "start"), so the benchmarks measure
 * the process as it runs in production.
 */
export const START_V8_FLAGS = START_SCRIPT.match(/--max-[a-z-]+=\d+/g) ?? [];

/**
 * The environment `npm start` gives node (package.json "start": `NAME=value ... exec node`), such
 * as glibc's malloc setting (docs/performance.md "Memory"), for the same reason.
 */
const START_ASSIGNMENTS = (START_SCRIPT.split(/\bexec\b/)[0] ?? '').matchAll(/\b([A-Z][A-Z0-9_]*)=(\S+)/g);
export const START_ENV = Object.fromEntries([...START_ASSIGNMENTS].map((m) => [m[1], m[2]]));

export const ADMIN = { username: 'bench-admin', password: 'bench-admin-password' };

/**
 * The second owner four eyes need (wallet credits): nobody makes an operator alone, so it is added
 * from the server's shell (`create-admin`, the compiled CLI) on the database the server will use,
 * before the server starts (PGlite allows one process at a time).
 */
export const SECOND_OWNER = { username: 'second-owner', password: 'second-owner-password' };

/** Runs `create-admin` of the compiled CLI against the database `env` names (DATA_DIR or DATABASE_URL). */
export function addOwnerFromShell(env, owner = SECOND_OWNER) {
  const r = spawnSync(process.execPath, ['dist-server/admin.js', 'create-admin', owner.username], {
    env: { ...process.env, ...env },
    input: `${owner.password}\n`,
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`create-admin ${owner.username} failed:\n${r.stderr}`);
}

export function buildServer() {
  const r = spawnSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the server build failed');
}

/** The middle value (the upper one of an even count), as every bench here reports a set of runs. */
export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** A fresh database on the PostgreSQL server of `baseUrl`; drop() removes it. */
export async function freshDatabase(baseUrl, prefix) {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export const LIFTED_LIMITS = {
  LIMIT_OTP_SENDS_PER_ADDRESS_HOUR: '1000000',
  LIMIT_REGISTRATIONS_PER_ADDRESS_HOUR: '1000000',
  LIMIT_LOGINS_PER_ADDRESS_15MIN: '1000000',
  LIMIT_FUND_ORDERS_PER_ADDRESS_HOUR: '1000000',
  LIMIT_PENDING_FUND_ORDERS_PER_PLAYER: '1000000',
};

/**
 * Starts node dist-server/main.js on `port` and resolves once /readyz answers, with the time it
 * took. `dataDir` (PGlite) or env.DATABASE_URL (PostgreSQL) says where the data lives.
 */
export async function startServer({ port, env, quiet = true }) {
  // The operator from the environment gets a second owner beside it (four eyes; see SECOND_OWNER).
  if (env.ADMIN_USERNAME) addOwnerFromShell(env);
  const started = performance.now();
  // BENCH_NODE_ARGS: extra node flags for the server (for example --cpu-prof to profile it).
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...START_V8_FLAGS, ...extra, 'dist-server/main.js'], {
    env: { ...process.env, ...START_ENV, PORT: String(port), HOST: '127.0.0.1', ...env },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'pipe'],
  });
  let log = '';
  child.stderr.on('data', (d) => {
    log = (log + d).slice(-20_000);
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${log}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 25));
  }
  return { child, url, readyMs: performance.now() - started, log: () => log };
}

/**
 * The compiled server on a free port with the demo data, the bench operator (ADMIN) and lifted
 * limits, on a temp data directory (PGlite): what the browser benches sign a new player in to.
 * `data.dir` also names a browser profile beside it (`${data.dir}-chrome`); `stop` removes both.
 * `extraEnv` adds settings (bench:web's --compare serves another build with DIST_DIR).
 */
export async function startDemoServer(extraEnv = {}) {
  const port = await freePort();
  const data = tempDataDir();
  const env = {
    DATA_DIR: data.dir,
    DEMO_SEED: 'true',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    ...LIFTED_LIMITS,
    ...extraEnv,
  };
  const server = await startServer({ port, env });
  const stop = async () => {
    await stopServer(server);
    data.remove();
  };
  return { port, data, server, base: `http://127.0.0.1:${port}`, stop };
}

export function stopServer(server, signal = 'SIGTERM') {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve(server.child.exitCode);
    server.child.once('exit', (code, sig) => resolve(code ?? sig));
    server.child.kill(signal);
  });
}

/** Resident set size of a process in MiB (Linux /proc: kB there are KiB). */
export function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : Number.NaN;
}

export function tempDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'matka-bench-'));
  return { dir: join(dir, 'data'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** JSON API calls; throws with the server's message on a non-2xx answer unless `accept` has it. */
export function client(base) {
  return async function call(
    method,
    path,
    { token, body, rawBody, headers = {}, accept = [], timeoutMs = 30_000, redirect = 'follow' } = {},
  ) {
    const h = { 'content-type': 'application/json', ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    const res = await fetch(base + path, {
      method,
      headers: h,
      body: rawBody ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: AbortSignal.timeout(timeoutMs),
      redirect,
    });
    const json = await res.json().catch(() => ({}));
    if (!res.ok && !accept.includes(res.status)) {
      throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
    }
    // The HTTP status last: the envelope's own `status` (true/false) stays readable as `ok`.
    return { ...json, ok: json.status, status: res.status };
  };
}

/** An operator token (the server was started with ADMIN_USERNAME/ADMIN_PASSWORD = ADMIN). */
export async function adminToken(call) {
  return (await call('POST', '/api/v1/admin/login', { body: ADMIN })).token;
}

const secondOwners = new WeakMap();

/**
 * Credits a player as four eyes have it (issue 19): `admin` requests the adjustment, the second
 * owner (SECOND_OWNER, added from the shell before the server started) applies it.
 */
export async function creditWallet(call, admin, userId, amount, description) {
  const requested = await call('POST', `/api/v1/admin/users/${userId}/wallet`, {
    token: admin,
    body: { type: 'credit', amount, description },
  });
  let second = secondOwners.get(call);
  if (!second) {
    second = call('POST', '/api/v1/admin/login', { body: SECOND_OWNER }).then((r) => r.token);
    secondOwners.set(call, second);
  }
  return call('POST', `/api/v1/admin/wallet-adjustments/${requested.data._id}/approve`, {
    token: await second,
  });
}

/**
 * Sets the main single digit rate through the operator's PUT (10 KA 95, the seed's): a bid is placed
 * at its family's rate and keeps it, so a server started without DEMO_SEED takes no bids until then.
 */
export async function setMainRates(call, admin) {
  await call('PUT', '/api/v1/admin/game-point', {
    token: admin,
    body: { singleDigitPoint: 10, singleDigitAmount: 95 },
  });
}

/** Registers, verifies and logs in a player through the API (OTP read from the SMS outbox). */
export async function newPlayer(call, admin, phone) {
  const password = 'bench-pass-1';
  const otpFor = async () => {
    const sms = await call('GET', `/api/v1/admin/sms-outbox?phone=${phone}`, { token: admin });
    return /\b(\d{4,6})\b/.exec(sms.data[0]?.text ?? '')?.[1];
  };
  await call('POST', '/api/v1/user/register', {
    body: { name: `Bench ${phone}`, phone, password, confirmPassword: password, adult: true },
  });
  await call('POST', '/api/v1/user/verify-otp', {
    body: { phone, otp: await otpFor(), purpose: 'registration' },
  });
  await call('POST', '/api/v1/user/login', { body: { phone, password } });
  const login = await call('POST', '/api/v1/user/verify-otp', {
    body: { phone, otp: await otpFor(), purpose: 'login' },
  });
  return { id: login.data._id, phone, token: login.token };
}

export function marketDay(tz = 'Asia/Kolkata', at = new Date()) {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(at);
}
