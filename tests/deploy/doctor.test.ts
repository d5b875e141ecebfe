/**
 * `npm run doctor` on broken production environments (issue 47): every fail the command can print
 * from settings, files and the network, each named on its own line with what to do, exit 1, and no
 * secret value anywhere in what it prints. (The fails that need a clock or a CA of the test's own
 * are in doctor-checks.test.ts; the complete install behind Caddy, all ok, in proxies.test.ts.)
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/bench/helpers.mjs';
import { type DoctorRun, runDoctor } from './helpers/doctor';

const dir = mkdtempSync(join(tmpdir(), 'matka-doctor-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The fail lines by name. `build` depends on how fresh this checkout's build is: it has its own
 * test (doctor-checks.test.ts).
 */
function fails(run: DoctorRun): string[] {
  return run.checks.filter((c) => c.level === 'fail' && c.name !== 'build').map((c) => c.name);
}

function expectNoSecret(run: DoctorRun, secrets: string[]) {
  for (const s of secrets) expect(run.output, 'a secret was printed').not.toContain(s);
}

describe('npm run doctor on a broken environment', () => {
  it('names each setting production refuses, as the server itself would', () => {
    const run = runDoctor({});
    expect(fails(run)).toEqual(['OTP_SECRET', 'SMS_PROVIDER', 'MONEY_MODE', 'PAYMENT_PROVIDER']);
    expect(run.output).toMatch(/^1 ok, 0 warn, 4 fail$/m);
    expect(run.code).toBe(1);
  });

  it('names each setting the schema refuses, and each that needs another one', () => {
    const invalid = runDoctor({ PORT: '99999', MONEY_MODE: 'cash', UPI_VPA: 'not a vpa' });
    expect(fails(invalid)).toEqual(expect.arrayContaining(['PORT', 'MONEY_MODE', 'UPI_VPA']));
    const missing = runDoctor({
      OTP_SECRET: 'x'.repeat(40),
      MONEY_MODE: 'real',
      PAYMENT_PROVIDER: 'upi',
      UPI_AUTO_MATCH: 'true',
      SMS_PROVIDER: 'http',
      ADMIN_USERNAME: 'owner',
    });
    expect(fails(missing)).toEqual(
      expect.arrayContaining([
        'UPI_VPA',
        'UPI_PAYEE_NAME',
        'PAYMENT_NOTIFY_SECRET',
        'SMS_HTTP_URL',
        'ADMIN_USERNAME/ADMIN_PASSWORD',
      ]),
    );
    for (const run of [invalid, missing]) expect(run.code).toBe(1);
  });

  it('fails weak secrets, an exposed server, an unreachable proxy and database, folders, SMS and Firebase', async () => {
    const closed = await freePort();
    const settings = {
      NODE_ENV: 'production',
      OTP_SECRET: 'abcdefghijklmnopqrst',
      ADMIN_USERNAME: 'owner',
      ADMIN_PASSWORD: 'password1',
      METRICS_TOKEN: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
      MONEY_MODE: 'points',
      HOST: '0.0.0.0',
      TRUST_PROXY: '1',
      PUBLIC_URL: `https://localhost:${closed}`,
      DATABASE_URL: `postgres://matka:db-Pass-3xq9@127.0.0.1:${closed}/matka`,
      BACKUP_DIR: '/proc/sys/matka-backups',
      BACKUP_EVERY_HOURS: '24',
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: 'https://sms.example.com/send?key=SMSKEY-7f3a9&to=9999&text={text}',
      FIREBASE_SERVICE_ACCOUNT:
        '{"type":"service_account","project_id":"p","client_email":"e@p","private_key":"no-key"}',
    };
    const run = runDoctor(settings);
    expect(fails(run)).toEqual([
      'ADMIN_PASSWORD',
      'OTP_SECRET',
      'METRICS_TOKEN',
      'HOST',
      'proxy',
      'certificate',
      'database',
      'BACKUP_DIR',
      'backups',
      'SMS',
      'Firebase',
    ]);
    // Every fail says what to do.
    for (const c of run.checks.filter((x) => x.level === 'fail')) expect(c.line).toMatch(/\. Do: \S/);
    expect(run.checks.find((c) => c.name === 'clock')?.level).toBe('warn');
    expect(run.code).toBe(1);
    expectNoSecret(run, [
      'abcdefghijklmnopqrst',
      'password1',
      'aaaaaaaaaaaaaaaa',
      'db-Pass-3xq9',
      'SMSKEY-7f3a9',
      'no-key',
    ]);
  }, 120_000);

  it('fails a server that trusts no proxy, a data folder that is a file, an old backup, a non-key, a silent server', () => {
    const backups = join(dir, 'backups');
    mkdirSync(backups);
    const old = join(backups, 'matka-20260101T000000000Z.sql.gz');
    writeFileSync(old, 'x');
    const twoDaysAgo = (Date.now() - 2 * 86_400_000) / 1000;
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    const notAFolder = join(dir, 'a-file');
    writeFileSync(notAFolder, '');
    const base = { OTP_SECRET: 'c3f0e9a8b7d6'.repeat(4), MONEY_MODE: 'points', SMS_PROVIDER: 'outbox' };
    const run = runDoctor({
      ...base,
      TRUST_PROXY: '0',
      PUBLIC_URL: 'http://play.example.com',
      DATA_DIR: notAFolder,
      BACKUP_DIR: backups,
      BACKUP_EVERY_HOURS: '24',
      FIREBASE_SERVICE_ACCOUNT: '{"type":"authorized_user"}',
    });
    expect(fails(run)).toEqual(['PUBLIC_URL', 'TRUST_PROXY', 'database', 'DATA_DIR', 'backups', 'Firebase']);
    expect(run.checks.find((c) => c.name === 'SMS')?.level).toBe('warn');

    // PGlite held by a live process (this test's) that does not answer on HOST:PORT; a forwarder
    // to ask about; and a Firebase value that is not JSON.
    const data = join(dir, 'data');
    mkdirSync(data);
    writeFileSync(`${data}.lock`, String(process.pid));
    const heldByServer = {
      ...base,
      TRUST_PROXY: '1',
      HOST: '127.0.0.1',
      PORT: '9',
      DATA_DIR: data,
      MONEY_MODE: 'real',
      PAYMENT_PROVIDER: 'upi',
      UPI_VPA: 'shop@okaxis',
      UPI_PAYEE_NAME: 'Shop',
      UPI_AUTO_MATCH: 'true',
      PAYMENT_NOTIFY_SECRET: 'n0t1fy-s3cret-abcdefghijklmnopqrstuvwxyz',
    };
    const held = runDoctor({ ...heldByServer, FIREBASE_SERVICE_ACCOUNT: '{not json' });
    expect(fails(held)).toEqual(expect.arrayContaining(['database', 'Firebase']));
    expect(held.checks.find((c) => c.name === 'forwarder')?.level).toBe('warn');
    const metrics = runDoctor({ ...heldByServer, METRICS_TOKEN: 'm3tr1cs-t0ken-abcdefghijklmnopqrstuvwxyz' });
    expect(metrics.checks.find((c) => c.name === 'forwarder')?.level).toBe('fail');
    expectNoSecret(metrics, ['n0t1fy-s3cret', 'm3tr1cs-t0ken', 'c3f0e9a8b7d6']);
  }, 120_000);
});
