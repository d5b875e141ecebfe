/**
 * Backups through the API on the test database (PGlite in memory, or PostgreSQL with TEST_DB=pg):
 * an owner writes one, it lists, it restores into an empty PGlite directory (and an empty
 * PostgreSQL database) with every row; a changed or cut file, a non-empty target and a newer
 * schema are refused; the schedule writes once per interval and keeps BACKUP_KEEP.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupFileError, readBackup } from '../../../server/db/backup/format';
import { migrationsFor, restoreIntoPglite } from '../../../server/db/backup/restore';
import { backupKey } from '../../../server/db/backup/seal';
import { createPgliteDb } from '../../../server/db/pglite';
import type { Queryable } from '../../../server/db/types';
import { scheduledTick } from '../../../server/services/backups/worker';
import { createAdmin, createPlayer } from '../helpers/fixtures';
import { createTestContext, type TestContext } from '../helpers/test-app';
import { usingPostgres } from '../helpers/test-db';

const NOW = new Date('2026-11-20T06:30:00Z');
let t: TestContext;
let owner: { token: string };
let dir: string;

async function counts(q: Queryable): Promise<Record<string, number>> {
  const tables = await q.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class WHERE relkind = 'r' AND relnamespace = 'public'::regnamespace
      AND relname NOT IN ('schema_migrations', 'schema_functions', 'backup_runs') ORDER BY relname`,
  );
  const out: Record<string, number> = {};
  for (const { name } of tables.rows) {
    out[name] = Number((await q.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${name}`)).rows[0]?.n);
  }
  return out;
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'matka-backups-'));
  t = await createTestContext({
    now: NOW,
    env: { BACKUP_DIR: join(dir, 'backups'), BACKUP_EVERY_HOURS: '1', BACKUP_KEEP: '2' },
  });
  owner = await createAdmin(t);
  for (let i = 0; i < 5; i++)
    await createPlayer(t, { balance: 100 + i, name: `Player\t${i}\nwith "odd" \\ text` });
  await t.db
    .query(`INSERT INTO audit_log (route, method, status) VALUES ('/x', 'POST', 200)`)
    .catch(() => {});
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

let written: { file: string; sha256: string; bytes: number };

describe('POST /admin/backups', () => {
  it('writes one file with its sha256 and lists it; staff are refused', async () => {
    const staff = await createAdmin(t, undefined, 'staff');
    expect((await t.request('POST', '/api/v1/admin/backups', { token: staff.token })).status).toBe(403);
    const res = await t.request('POST', '/api/v1/admin/backups', { token: owner.token });
    expect(res.status).toBe(201);
    written = res.body.data;
    expect(written.file).toMatch(/^matka-\d{8}T\d{9}Z\.sql\.gz$/);
    const path = join(dir, 'backups', written.file);
    const bytes = readFileSync(path);
    expect(bytes.length).toBe(written.bytes);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(written.sha256);
    expect(readFileSync(`${path}.sha256`, 'utf8')).toBe(`${written.sha256}  ${written.file}\n`);
    expect(
      readdirSync(join(dir, 'backups')).filter((f) => f.includes('partial') || f.startsWith('.')),
    ).toEqual([]);
    const list = await t.request('GET', '/api/v1/admin/backups', { token: owner.token });
    expect(list.body.data[0]).toMatchObject({ file: written.file, sha256: written.sha256, present: true });
  });

  it('restores into an empty PGlite directory with every row, and refuses it once it is not empty', async () => {
    const target = join(dir, 'restored');
    const report = await restoreIntoPglite(join(dir, 'backups', written.file), target, backupKey(t.env));
    expect(report.source).toBe(usingPostgres() ? 'pg' : 'pglite');
    const db = await createPgliteDb({ dataDir: target });
    try {
      expect(await counts(db)).toEqual(await counts(t.db));
      const names = await db.query<{ name: string }>(
        `SELECT name FROM users WHERE name LIKE 'Player%' ORDER BY name`,
      );
      expect(names.rows[0]?.name).toBe('Player\t0\nwith "odd" \\ text');
      const balances = `SELECT phone, balance_paise FROM users ORDER BY phone`;
      expect((await db.query(balances)).rows).toEqual((await t.db.query(balances)).rows);
    } finally {
      await db.close();
    }
    await expect(
      restoreIntoPglite(join(dir, 'backups', written.file), target, backupKey(t.env)),
    ).rejects.toThrow(/is not empty/);
  });

  it('refuses a changed file, a cut file and a backup from a newer schema, writing nothing', async () => {
    const path = join(dir, 'backups', written.file);
    const bytes = readFileSync(path);
    const changed = join(dir, 'changed.sql.gz');
    const flipped = Buffer.from(bytes);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = (flipped[middle] as number) ^ 0xff;
    writeFileSync(changed, flipped);
    writeFileSync(`${changed}.sha256`, readFileSync(`${path}.sha256`));
    await expect(readBackup(changed, backupKey(t.env))).rejects.toThrow(BackupFileError);
    await expect(restoreIntoPglite(changed, join(dir, 'never'), backupKey(t.env))).rejects.toThrow(
      /checksum|damaged/,
    );
    expect(existsSync(join(dir, 'never'))).toBe(false);
    // Without the .sha256 beside it the content's own checksum still catches a change.
    rmSync(`${changed}.sha256`);
    await expect(readBackup(changed, backupKey(t.env))).rejects.toThrow(BackupFileError);
    const cut = join(dir, 'cut.sql.gz');
    writeFileSync(cut, bytes.subarray(0, bytes.length - 40));
    await expect(readBackup(cut, backupKey(t.env))).rejects.toThrow(/cut short|incomplete|damaged/);
    const { header } = await readBackup(path, backupKey(t.env));
    expect(() =>
      migrationsFor({
        ...header,
        migrations: [...header.migrations, { version: 999, name: '999-later.sql' }],
      }),
    ).toThrow(/newer version/);
  });
});

describe('the schedule', () => {
  it('writes one backup per interval, keeps BACKUP_KEEP and says when it is overdue', async () => {
    const first = await scheduledTick(t.deps);
    expect(first).toMatch(/^matka-/);
    t.clock.advance(10 * 60_000);
    expect(await scheduledTick(t.deps)).toBeNull();
    const schedule = await t.request('GET', '/api/v1/admin/backups/schedule', { token: owner.token });
    expect(schedule.body.data).toMatchObject({ everyHours: 1, keep: 2, overdue: false, running: null });
    expect(schedule.body.data.lastScheduled).toMatchObject({ status: 'done', file: first });
    t.clock.advance(51 * 60_000);
    const second = await scheduledTick(t.deps);
    expect(second).not.toBe(first);
    t.clock.advance(61 * 60_000);
    await scheduledTick(t.deps);
    const files = readdirSync(join(dir, 'backups')).filter((f) => f.endsWith('.sql.gz'));
    expect(files).toHaveLength(2);
    expect(files).not.toContain(first);
    const list = await t.request('GET', '/api/v1/admin/backups', { token: owner.token });
    expect(list.body.data).toHaveLength(2);
    t.clock.advance(3 * 60 * 60_000);
    const late = await t.request('GET', '/api/v1/admin/backups/schedule', { token: owner.token });
    expect(late.body.data.overdue).toBe(true);
  });

  it('records a failed scheduled backup with its reason and tries again later, not at once', async () => {
    mkdirSync(join(dir, 'blocked'));
    writeFileSync(join(dir, 'blocked', 'backups'), 'a file where the directory should be');
    const blocked = { ...t.deps, env: { ...t.deps.env, BACKUP_DIR: join(dir, 'blocked', 'backups') } };
    expect(await scheduledTick(blocked)).toBeNull();
    const schedule = await t.request('GET', '/api/v1/admin/backups/schedule', { token: owner.token });
    expect(schedule.body.data.lastScheduled).toMatchObject({ status: 'failed' });
    expect(schedule.body.data.lastScheduled.error).toMatch(/EEXIST|ENOTDIR|exists/);
    t.clock.advance(60_000);
    expect(await scheduledTick(t.deps)).toBeNull();
    t.clock.advance(15 * 60_000);
    expect(await scheduledTick(t.deps)).toMatch(/^matka-/);
  });
});
