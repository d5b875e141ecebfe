import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './types';

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations');
// Any fixed number: every server process takes the same advisory lock so only one migrates.
const MIGRATION_LOCK_KEY = 727_431_001;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Files named NNN-name.sql, in version order. */
export function readMigrations(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .filter((f) => /^\d{3}-[a-z0-9-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: Number(f.slice(0, 3)), name: f, sql: readFileSync(join(dir, f), 'utf8') }));
}

/**
 * Applies pending migrations in one transaction. The transaction-scoped advisory lock makes a
 * second server starting at the same moment wait, then find nothing left to do.
 * Example: await migrate(db) -> ['001-schema.sql'] on a fresh database, [] afterwards.
 */
export async function migrate(db: Db, migrations = readMigrations()): Promise<string[]> {
  return db.transaction((tx) => applyMigrations(tx, migrations));
}

/**
 * The body of migrate() on a transaction the caller opened (a restore creates the schema and
 * loads the data in one transaction): takes the lock, creates schema_migrations, applies what is
 * missing and answers the names applied.
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
