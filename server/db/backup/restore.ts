/**
 * Restoring a backup file into an empty database: PGlite (a new DATA_DIR) or PostgreSQL (an empty
 * database), whichever the file came from. The file is read twice: once to prove it whole (its
 * checksums, its end marker, its seal with the key given: seal.ts) before anything is written, then
 * to load it. What was loaded must keep the money invariants (invariants.ts) or nothing stays. The schema is made by
 * this program's own migrations, up to the level the backup recorded (a server started afterwards
 * applies the newer ones, as after any upgrade); then each table's rows are loaded by COPY.
 * The function files (server/db/functions/) are not applied here: they are written for the newest
 * schema, and the first start on the restored database applies every one of them (schema_functions
 * is not backed up, so none is recorded yet).
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { applyMigrations, type Migration, migrate, readMigrations } from '../migrate';
import { createPgliteDb, lockPathFor } from '../pglite';
import type { Queryable } from '../types';
import {
  deleteAll,
  listForeignKeys,
  listTables,
  nonEmptyTables,
  orphanCount,
  setSequence,
  userRelationCount,
} from './catalog';
import { BackupFileError, type BackupHeader, copyLine, readBackup, type SectionHandler } from './format';
import { brokenMoneyInvariants } from './invariants';

export interface RestoreReport {
  tables: number;
  rows: number;
  migrations: string[];
  source: BackupHeader['source'];
  createdAt: string;
}

/** The migrations this program carries that make the backup's schema; refuses a newer backup. */
export function migrationsFor(header: BackupHeader, available = readMigrations()): Migration[] {
  const byVersion = new Map(available.map((m) => [m.version, m]));
  const out: Migration[] = [];
  for (const m of header.migrations) {
    const mine = byVersion.get(m.version);
    if (!mine) {
      throw new BackupFileError(
        `This backup was made by a newer version of the server (its schema has ${m.name}, which this ` +
          'program does not know). Restore it with that version or a later one.',
      );
    }
    if (mine.name !== m.name) {
      throw new BackupFileError(
        `This backup's schema has ${m.name} where this program has ${mine.name}: it comes from another ` +
          'line of the code. Restore it with the version that made it.',
      );
    }
    out.push(mine);
  }
  return out;
}

/** Checks loaded row counts against what the backup recorded. */
function checkCounts(loaded: Map<string, number>, expected: Record<string, number>) {
  for (const [table, n] of Object.entries(expected)) {
    if ((loaded.get(table) ?? 0) !== n) {
      throw new BackupFileError(
        `Table ${table}: the backup recorded ${n} rows, ${loaded.get(table) ?? 0} were read.`,
      );
    }
  }
}

/**
 * Refuses what was loaded when a money invariant fails, naming the first rows that break it; the
 * caller then leaves the target empty.
 */
async function checkMoney(q: Queryable): Promise<void> {
  const broken = await brokenMoneyInvariants(q);
  if (broken.length === 0) return;
  const lines = broken.flatMap((b) => [`  ${b.name}:`, ...b.rows.map((r) => `    ${r}`)]);
  throw new BackupFileError(
    `The backup's money does not add up, so nothing was restored (the target is left empty):\n${lines.join('\n')}\n` +
      'A backup must hold what the server held; use another copy.',
  );
}

/** Clears what the migrations inserted (defaults) so the backup's rows are the only ones. */
async function clearDefaults(q: Queryable, header: BackupHeader) {
  const names = header.tables.map((t) => t.name);
  const order = (await listTables(q)).map((t) => t.name).filter((n) => names.includes(n));
  for (const t of (await nonEmptyTables(q, order)).reverse()) await deleteAll(q, t);
}

export async function checkPgliteTargetEmpty(dataDir: string) {
  const dir = resolve(dataDir);
  if (existsSync(lockPathFor(dir))) {
    throw new BackupFileError(
      `DATA_DIR ${dir} is in use (lock file ${lockPathFor(dir)}): stop the server first.`,
    );
  }
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupFileError(
      `DATA_DIR ${dir} is not empty: a restore only writes into an empty or missing directory. ` +
        'Move the old one aside (mv data data.old) or point DATA_DIR at a new directory.',
    );
  }
}

export async function restoreIntoPglite(file: string, dataDir: string, key: Buffer): Promise<RestoreReport> {
  await checkPgliteTargetEmpty(dataDir);
  const { header, trailer } = await readBackup(file, key);
  const migrations = migrationsFor(header);
  const dir = resolve(dataDir);
  const createdDir = !existsSync(dir);
  const db = await createPgliteDb({ dataDir: dir });
  const loaded = new Map<string, number>();
  try {
    await migrate(db, migrations, []);
    await clearDefaults(db, header);
    // Triggers (foreign-key checks among them) are off while rows go in, as pg_dump's
    // --disable-triggers does: the rows come in chunks, and a player's referrer may come after
    // them. Every foreign key is checked once the rows are all in.
    await db.exec('SET session_replication_role = replica');
    let current: { table: string; columns: string[]; parts: Uint8Array<ArrayBuffer>[]; size: number } | null =
      null;
    const flush = async () => {
      if (!current || current.size === 0) return;
      const blob = new Blob(current.parts);
      current.parts = [];
      current.size = 0;
      await db.pglite.query(
        `${copyLine(current.table, current.columns, 'FROM stdin').replace('stdin', "'/dev/blob'")}`,
        [],
        {
          blob,
        },
      );
    };
    const handler: SectionHandler = {
      async copyStart(table, columns) {
        current = { table, columns, parts: [], size: 0 };
      },
      async copyData(data) {
        if (!current) return;
        current.parts.push(new Uint8Array(data));
        current.size += data.length;
        if (current.size >= 8 * 1024 * 1024) await flush();
      },
      async copyEnd(table, rows) {
        await flush();
        loaded.set(table, rows);
        current = null;
      },
      async setval(sequence, value, called) {
        await setSequence(db, sequence, value, called);
      },
    };
    await readBackup(file, key, handler);
    await db.exec('SET session_replication_role = origin');
    checkCounts(loaded, trailer.rows);
    for (const fk of await listForeignKeys(db)) {
      const n = await orphanCount(db, fk);
      if (n > 0)
        throw new BackupFileError(`${n} rows of ${fk.child} name a missing ${fk.parent} (${fk.name}).`);
    }
    await checkMoney(db);
    await db.exec('CHECKPOINT');
  } catch (error) {
    await db.close().catch(() => {});
    if (createdDir) rmSync(dir, { recursive: true, force: true });
    else for (const e of readdirSync(dir)) rmSync(resolve(dir, e), { recursive: true, force: true });
    throw error;
  }
  await db.close();
  return report(header, loaded, migrations);
}

function report(header: BackupHeader, loaded: Map<string, number>, migrations: Migration[]): RestoreReport {
  return {
    tables: loaded.size,
    rows: [...loaded.values()].reduce((a, b) => a + b, 0),
    migrations: migrations.map((m) => m.name),
    source: header.source,
    createdAt: header.createdAt,
  };
}

export async function restoreIntoPostgres(file: string, url: string, key: Buffer): Promise<RestoreReport> {
  const client = new pg.Client({ connectionString: url, application_name: 'matka-restore' });
  client.on('error', () => {});
  await client.connect();
  try {
    const q: Queryable = {
      async query<T>(sql: string, params: readonly unknown[] = []) {
        const r = await client.query(sql, params as unknown[]);
        return { rows: r.rows as T[], rowCount: r.rowCount ?? r.rows.length };
      },
      async exec(sql: string) {
        await client.query(sql);
      },
    };
    const relations = await userRelationCount(q);
    if (relations > 0) {
      throw new BackupFileError(
        `The database in DATABASE_URL is not empty (${relations} tables, views or sequences): a restore ` +
          'only writes into an empty database. Create a new one (createdb) and point DATABASE_URL at it.',
      );
    }
    const { header, trailer } = await readBackup(file, key);
    const migrations = migrationsFor(header);
    const loaded = new Map<string, number>();
    // One transaction: the schema and every row appear together, or nothing does.
    await client.query(
      "SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0; SET DateStyle = 'ISO'; " +
        "SET IntervalStyle = 'postgres'; SET TimeZone = 'UTC'",
    );
    await client.query('BEGIN');
    try {
      await applyMigrations(q, migrations);
      await clearDefaults(q, header);
      let stream: ReturnType<typeof copyFrom> | null = null;
      let done: Promise<void> | null = null;
      const handler: SectionHandler = {
        async copyStart(table, columns) {
          const s = client.query(copyFrom(copyLine(table, columns, 'FROM stdin').replace('stdin', 'STDIN')));
          stream = s;
          done = new Promise<void>((res, rej) => {
            s.on('finish', () => res());
            s.on('error', rej);
          });
          done.catch(() => {});
        },
        async copyData(data) {
          const s = stream as ReturnType<typeof copyFrom>;
          if (!s.write(data)) {
            await new Promise<void>((res, rej) => {
              s.once('drain', res);
              s.once('error', rej);
            });
          }
        },
        async copyEnd(table, rows) {
          (stream as ReturnType<typeof copyFrom>).end();
          await done;
          loaded.set(table, rows);
          stream = null;
        },
        async setval(sequence, value, called) {
          await setSequence(q, sequence, value, called);
        },
      };
      await readBackup(file, key, handler);
      checkCounts(loaded, trailer.rows);
      // Inside the transaction: a failure rolls the schema and every row back.
      await checkMoney(q);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    }
    return report(header, loaded, migrations);
  } finally {
    await client.end().catch(() => {});
  }
}
