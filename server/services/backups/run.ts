import { existsSync, readdirSync, rmSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import type { Backup, BackupRun, BackupSchedule } from '../../../src/contracts/backups';
import { BACKUP_NAME_RE, backupFileName } from '../../db/backup/format';
import { backupKey } from '../../db/backup/seal';
import { openBackupSource } from '../../db/backup/source';
import { BackupWriter } from '../../db/backup/writer';
import {
  type BackupRunRow,
  beyondNewest,
  deleteRun,
  failInterrupted,
  failRun,
  finishRun,
  insertRun,
  lastRun,
  listDone,
  runningRun,
} from '../../db/repositories/backup-runs';
import type { Deps } from '../../deps';
import { conflict, unavailable } from '../errors';

const HOUR_MS = 3_600_000;
/** A scheduled backup that failed is tried again after this, not at every tick. */
const RETRY_FAILED_MS = 15 * 60_000;
/** The schedule counts as missed once the newest backup is this much older than the interval. */
const OVERDUE_GRACE_MS = 15 * 60_000;

export const BACKUP_BUSY = 'A backup is already running. Try again when it has finished.';

function host(): string {
  return hostname();
}

function toBackup(r: BackupRunRow, dir: string): Backup {
  const file = r.file as string;
  return {
    _id: r.id,
    file,
    bytes: Number(r.bytes),
    sha256: r.sha256 as string,
    createdAt: r.started_at.toISOString(),
    trigger: r.trigger,
    host: r.host,
    present: r.host === host() && existsSync(join(dir, file)),
  };
}

function toRun(r: BackupRunRow | null): BackupRun | null {
  if (!r) return null;
  return {
    _id: r.id,
    trigger: r.trigger,
    status: r.status,
    file: r.file,
    error: r.error,
    startedAt: r.started_at.toISOString(),
    finishedAt: r.finished_at ? r.finished_at.toISOString() : null,
  };
}

/** Files a backup that stopped half-way left behind (only ever called under the backup lock). */
function removeLeftovers(dir: string) {
  for (const f of readdirSync(dir)) {
    if (f.startsWith('.staging-') || (f.endsWith('.partial') && BACKUP_NAME_RE.test(f.slice(0, -8)))) {
      rmSync(join(dir, f), { recursive: true, force: true });
    }
  }
}

export interface RunOptions {
  trigger: 'manual' | 'scheduled';
  requestedBy?: string | null;
  /** Scheduled runs: checked again under the lock, so two processes never write the same slot. */
  stillDue?: () => Promise<boolean>;
  signal?: AbortSignal;
}

/**
 * Writes one backup of the whole database into BACKUP_DIR while the server keeps serving, and
 * records the attempt. Throws conflict while another backup runs (any process), and unavailable
 * when the backup itself fails (the attempt is recorded with its reason; no partial file stays).
 * Answers null when a scheduled run turned out not to be due once the lock was taken.
 */
export async function runBackup(deps: Deps, options: RunOptions): Promise<Backup | null> {
  const dir = resolve(deps.env.BACKUP_DIR);
  const source = await openBackupSource(deps.db);
  if (!source) throw conflict(BACKUP_BUSY);
  try {
    if (options.stillDue && !(await options.stillDue())) return null;
    await failInterrupted(deps.db);
    const run = await insertRun(deps.db, {
      trigger: options.trigger,
      host: host(),
      requestedBy: options.requestedBy ?? null,
      startedAt: await deps.clock.now(),
    });
    const started = performance.now();
    let writer: BackupWriter | null = null;
    try {
      await mkdir(dir, { recursive: true });
      removeLeftovers(dir);
      writer = new BackupWriter(join(dir, backupFileName(run.started_at)));
      const { rows } = await source.dump(writer, join(dir, `.staging-${run.id}`), options.signal);
      const { bytes, sha256 } = await writer.finish({ rows, sequences: {} }, backupKey(deps.env));
      const done = await finishRun(deps.db, run.id, { file: backupFileName(run.started_at), bytes, sha256 });
      deps.logger.info('backup written', {
        file: done.file,
        bytes,
        trigger: options.trigger,
        rows: Object.values(rows).reduce((a, b) => a + b, 0),
        ms: Math.round(performance.now() - started),
      });
      return toBackup(done, dir);
    } catch (error) {
      writer?.abort();
      const message = (error as Error).message;
      await failRun(deps.db, run.id, message).catch(() => {});
      deps.logger.error('backup failed', { trigger: options.trigger, error: message });
      throw unavailable(`The backup failed: ${message}`);
    }
  } finally {
    await source.release();
  }
}

export async function listBackups(deps: Deps): Promise<Backup[]> {
  const dir = resolve(deps.env.BACKUP_DIR);
  return (await listDone(deps.db, 200)).map((r) => toBackup(r, dir));
}

/** Whether a scheduled backup is due at `now` (the database's clock). */
export async function scheduledBackupDue(deps: Deps, now: Date): Promise<boolean> {
  const hours = deps.env.BACKUP_EVERY_HOURS;
  if (!hours) return false;
  const lastDone = await lastRun(deps.db, 'scheduled', 'done');
  if (lastDone && now.getTime() - lastDone.started_at.getTime() < hours * HOUR_MS) return false;
  const lastTry = await lastRun(deps.db, 'scheduled', null);
  if (
    lastTry &&
    lastTry.status === 'failed' &&
    now.getTime() - lastTry.started_at.getTime() < RETRY_FAILED_MS
  )
    return false;
  return lastTry?.status !== 'running';
}

/** Deletes this machine's finished backups beyond the newest BACKUP_KEEP (files and records). */
export async function pruneBackups(deps: Deps): Promise<string[]> {
  const dir = resolve(deps.env.BACKUP_DIR);
  const removed: string[] = [];
  for (const r of await beyondNewest(deps.db, host(), deps.env.BACKUP_KEEP)) {
    if (r.file && BACKUP_NAME_RE.test(r.file)) {
      rmSync(join(dir, r.file), { force: true });
      rmSync(join(dir, `${r.file}.sha256`), { force: true });
      removed.push(r.file);
    }
    await deleteRun(deps.db, r.id);
  }
  return removed;
}

export async function backupSchedule(deps: Deps): Promise<BackupSchedule> {
  const now = await deps.clock.now();
  const hours = deps.env.BACKUP_EVERY_HOURS ?? null;
  const lastDone = await lastRun(deps.db, null, 'done');
  const running = await runningRun(deps.db);
  // A backup under way is not "behind"; a missed slot or a failed try is.
  const overdue =
    hours !== null &&
    running === null &&
    (!lastDone || now.getTime() - lastDone.started_at.getTime() > hours * HOUR_MS + OVERDUE_GRACE_MS);
  return {
    everyHours: hours,
    keep: deps.env.BACKUP_KEEP,
    dir: resolve(deps.env.BACKUP_DIR),
    running: toRun(running),
    lastScheduled: toRun(await lastRun(deps.db, 'scheduled', null)),
    lastBackupAt: lastDone ? lastDone.started_at.toISOString() : null,
    overdue,
  };
}
