import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { migrate } from '../../../server/db/migrate';
import { acquireDataDirLock } from '../../../server/db/pglite';
import { EnvError, loadEnv } from '../../../server/env';
import { parsePaging } from '../../../server/http/paging';
import { createLogger } from '../../../server/logger';
import { seedDemo } from '../../../server/seed/demo';
import { smsUrl } from '../../../server/services/sms/gateway';
import { mountStatic } from '../../../server/static';
import { normalizePhone } from '../../../src/contracts/phone';
import { latestOtp } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ now: '2026-11-21T06:30:00Z' });
});
afterAll(() => t.close());

describe('environment', () => {
  it('applies defaults outside production', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      MARKET_TZ: 'Asia/Kolkata',
      SMS_PROVIDER: 'outbox',
      DEMO_SEED: true,
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ MARKET_TZ: 'Mars/Base' }, 'MARKET_TZ'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ NODE_ENV: 'production' }, 'OTP_SECRET'],
    [{ NODE_ENV: 'production', OTP_SECRET: 'a-long-enough-secret' }, 'SMS_PROVIDER'],
    [{ SMS_PROVIDER: 'http' }, 'SMS_HTTP_URL'],
    [{ ADMIN_USERNAME: 'ops' }, 'ADMIN_USERNAME/ADMIN_PASSWORD'],
    [{ PAYMENT_WEBHOOK_SECRET: 'short' }, 'PAYMENT_WEBHOOK_SECRET'],
    [{ PAYMENT_PROVIDER: 'razorpay' }, 'PAYMENT_PROVIDER'],
    [{ PAYMENT_PROVIDER: 'cashfree', PUBLIC_URL: 'https://m.example' }, 'CASHFREE_APP_ID'],
    [{ PAYMENT_PROVIDER: 'cashfree', CASHFREE_APP_ID: 'a', CASHFREE_SECRET_KEY: 's' }, 'PUBLIC_URL'],
    [{ PAYMENT_PROVIDER: 'upi', UPI_PAYEE_NAME: 'Shop' }, 'UPI_VPA'],
    [{ PAYMENT_PROVIDER: 'upi', UPI_VPA: 'not an address', UPI_PAYEE_NAME: 'Shop' }, 'UPI_VPA'],
    [
      { NODE_ENV: 'production', OTP_SECRET: 'a-long-enough-secret', SMS_PROVIDER: 'outbox' },
      'PAYMENT_PROVIDER',
    ],
    [
      {
        NODE_ENV: 'production',
        OTP_SECRET: 'a-long-enough-secret',
        SMS_PROVIDER: 'outbox',
        PAYMENT_PROVIDER: 'sandbox',
        PAYMENT_WEBHOOK_SECRET: 'whsec-0123456789abcdef',
      },
      'PAYMENT_PROVIDER',
    ],
  ])('refuses %j naming %s', (source, name) => {
    expect(() => loadEnv(source)).toThrow(EnvError);
    expect(() => loadEnv(source)).toThrow(name);
  });

  it('accepts production with explicit safe settings and seeds nothing by default', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      OTP_SECRET: 'a-long-enough-secret',
      SMS_PROVIDER: 'outbox',
      PAYMENT_PROVIDER: 'upi',
      UPI_VPA: 'shop@okaxis',
      UPI_PAYEE_NAME: 'Shop',
      MONEY_MODE: 'real',
    });
    expect(env.DEMO_SEED).toBe(false);
  });

  it('takes Cashfree keys in production, with the production base by default', () => {
    const env = loadEnv({
      NODE_ENV: 'production',
      OTP_SECRET: 'a-long-enough-secret',
      SMS_PROVIDER: 'outbox',
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_APP_ID: 'app-id',
      CASHFREE_SECRET_KEY: 'secret-key',
      PUBLIC_URL: 'https://matka.example',
      MONEY_MODE: 'real',
    });
    expect(env).toMatchObject({
      PAYMENT_PROVIDER: 'cashfree',
      CASHFREE_BASE_URL: 'https://api.cashfree.com/pg',
    });
  });
});

describe('database', () => {
  it('migrations are recorded and a second run applies nothing', async () => {
    expect(await migrate(t.db)).toEqual([]);
    const r = await t.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version');
    expect(r.rows[0]?.name).toBe('001-schema.sql');
  });

  it('refuses a balance below zero and a second credit for the same reference', async () => {
    await expect(
      t.db.query(
        `INSERT INTO users (name, phone, password_hash, referral_code, balance_paise) VALUES ('x', '9111111111', 'h', 'NEG1', -1)`,
      ),
    ).rejects.toThrow();
    const u = await t.db.query<{ id: string }>(
      `INSERT INTO users (name, phone, password_hash, referral_code) VALUES ('y', '9111111112', 'h', 'DUP1') RETURNING id`,
    );
    const entry = `INSERT INTO ledger (user_id, amount_paise, kind, ref_id, description) VALUES ($1, 100, 'win', 'bid-1', 'Win')`;
    await t.db.query(entry, [u.rows[0]?.id]);
    await expect(t.db.query(entry, [u.rows[0]?.id])).rejects.toThrow();
    // Leave the database empty again for the demo seed test below.
    await t.db.query('DELETE FROM ledger WHERE user_id = $1', [u.rows[0]?.id]);
    await t.db.query('DELETE FROM users WHERE id = $1', [u.rows[0]?.id]);
  });

  it('a data directory lock refuses a second live holder and takes over a dead one', () => {
    const dir = mkdtempSync(join(tmpdir(), 'lock-'));
    const dataDir = join(dir, 'data');
    writeFileSync(`${dataDir}.lock`, '1');
    expect(() => acquireDataDirLock(dataDir)).toThrow(/in use by process 1/);
    writeFileSync(`${dataDir}.lock`, '999999999');
    const release = acquireDataDirLock(dataDir);
    release();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('helpers', () => {
  it.each([
    ['+91 98765 43210', '9876543210'],
    ['09876543210', '9876543210'],
    ['919876543210', '9876543210'],
    ['98765-43210', '9876543210'],
    ['5876543210', null],
    ['98765', null],
    ["9876543210' OR 1=1", null],
  ])('normalizePhone(%j) = %j', (input, out) => {
    expect(normalizePhone(input)).toBe(out);
  });

  it.each([
    ['?page=2?limit=10', 2, 10],
    ['?page=3&limit=5', 3, 5],
    ['?limit=500', 1, 100],
    ['', 1, 10],
  ])('parsePaging(%s)', (query, page, limit) => {
    expect(parsePaging(new URL(`http://x/a${query}`))).toMatchObject({ page, limit });
  });

  it('logs redact secret-looking keys at any depth', () => {
    const lines: string[] = [];
    createLogger('debug', (l) => lines.push(l)).info('x', { password: 'p', nested: { token: 't', ok: 1 } });
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      password: '[redacted]',
      nested: { token: '[redacted]', ok: 1 },
    });
  });

  it('the http SMS provider fills the URL template with URL-encoded values', () => {
    expect(
      smsUrl('https://sms.example/send?to={phone}&msg={text}', { phone: '9876543210', text: 'a b&c' }),
    ).toBe('https://sms.example/send?to=9876543210&msg=a%20b%26c');
  });
});

describe('demo seed', () => {
  it('seeds games, rates, results, content and a demo player with 1000 points as a ledger row; only once', async () => {
    // The seed's "today" is the test clock (2026-11-21 12:00 IST), never the wall clock.
    expect(await seedDemo(t.db, await t.clock.now(), 'Asia/Kolkata')).toBe(true);
    expect(await seedDemo(t.db, await t.clock.now(), 'Asia/Kolkata')).toBe(false);
    const games = await t.request('GET', '/api/v1/admin/main-games');
    const names = games.body.data.map((g: { gameName: string }) => g.gameName);
    expect(names).toEqual(expect.arrayContaining(['Demo Day', 'Kalyan', 'Main Bazar']));
    const kalyan = games.body.data.find((g: { gameName: string }) => g.gameName === 'Kalyan');
    expect(kalyan.schedule.sunday.marketStatus).toBe(false);
    expect((await t.request('GET', '/api/v1/admin/starline-games')).body.data).toHaveLength(12);
    expect((await t.request('GET', '/api/v1/admin/galidisawar-games')).body.data).toHaveLength(4);
    const rates = await t.request('GET', '/api/v1/admin/game-point');
    expect(rates.body.data[0]).toMatchObject({
      singleDigitPoint: 10,
      singleDigitAmount: 95,
      fullSangamAmount: 100000,
    });
    const results = await t.request('GET', '/api/v1/admin/all-result?limit=1000');
    expect(results.body.pagination.total).toBeGreaterThan(200);
    for (const r of results.body.data) {
      expect(r.resultDate < '2026-11-21').toBe(true);
      const sum = [...r.openPanna.panna].reduce((a: number, d: string) => a + Number(d), 0) % 10;
      expect(r.openPanna.digit).toBe(String(sum));
    }
    const ledger = await t.db.query<{ amount_paise: number }>(
      `SELECT l.amount_paise FROM ledger l JOIN users u ON u.id = l.user_id WHERE u.phone = '9876543210'`,
    );
    expect(ledger.rows).toEqual([{ amount_paise: 100000 }]);
    const login = await t.request('POST', '/api/v1/user/login', {
      body: { phone: '9876543210', password: 'demo123' },
    });
    expect(login.status).toBe(200);
    const otp = await latestOtp(t, '9876543210');
    const ver = await t.request('POST', '/api/v1/user/verify-otp', {
      body: { otp, phone: '9876543210', purpose: 'login' },
    });
    expect(ver.body.data).toMatchObject({ balance: 1000, isVerified: true });
  });
});

describe('static PWA', () => {
  let dir: string;
  let app: ReturnType<typeof createApp>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'sw.js'), 'self.x=1');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    app = createApp(t.deps, { mountStatic: mountStatic(dir) });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves hashed assets immutable, the shell and sw.js no-cache, and falls back to index.html', async () => {
    const asset = await app.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    const sw = await app.request('/sw.js');
    expect(sw.headers.get('cache-control')).toBe('no-cache');
    const route = await app.request('/bid-history/main');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<title>app</title>');
    expect(route.headers.get('cache-control')).toBe('no-cache');
  });

  it('never serves files outside dist and never answers /api with the shell', async () => {
    expect((await app.request('/assets/missing.js')).status).toBe(404);
    expect((await app.request('/..%2f..%2fetc%2fpasswd')).status).not.toBe(500);
    const traversal = await app.request('/%2e%2e/%2e%2e/etc/passwd');
    expect(await traversal.text()).not.toContain('root:');
    const api = await app.request('/api/v1/nothing');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ status: false });
  });

  it('says how to build when dist/ is missing', async () => {
    const bare = createApp(t.deps, { mountStatic: mountStatic(join(dir, 'nope')) });
    const res = await bare.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('npm run build');
  });
});
