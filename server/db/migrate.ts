import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './types';

const HERE = dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = join(HERE, 'migrations');
export const FUNCTIONS_DIR = join(HERE, 'functions');
// Any fixed number: every server process takes the same advisory lock so only one migrates.
const MIGRATION_LOCK_KEY = 727_431_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** One file of functions/: the current definition of the SQL function it is named after. */
export interface SqlFunction {
  /** The function's name (the file's name without .sql). */
  name: string;
  sql: string;
  /** sha256 of the file: a start re-applies the file only when this differs from the stored one. */
  checksum: string;
}

/** Files named NNN-name.sql, in version order. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 3)), name: f, sql: readFileSync(join(dir, f), 'utf8') }));
}

/** Files named <function>.sql, in name order (the order they are applied in). */
export function readFunctions(dir = FUNCTIONS_DIR): SqlFunction[] {
  return readdirSync(dir)
    .filter((f) => /^[a-z][a-z0-9_]*\.sql$/.test(f))
    .sort()
    .map((f) => {
      const sql = readFileSync(join(dir, f), 'utf8');
      return { name: f.slice(0, -4), sql, checksum: createHash('sha256').update(sql).digest('hex') };
    });
}

/**
 * Applies pending migrations, then the function files that changed, in one transaction. The
 * transaction-scoped advisory lock makes a second server starting at the same moment wait, then
 * find nothing left to do. Answers the files applied (functions as `functions/<name>.sql`).
 * Example: await migrate(db) -> ['001-schema.sql', ..., 'functions/matka_place_bids.sql', ...] on a
 * fresh database, [] afterwards.
 */
export async function migrate(
  db: Db,
  migrations = readMigrations(),
  functions = readFunctions(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const applied = await applyMigrations(tx, migrations);
    return [...applied, ...(await applyFunctions(tx, functions, applied.length > 0))];
  });
}

/**
 * The migrations part of migrate() on a transaction the caller opened (a restore creates the schema
 * and loads the data in one transaction): takes the lock, creates schema_migrations, applies what
 * is missing and answers the names applied.
 */
export async function applyMigrations(tx: Queryable, migrations: Migration[]): Promise<string[]> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await tx.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = await tx.query<{ version: number }>('SELECT version FROM schema_migrations');
  const versions = new Set(done.rows.map((r) => r.version));
  const applied: string[] = [];
  for (const m of migrations) {
    if (versions.has(m.version)) continue;
    try {
      await tx.exec(m.sql);
    } catch (error) {
      throw new Error(`Migration ${m.name} failed: ${(error as Error).message}`);
    }
    await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [m.version, m.name]);
    applied.push(m.name);
  }
  return applied;
}

/**
 * The functions part of migrate() (docs/database.md "Functions"): under the same lock, applies each
 * file whose checksum differs from the one schema_functions holds for it (every file when `all`:
 * a migration just ran and may have dropped or replaced a function), in name order, and records
 * the new checksums. A start with nothing changed runs no DDL.
 */
export async function applyFunctions(
  tx: Queryable,
  functions: SqlFunction[],
  all = false,
): Promise<string[]> {
  await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
  await tx.exec(`CREATE TABLE IF NOT EXISTS schema_functions (
    name text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`);
  const done = await tx.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM schema_functions',
  );
  const stored = new Map(done.rows.map((r) => [r.name, r.checksum]));
  const applied: string[] = [];
  for (const f of functions) {
    if (!all && stored.get(f.name) === f.checksum) continue;
    try {
      await tx.exec(f.sql);
    } catch (error) {
      throw new Error(`Function file ${f.name}.sql failed: ${(error as Error).message}`);
    }
    await tx.query(
      `INSERT INTO schema_functions (name, checksum) VALUES ($1, $2)
       ON CONFLICT (name) DO UPDATE SET checksum = EXCLUDED.checksum, applied_at = now()`,
      [f.name, f.checksum],
    );
    applied.push(`functions/${f.name}.sql`);
  }
  const gone = [...stored.keys()].filter((n) => !functions.some((f) => f.name === n));
  if (gone.length > 0) await tx.query('DELETE FROM schema_functions WHERE name = ANY($1)', [gone]);
  return applied;
}
