/**
 * Issue 47: the compiled server in production behind deploy/Caddyfile (real Caddy, its internal
 * CA) and deploy/nginx.conf (real nginx, a self-signed certificate), over HTTPS. For each proxy:
 * the app installs in Chromium and its worker takes control; a declared result reaches the open
 * page within 1 s (the stream is not buffered); the address the server limits, logs and audits is
 * the one the proxy saw, never a client's own X-Forwarded-For; a body over BODY_LIMIT_BYTES is
 * refused with 413 every time (nginx answered 502 in about 1 of 3 before the server's fix);
 * answers are compressed once.
 */

import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS } from '../../scripts/bench/helpers.mjs';
import { PHONE_VIEWPORT } from '../e2e/browser';
import { runDoctor } from './helpers/doctor';
import { apiCall, decodedOnce, httpsRequest } from './helpers/https';
import { listeningPorts } from './helpers/processes';
import type { RunningProxy } from './helpers/proxies';
import {
  LOGIN_LIMIT,
  marketNow,
  newPlayer,
  openMarket,
  ownerToken,
  type Stack,
  startStack,
} from './helpers/stack';

let stack: Stack;
let owner = '';
let player: { phone: string; token: string };
let browser: BrowserContext;
let profile = '';

beforeAll(async () => {
  stack = await startStack();
  owner = await ownerToken(stack);
  player = await newPlayer(stack);
  profile = mkdtempSync(join(tmpdir(), 'matka-deploy-chrome-'));
  // Chromium trusts exactly the two proxies' keys (their CAs are not in its store).
  browser = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS, `--ignore-certificate-errors-spki-list=${stack.caddy.spki},${stack.nginx.spki}`],
    viewport: PHONE_VIEWPORT,
    timezoneId: stack.marketTz,
    locale: 'en-IN',
    serviceWorkers: 'allow',
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
  await stack?.stop();
});

/** Each proxy's clients come from their own loopback addresses (the server sees the proxy's). */
const ADDRESSES: Record<RunningProxy['name'], [string, string]> = {
  caddy: ['127.0.0.21', '127.0.0.22'],
  nginx: ['127.0.0.31', '127.0.0.32'],
};

describe('Caddy binds only its own port', () => {
  it('listens on the HTTPS port alone: no admin endpoint (2019), no :80', () => {
    expect(listeningPorts(stack.caddy.program.proc.pid as number)).toEqual([stack.caddy.port]);
  });
});

describe.each(['caddy', 'nginx'] as const)('behind %s', (name) => {
  const proxy = () => stack[name];

  it('serves the app over HTTPS: it installs, its worker takes control, a result arrives within 1 s', async () => {
    const page = await browser.newPage();
    await page.addInitScript(() => {
      window.addEventListener('beforeinstallprompt', () => {
        (window as unknown as { installable: boolean }).installable = true;
      });
    });
    await page.goto(`${proxy().url}/`);
    await page.evaluate((token) => localStorage.setItem('token', token), player.token);
    await page.goto(`${proxy().url}/home`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 60_000,
    });
    expect(await page.evaluate(() => [location.protocol, window.isSecureContext])).toEqual(['https:', true]);
    // Chromium offers to install only a secure app with a manifest and a worker that handles fetches.
    await page.waitForFunction(
      () => (window as unknown as { installable?: boolean }).installable === true,
      undefined,
      {
        timeout: 30_000,
      },
    );
    mkdirSync('test-results/screenshots', { recursive: true });
    await page.screenshot({ path: `test-results/screenshots/deploy-${name}-home.png` });

    // The live stream through the proxy: an EventSource of the page's own, open and caught up.
    await page.evaluate(() => {
      const w = window as unknown as { got: Array<{ at: number; data: string }>; ready: boolean };
      w.got = [];
      const es = new EventSource('/api/v1/events');
      es.addEventListener('ready', () => {
        w.ready = true;
      });
      es.addEventListener('result', (e) => w.got.push({ at: Date.now(), data: (e as MessageEvent).data }));
    });
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true, undefined, {
      timeout: 20_000,
    });
    const gameId = await openMarket(stack, owner, `LIVE ${name.toUpperCase()} ${Date.now().toString(36)}`);
    const declaredAt = Date.now();
    await stack.call('POST', '/api/v1/admin/results/main', {
      token: owner,
      body: { gameId, resultDate: marketNow(stack.marketTz).day, session: 'open', panna: '128' },
    });
    const handle = await page.waitForFunction(
      (id) =>
        (window as unknown as { got: Array<{ at: number; data: string }> }).got.find((e) =>
          e.data.includes(id),
        )?.at,
      gameId,
      { timeout: 10_000 },
    );
    const arrivedAt = (await handle.jsonValue()) as number;
    expect(arrivedAt - declaredAt).toBeLessThan(1000);
    await page.close();
  }, 180_000);

  it('limits, logs and audits the address the proxy saw, never a forged X-Forwarded-For', async () => {
    const [mine, other] = ADDRESSES[name];
    const { url, ca } = proxy();
    const wrongLogin = (from: string, forged: string, n: number) =>
      apiCall(url, ca, 'POST', '/api/v1/user/login', {
        from,
        headers: { 'x-forwarded-for': forged },
        body: {
          phone: `81${String(Date.now()).slice(-6)}${String(n).padStart(2, '0')}`,
          password: 'not-the-password',
        },
      });
    const statuses: number[] = [];
    for (let n = 0; n <= LOGIN_LIMIT; n++)
      statuses.push((await wrongLogin(mine, `203.0.113.${n + 1}`, n)).status);
    // A new forged address each time changed nothing: the limit counted the proxy's view of us.
    expect(statuses).toEqual([...Array(LOGIN_LIMIT).fill(401), 429]);
    // Another client claiming to be us is counted as itself.
    expect((await wrongLogin(other, mine, 99)).status).toBe(401);

    const logged = stack.server
      .log()
      .split('\n')
      .filter((l) => l.includes('"msg":"request"') && l.includes('/api/v1/user/login'))
      .map((l) => JSON.parse(l).address as string);
    expect(logged).toContain(mine);
    expect(logged).toContain(other);
    expect(logged.filter((a) => a.startsWith('203.0.113.'))).toEqual([]);

    const created = await apiCall<{ data: { _id: string } }>(url, ca, 'POST', '/api/v1/admin/main-games', {
      from: mine,
      token: owner,
      headers: { 'x-forwarded-for': '198.51.100.7' },
      body: { gameName: `AUDIT ${name.toUpperCase()}`, openTime: '10:00', closeTime: '11:00' },
    });
    expect(created.status).toBe(201);
    const audit = await stack.call('GET', '/api/v1/admin/audit-log?limit=50', { token: owner });
    const entry = (
      audit.data as Array<{ method: string; path: string; clientAddress: string; after: unknown }>
    ).find(
      (e) =>
        e.method === 'POST' &&
        e.path === '/api/v1/admin/main-games' &&
        JSON.stringify(e.after).includes(created.body.data._id),
    );
    expect(entry?.clientAddress).toBe(mine);
  }, 60_000);

  it('refuses a body over BODY_LIMIT_BYTES with 413, 20 times in 20 (never 502)', async () => {
    const body = JSON.stringify({ phone: '9876543210', password: 'x'.repeat(300 * 1024) });
    const answers: string[] = [];
    for (let i = 0; i < 20; i++) {
      const a = await httpsRequest(`${proxy().url}/api/v1/user/login`, {
        ca: proxy().ca,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const text = decodedOnce(a).toString();
      // nginx's own error page is HTML: show its start instead of failing to parse it.
      answers.push(
        `${a.status} ${/json/.test(String(a.headers['content-type'])) ? JSON.parse(text).message : text.slice(0, 60)}`,
      );
    }
    expect(answers).toEqual(Array(20).fill('413 Request body is too large'));
  }, 60_000);

  it('compresses each answer once: one Content-Encoding, decoded once it is what the server sent', async () => {
    const index = (await httpsRequest(`${proxy().url}/`, { ca: proxy().ca })).raw.toString();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(index)?.[1];
    expect(script).toBeTruthy();
    for (const path of ['/api/docs/openapi.json', '/api/v1/admin/main-games', '/', script as string]) {
      for (const accept of ['br, gzip', 'gzip']) {
        const via = await httpsRequest(`${proxy().url}${path}`, {
          ca: proxy().ca,
          headers: { 'accept-encoding': accept },
        });
        const direct = await fetch(`${stack.server.url}${path}`, { headers: { 'accept-encoding': accept } });
        expect(via.status, path).toBe(200);
        const coding = String(via.headers['content-encoding'] ?? '');
        expect(['', 'br', 'gzip'], `${path} ${accept}: ${coding}`).toContain(coding);
        expect(decodedOnce(via).equals(Buffer.from(await direct.arrayBuffer())), `${path} ${accept}`).toBe(
          true,
        );
        if (path === '/api/docs/openapi.json') expect(coding, 'a large answer is compressed').not.toBe('');
      }
    }
  }, 60_000);
});

describe('npm run doctor on this install behind Caddy', () => {
  it("says ok to every check but the certificate, a warning for Caddy's local CA; exit 0; no secret shown", async () => {
    // The server writes its first scheduled backup as it starts.
    const backups = stack.env.BACKUP_DIR as string;
    for (let i = 0; i < 300 && !readdirSync(backups).some((f) => f.endsWith('.sql.gz')); i++)
      await new Promise((r) => setTimeout(r, 100));
    const run = runDoctor(stack.env);
    const notOk = run.checks.filter((c) => c.level !== 'ok');
    expect(
      notOk.map((c) => `${c.level} ${c.name}`),
      run.output,
    ).toEqual(['warn certificate']);
    expect(notOk[0]?.line).toMatch(/from a local CA \(Caddy Local Authority[^)]*\), \d+ hours left/);
    expect(run.checks.map((c) => c.name)).toEqual([
      'node',
      'environment',
      'build',
      'secrets',
      'proxy settings',
      'proxy',
      'certificate',
      'database',
      'clock',
      'forwarder',
      'DATA_DIR',
      'BACKUP_DIR',
      'backups',
      'SMS',
      'Firebase',
    ]);
    expect(run.code).toBe(0);
    for (const name of ['OTP_SECRET', 'METRICS_TOKEN', 'ADMIN_PASSWORD', 'SMS_HTTP_URL'])
      expect(run.output).not.toContain(stack.env[name]);
  }, 120_000);
});
