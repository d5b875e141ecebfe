import type { Deps } from '../../deps';
import { ServiceError } from '../errors';
import { periodic } from '../periodic';
import { pruneBackups, runBackup, scheduledBackupDue } from './run';

const CHECK_EVERY_MS = 60_000;

/**
 * With BACKUP_EVERY_HOURS set, every process checks each minute whether a scheduled backup is
 * due (by the database's records, so a restart changes nothing); the one that takes the backup
 * lock checks again and writes it, the others find it busy or no longer due. Then it deletes this
 * machine's backups beyond BACKUP_KEEP. Stopping aborts a backup in flight (its partial file goes).
 */
export function startBackupScheduler(deps: Deps): () => Promise<void> {
  if (!deps.env.BACKUP_EVERY_HOURS) return async () => {};
  const abort = new AbortController();
  const stop = periodic(deps.logger, 'backup schedule', CHECK_EVERY_MS, () =>
    scheduledTick(deps, abort.signal),
  );
  return async () => {
    abort.abort();
    await stop();
  };
}

/** One check of the schedule; answers the file written, if any. */
export async function scheduledTick(deps: Deps, signal?: AbortSignal): Promise<string | null> {
  if (!(await scheduledBackupDue(deps, await deps.clock.now()))) return null;
  try {
    const backup = await runBackup(deps, {
      trigger: 'scheduled',
      signal,
      stillDue: async () => scheduledBackupDue(deps, await deps.clock.now()),
    });
    if (!backup) return null;
    const removed = await pruneBackups(deps);
    if (removed.length > 0) deps.logger.info('old backups removed', { files: removed });
    return backup.file;
  } catch (error) {
    // Another process is writing it, or the failure is recorded for the console already.
    if (error instanceof ServiceError) return null;
    throw error;
  }
}
