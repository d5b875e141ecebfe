/**
 * Writing a backup of a running database, consistent as of one moment, without stopping it.
 *
 * PostgreSQL: one connection, one REPEATABLE READ READ ONLY transaction (what pg_dump does): every
 * table is read by `COPY ... TO STDOUT` in the same snapshot, so the file holds exactly the
 * transactions committed when its first statement ran, and nothing later. Writers are never
 * blocked (a snapshot takes no row lock); rows stream to the file through gzip with back-pressure.
 *
 * PGlite: one connection in the server process, so a long read would hold every request up. The
 * backup is taken the way PostgreSQL's own base backups are: `pg_backup_start` (a checkpoint),
 * the data directory copied file by file while the server keeps writing, `pg_backup_stop`, then
 * the write-ahead log. The copy is opened apart (a worker thread), where PostgreSQL's recovery
 * replays the log from the checkpoint to its end: a state some moment after the backup began, as
 * consistent as after a crash. It is read there, table by table in ranges of blocks, into the
 * same file format. An in-memory database (tests) is copied with dumpDataDir between queries.
 */
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { PGLITE_CONF } from '../pglite';
import type { Queryable } from '../types';
import {
  appliedMigrations,
  listSequences,
  listTables,
  sequenceValue,
  serverVersion,
  type TableInfo,
  tableBlocks,
} from './catalog';
import { BACKUP_FORMAT, copyLine, countLines } from './format';
import { openPgliteWorker } from './pglite-worker';
import type { BackupWriter } from './writer';

/** Blocks of heap (8 kB each) one COPY of a PGlite copy reads: 4 MB. */
const BLOCKS_PER_CHUNK = 512;

interface SnapshotReader {
  source: 'pglite' | 'pg';
  q: Queryable;
  /** Streams a table's rows in COPY text format to `write`; answers the row count. */
  copyTable(table: TableInfo, write: (chunk: Buffer) => Promise<void>): Promise<number>;
}

function checkAborted(signal?: AbortSignal) {
  if (signal?.aborted) throw new Error('the backup was stopped (the server is shutting down)');
}

/** The whole file from one consistent reader. */
async function writeSnapshot(reader: SnapshotReader, writer: BackupWriter, signal?: AbortSignal) {
  const migrations = await appliedMigrations(reader.q);
  const tables = await listTables(reader.q);
  await writer.writeHeader({
    format: BACKUP_FORMAT,
    app: 'matka-pwa',
    createdAt: new Date().toISOString(),
    source: reader.source,
    serverVersion: await serverVersion(reader.q),
    migrations,
    tables: tables.map((t) => ({ name: t.name, columns: t.columns })),
  });
  const rows: Record<string, number> = {};
  for (const t of tables) {
    checkAborted(signal);
    await writer.write(`${copyLine(t.name, t.columns, 'FROM stdin')};\n`);
    rows[t.name] = await reader.copyTable(t, (chunk) => writer.write(chunk));
    await writer.write('\\.\n\n');
  }
  // Read after the rows: a sequence never goes back, so each is at least what the rows used.
  const sequences: Record<string, { value: number; called: boolean }> = {};
  for (const s of await listSequences(reader.q)) {
    const v = await sequenceValue(reader.q, s);
    sequences[s] = v;
    await writer.write(`SELECT pg_catalog.setval('public.${s}', ${v.value}, ${v.called});\n`);
  }
  await writer.write('\n');
  return { rows, sequences };
}

function clientQueryable(client: pg.Client): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const r = await client.query(sql, params as unknown[]);
      return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
    },
    async exec(sql: string) {
      await client.query(sql);
    },
  };
}

/** A connection of its own (no statement timeout: a large table may take minutes to read). */
export async function backupConnection(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: 'matka-backup' });
  client.on('error', () => {});
  await client.connect();
  await client.query(
    "SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0; SET DateStyle = 'ISO'; " +
      "SET IntervalStyle = 'postgres'; SET TimeZone = 'UTC'; SET extra_float_digits = 3",
  );
  return client;
}

/** Only one backup runs at a time across every process on the database (session lock). */
const BACKUP_LOCK_KEY = 727_431_037;

export async function tryBackupLock(client: pg.Client): Promise<boolean> {
  const r = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [BACKUP_LOCK_KEY]);
  return r.rows[0]?.ok === true;
}

export async function dumpPostgres(client: pg.Client, writer: BackupWriter, signal?: AbortSignal) {
  // Loaded by the first backup, not at start: a rare path costs no memory until it runs.
  const { to: copyTo } = await import('pg-copy-streams');
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  try {
    const reader: SnapshotReader = {
      source: 'pg',
      q: clientQueryable(client),
      async copyTable(t, write) {
        const stream = client.query(copyTo(`${copyLine(t.name, t.columns, 'TO STDOUT')}`));
        let rows = 0;
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          rows += countLines(chunk);
          await write(chunk);
          if (signal?.aborted) stream.destroy(new Error('the backup was stopped'));
        }
        return rows;
      },
    };
    const result = await writeSnapshot(reader, writer, signal);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
}

/** What pg_backup_start needs from the server's PGlite: its connection and its directory. */
export interface LivePglite {
  query: Queryable['query'];
  dataDir: string | undefined;
  dumpDataDir(): Promise<Blob>;
}

/** Files PostgreSQL itself leaves out of a base backup. */
const SKIP = new Set(['pg_wal', 'postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map']);

async function copyLiveDirectory(live: LivePglite, dataDir: string, staging: string, label: string) {
  await live.query('SELECT pg_backup_start($1, true)', [label]);
  let labelFile: string;
  try {
    for (const entry of await readdir(dataDir)) {
      if (SKIP.has(entry)) continue;
      await cp(join(dataDir, entry), join(staging, entry), { recursive: true, force: true });
    }
  } finally {
    const stop = await live.query<{ labelfile: string }>('SELECT labelfile FROM pg_backup_stop(false)');
    labelFile = stop.rows[0]?.labelfile as string;
  }
  // The log last: everything from the checkpoint to pg_backup_stop (and a little more).
  await mkdir(join(staging, 'pg_wal'), { recursive: true });
  for (const entry of await readdir(join(dataDir, 'pg_wal'))) {
    if (/^[0-9A-F]{24}$/.test(entry))
      await cp(join(dataDir, 'pg_wal', entry), join(staging, 'pg_wal', entry));
  }
  const start = /START WAL LOCATION: \S+ \(file ([0-9A-F]{24})\)/.exec(labelFile)?.[1];
  if (!start || !(await readdir(join(staging, 'pg_wal'))).includes(start)) {
    throw new Error('the write-ahead log needed by the copy was recycled during the backup; try again');
  }
  await writeFile(join(staging, 'backup_label'), labelFile);
}

export async function dumpPglite(
  live: LivePglite,
  writer: BackupWriter,
  staging: string,
  signal?: AbortSignal,
) {
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    let worker: Awaited<ReturnType<typeof openPgliteWorker>>;
    if (live.dataDir && !live.dataDir.startsWith('memory://')) {
      await copyLiveDirectory(live, resolve(live.dataDir), staging, `matka ${writer.path}`);
      checkAborted(signal);
      worker = await openPgliteWorker({ dataDir: staging, conf: PGLITE_CONF });
    } else {
      const tar = await (await live.dumpDataDir()).arrayBuffer();
      worker = await openPgliteWorker({ tar, conf: PGLITE_CONF });
    }
    try {
      await worker.exec("SET DateStyle = 'ISO'");
      await worker.exec("SET IntervalStyle = 'postgres'");
      await worker.exec("SET TimeZone = 'UTC'");
      await worker.exec('SET extra_float_digits = 3');
      const reader: SnapshotReader = {
        source: 'pglite',
        q: worker,
        async copyTable(t, write) {
          // Nothing writes to the copy, so ranges of blocks read one after another are one state.
          const blocks = await tableBlocks(worker, t.name);
          let rows = 0;
          for (let from = 0; from === 0 || from < blocks; from += BLOCKS_PER_CHUNK) {
            checkAborted(signal);
            const last = from + BLOCKS_PER_CHUNK >= blocks;
            const range = `ctid >= '(${from},0)'::tid${last ? '' : ` AND ctid < '(${from + BLOCKS_PER_CHUNK},0)'::tid`}`;
            const data = await worker.copyOut(
              `COPY (SELECT ${t.columns.join(', ')} FROM public.${t.name} WHERE ${range}) TO '/dev/blob'`,
            );
            rows += countLines(data);
            if (data.length > 0) await write(data);
          }
          return rows;
        },
      };
      return await writeSnapshot(reader, writer, signal);
    } finally {
      await worker.close();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
