import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PGlite, Transaction } from '@electric-sql/pglite';
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

/**
 * PGlite's memory is one WebAssembly heap that grows and never shrinks, so its size is set here:
 * the stock 128 MB of shared buffers alone kept a started server near 300 MB and past 800 MB under
 * load. The files themselves stay cached by the operating system, outside the process.
 */
export const PGLITE_CONF = [
  'shared_buffers = 16MB',
  'temp_buffers = 4MB',
  'wal_buffers = 1MB',
  'work_mem = 4MB',
  'maintenance_work_mem = 16MB',
];

/**
 * The first start of a data directory runs initdb, whose WebAssembly instance left ~400 MB in the
 * server process for good. It runs in a short-lived child process instead, which exits and gives
 * that memory back; the server then opens the ready directory like any restart.
 */
function initDataDirApart(dataDir: string): void {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const pglite = import.meta.resolve('@electric-sql/pglite');
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
    const db = await PGlite.create({ dataDir: ${JSON.stringify(resolve(dataDir))}, postgresqlconf: ${JSON.stringify(PGLITE_CONF)} });
    await db.close();`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  if (r.status !== 0) {
    throw new Error(`Could not create the PGlite data directory ${resolve(dataDir)}: ${r.stderr || r.error}`);
  }
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
    if (options.dataDir && !options.loadDataDir) initDataDirApart(options.dataDir);
    // Imported here, not at the top: a server on PostgreSQL never loads the package (its code
    // would sit in every process's heap for nothing; see docs/performance.md "Memory").
    const { PGlite } = await import('@electric-sql/pglite');
    pglite = await PGlite.create({
      dataDir: options.dataDir,
      loadDataDir: options.loadDataDir,
      parsers,
      postgresqlconf: PGLITE_CONF,
    });
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
