/**
 * The doctor's checks that need what a CLI run cannot set up: a CA of the test's own standing in
 * for a public one, a moved clock, a database a migration behind, a forwarder gone quiet; and the
 * way it reads a systemd unit's environment and hides secrets.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/bench/helpers.mjs';
import { clockCheck, databaseChecks, forwarderVerdict } from '../../server/cli/doctor/database-checks';
import {
  doctorSource,
  parseEnvironmentFile,
  unitEnvironment,
} from '../../server/cli/doctor/environment-source';
import { buildCheck, nodeCheck } from '../../server/cli/doctor/install-checks';
import { certificateCheck } from '../../server/cli/doctor/network-checks';
import { formatCheck } from '../../server/cli/doctor/report';
import { secretValues } from '../../server/cli/doctor/settings-checks';
import { backupCheck } from '../../server/cli/doctor/storage-checks';
import { migrate } from '../../server/db/migrate';
import { createPgliteDb } from '../../server/db/pglite';
import { loadEnv } from '../../server/env';
import { issuedBy, selfSigned } from './helpers/certificates';

const dir = mkdtempSync(join(tmpdir(), 'matka-doctor-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const DAY = 86_400_000;
const production = {
  NODE_ENV: 'production',
  OTP_SECRET: 'f'.repeat(40),
  SMS_PROVIDER: 'outbox',
  MONEY_MODE: 'points',
};

describe('the certificate check', () => {
  let ca = '';
  const servers: Server[] = [];
  /** A TLS server presenting `cert` and the CA above it; answers its https URL. */
  async function serving(c: { key: Buffer; cert: string }): Promise<string> {
    const server = createServer({ key: c.key, cert: `${c.cert}${ca}` }, (s) => s.end());
    servers.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `https://localhost:${(server.address() as AddressInfo).port}`;
  }
  beforeAll(() => {
    ca = readFileSync(selfSigned(dir, 'ca', '/O=Test Public CA/CN=Test Public Root', 3650).cert, 'utf8');
  });
  afterAll(() => {
    for (const s of servers) s.close();
  });

  it('is ok for a public certificate with weeks left, and fails it under 14 days or past its end', async () => {
    const url = await serving(issuedBy(dir, 'ca', 'localhost', 90));
    const opts = { publicRoots: [ca] };
    expect(await certificateCheck(url, opts)).toMatchObject({
      level: 'ok',
      says: expect.stringMatching(/^valid 89 days more/),
    });
    expect(await certificateCheck(url, { ...opts, now: Date.now() + 80 * DAY })).toMatchObject({
      level: 'fail',
      says: expect.stringMatching(/^9 days left .*renewal is failing/),
    });
    expect(await certificateCheck(url, { ...opts, now: Date.now() + 91 * DAY })).toMatchObject({
      level: 'fail',
      says: expect.stringMatching(/^not valid now/),
    });
  });

  it('warns about a local CA (not in the public store), fails another name and no answer', async () => {
    const url = await serving(issuedBy(dir, 'ca', 'localhost', 1));
    // The CA is not among Node's public roots: a local one, like Caddy's internal CA.
    expect(await certificateCheck(url)).toMatchObject({
      level: 'warn',
      says: expect.stringMatching(/^from a local CA \(Test Public CA\), \d+ hours left/),
    });
    const other = await serving(issuedBy(dir, 'ca', 'play.example.com', 90));
    expect(await certificateCheck(other, { publicRoots: [ca] })).toMatchObject({
      level: 'fail',
      says: 'not valid for localhost',
    });
    expect(await certificateCheck(`https://localhost:${await freePort()}`)).toMatchObject({ level: 'fail' });
  });
});

describe('the database checks', () => {
  it('fails a database a migration behind, and a forwarder never heard from', async () => {
    const dataDir = join(dir, 'db');
    const env = loadEnv({ ...production, DATA_DIR: dataDir });
    const db = await createPgliteDb({ dataDir });
    await migrate(db);
    await db.close();
    expect((await databaseChecks(env)).map((c) => c.level)).toEqual(['ok', 'ok', 'ok']);
    const again = await createPgliteDb({ dataDir });
    await again.query(
      'DELETE FROM schema_migrations WHERE version = (SELECT max(version) FROM schema_migrations)',
    );
    await again.close();
    const behind = await databaseChecks(env);
    expect(behind[0]).toMatchObject({
      level: 'fail',
      says: expect.stringMatching(/at migration \d+ of \d+$/),
    });
    const upi = loadEnv({
      ...production,
      DATA_DIR: dataDir,
      MONEY_MODE: 'real',
      PAYMENT_PROVIDER: 'upi',
      UPI_VPA: 'shop@okaxis',
      UPI_PAYEE_NAME: 'Shop',
      UPI_AUTO_MATCH: 'true',
      PAYMENT_NOTIFY_SECRET: 'n'.repeat(20),
    });
    expect((await databaseChecks(upi))[2]).toMatchObject({
      name: 'forwarder',
      level: 'fail',
      says: expect.stringMatching(/^never heard from/),
    });
  });

  it('fails a clock more than 2 s from the database, and a forwarder silent while deposits wait', async () => {
    const db = await createPgliteDb();
    try {
      expect((await clockCheck(db)).level).toBe('ok');
      expect(await clockCheck(db, () => Date.now() + 5000)).toMatchObject({
        level: 'fail',
        says: expect.stringMatching(/^-(49|50)\d\d ms from/),
      });
    } finally {
      await db.close();
    }
    const env = loadEnv(production);
    const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
    expect(forwarderVerdict(env, hourAgo, true)).toMatchObject({
      level: 'fail',
      says: expect.stringMatching(/^silent for 60 minutes/),
    });
    expect(forwarderVerdict(env, hourAgo, false).level).toBe('ok');
  });

  it('fails scheduled backups that are all older than a day', () => {
    const env = loadEnv({ ...production, BACKUP_DIR: dir, BACKUP_EVERY_HOURS: '24' });
    writeFileSync(join(dir, 'matka-20261101T000000000Z.sql.gz'), 'x');
    expect(backupCheck(env).level).toBe('ok');
    expect(backupCheck(env, Date.now() + 2 * DAY)).toMatchObject({
      level: 'fail',
      says: expect.stringMatching(/^newest is 4[78] hours old/),
    });
  });
});

describe('the install checks', () => {
  it('fails a Node older than package.json asks for', () => {
    expect(nodeCheck('22.12.0', '>=22.12').level).toBe('ok');
    expect(nodeCheck('23.1.0', '>=22.12').level).toBe('ok');
    expect(nodeCheck('22.11.9', '>=22.12')).toMatchObject({
      level: 'fail',
      says: 'v22.11.9, the app needs >=22.12',
    });
    expect(nodeCheck('20.19.0', '>=22.12').level).toBe('fail');
  });

  it('fails a build that is missing or older than its sources (a git pull without npm run build)', () => {
    const root = join(dir, 'app');
    for (const d of ['src', 'server', 'dist', 'dist-server']) mkdirSync(join(root, d), { recursive: true });
    const env = { DIST_DIR: join(root, 'dist') };
    expect(buildCheck(env, root)).toMatchObject({
      level: 'fail',
      says: `${join(root, 'dist/index.html')} is missing`,
    });
    writeFileSync(join(root, 'src/main.tsx'), 'old');
    writeFileSync(join(root, 'server/main.ts'), 'old');
    const past = (Date.now() - 60_000) / 1000;
    for (const f of ['src/main.tsx', 'server/main.ts', 'src', 'server'])
      utimesSync(join(root, f), past, past);
    writeFileSync(join(root, 'dist/index.html'), '<!doctype html>');
    writeFileSync(join(root, 'dist-server/main.js'), '');
    // Built 30 s ago: a source written now is newer even where the file system's clock is coarse
    // (written in the same tick, the two times could be equal, and equal is not older).
    const built = (Date.now() - 30_000) / 1000;
    for (const f of ['dist/index.html', 'dist-server/main.js']) utimesSync(join(root, f), built, built);
    expect(buildCheck(env, root).level).toBe('ok');
    writeFileSync(join(root, 'server/main.ts'), 'pulled');
    expect(buildCheck(env, root)).toMatchObject({
      level: 'fail',
      says: 'server (dist-server) older than the sources',
    });
  });
});

describe('what the doctor reads and what it prints', () => {
  it("reads a unit's environment as systemd composes it: Environment=, then its files", () => {
    const envFile = join(dir, 'matka.env');
    writeFileSync(
      envFile,
      '# settings\nOTP_SECRET="quoted value"\n; a comment\nDATA_DIR=/srv/data\nexport PORT=9000\n',
    );
    const unit = join(dir, 'matka.service');
    writeFileSync(
      unit,
      `[Service]\nEnvironment=NODE_ENV=production\nEnvironment=DATA_DIR=/var/lib/matka/data "HOST=127.0.0.1"\nEnvironmentFile=${envFile}\nEnvironmentFile=-/nowhere/optional.env\n`,
    );
    expect(unitEnvironment(unit).source).toEqual({
      NODE_ENV: 'production',
      DATA_DIR: '/srv/data',
      HOST: '127.0.0.1',
      OTP_SECRET: 'quoted value',
      PORT: '9000',
    });
    expect(parseEnvironmentFile('A=1\\\n2\nB=\n')).toEqual({ A: '12', B: '' });
    writeFileSync(unit, `[Service]\nEnvironmentFile=/nowhere/required.env\n`);
    expect(() => unitEnvironment(unit)).toThrow(/cannot read \/nowhere\/required\.env/);
    expect(() => doctorSource(['--what'])).toThrow(/^Usage: npm run doctor/);
    expect(doctorSource([], { PORT: '1' }).source).toEqual({ NODE_ENV: 'production', PORT: '1' });
  });

  it('hides every secret value, a database password and a key in a gateway URL, whatever a line quotes', () => {
    const secrets = secretValues({
      OTP_SECRET: 'otp-secret-value-1234',
      DATABASE_URL: 'postgres://u:p%40ss-word@db/x',
      SMS_HTTP_URL: 'https://sms.example/send?key=K3Y&to={phone}&text={text}',
    });
    const line = formatCheck(
      {
        name: 'x',
        level: 'fail',
        says: 'otp-secret-value-1234 p@ss-word https://sms.example/send?key=K3Y&to={phone}&text={text}',
      },
      secrets,
    );
    expect(line).toBe('fail  x: [hidden] [hidden] [hidden]');
  });
});
