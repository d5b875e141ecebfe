import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { CHANGE_CHANNEL, ChangeFeed } from './change-feed';
import { OID, parseDate, parseInt8, parseNumeric } from './type-parsers';
import type { Db, Queryable, QueryResult } from './types';

const parsers = { [OID.INT8]: parseInt8, [OID.NUMERIC]: parseNumeric, [OID.DATE]: parseDate };

/** Where the data directory's lock lives: next to it, so PGlite's own directory stays untouched. */
export function lockPathFor(dataDir: string): string {
  return `${resolve(dataDir)}.lock`;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite is single-process: two servers on one directory corrupt it. A lock file holding our pid
 * refuses a second opener; a lock left by a dead process is taken over.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockPath = lockPathFor(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(lockPath, { force: true });
      // A process that exits without closing the database still leaves no lock behind.
      process.once('exit', release);
      return () => {
        process.off('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && processAlive(pid)) {
        throw new Error(
          `DATA_DIR ${resolve(dataDir)} is in use by process ${pid} (lock file ${lockPath}). ` +
            'Stop that server or point DATA_DIR elsewhere.',
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}

function wrap(q: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      const r = await q.query<T>(sql, params as unknown[]);
      return { rows: r.rows, rowCount: r.affectedRows ?? r.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  };
}

export interface PgliteOptions {
  /** A directory on disk; omitted means in memory. */
  dataDir?: string;
  /** A dump from dumpDataDir to start from (tests). */
  loadDataDir?: Blob;
}

export async function createPgliteDb(options: PgliteOptions = {}): Promise<Db & { pglite: PGlite }> {
  let release = () => {};
  if (options.dataDir) {
    if (!existsSync(options.dataDir)) mkdirSync(join(options.dataDir, '..'), { recursive: true });
    release = acquireDataDirLock(options.dataDir);
  }
  let pglite: PGlite;
  try {
    pglite = await PGlite.create({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, parsers });
  } catch (error) {
    release();
    throw error;
  }
  const base = wrap(pglite);
  // One process, one connection: every change arrives here, before its COMMIT returns.
  const changes = new ChangeFeed(true);
  await pglite.listen(CHANGE_CHANNEL, (payload) => changes.receive(payload));
  return {
    kind: 'pglite',
    pglite,
    changes,
    query: base.query,
    exec: base.exec,
    // PGlite has one connection: transactions already run one at a time, so isolation and
    // retries change nothing here.
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    async close() {
      await pglite.close();
      release();
    },
  };
}
