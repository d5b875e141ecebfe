/**
 * The one way a service takes a backup of the database it runs on, without knowing the driver:
 * `openBackupSource(db)` answers null while another backup runs (on PostgreSQL, in any process:
 * a session lock on the backup's own connection, gone if that process dies), else a source whose
 * `dump` writes one consistent file and whose `release` frees the lock.
 */

import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../types';
import { backupConnection, dumpPglite, dumpPostgres, tryBackupLock } from './dump';
import type { BackupWriter } from './writer';

export interface BackupSource {
  dump(
    writer: BackupWriter,
    staging: string,
    signal?: AbortSignal,
  ): Promise<{ rows: Record<string, number>; sequences: Record<string, { value: number; called: boolean }> }>;
  release(): Promise<void>;
}

/** PGlite serves one process (its DATA_DIR lock), so a flag per database is enough there. */
const pgliteBusy = new WeakSet<object>();

export async function openBackupSource(db: Db): Promise<BackupSource | null> {
  if (db.kind === 'pg') {
    const pool = (db as Db & { pool: pg.Pool }).pool;
    const url = (pool as unknown as { options: { connectionString: string } }).options.connectionString;
    const client = await backupConnection(url);
    if (!(await tryBackupLock(client))) {
      await client.end().catch(() => {});
      return null;
    }
    return {
      dump: (writer, _staging, signal) => dumpPostgres(client, writer, signal),
      release: () => client.end().catch(() => {}),
    };
  }
  const pglite = (db as Db & { pglite: PGlite }).pglite;
  if (pgliteBusy.has(pglite)) return null;
  pgliteBusy.add(pglite);
  return {
    dump: (writer, staging, signal) =>
      dumpPglite(
        {
          query: db.query,
          dataDir: pglite.dataDir,
          dumpDataDir: async () => (await pglite.dumpDataDir('none')) as Blob,
        },
        writer,
        staging,
        signal,
      ),
    release: async () => {
      pgliteBusy.delete(pglite);
    },
  };
}
